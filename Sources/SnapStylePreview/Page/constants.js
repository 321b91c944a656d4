// The page's vocabulary: the Dynamic Type categories, states, platforms and schemes of the context bar, the
// attribute sections, the phone frame and the sheet's keys.

export const DYNAMIC_TYPES = [
    'xSmall', 'small', 'medium', 'large', 'xLarge', 'xxLarge', 'xxxLarge',
    'accessibility1', 'accessibility2', 'accessibility3', 'accessibility4', 'accessibility5',
];

export const STATES = ['disabled', 'inactive', 'normal', 'highlighted', 'selected'];

export const STACK_KINDS = ['component', 'container'];

export const PLATFORMS = ['', 'ios', 'macos', 'watchos', 'tvos', 'visionos', 'web'];

export const SCHEMES = ['light', 'dark'];

export const ELEMENT_TYPES = ['title', 'label', 'icon'];

export const ATTRIBUTE_SECTIONS = [
    ['surface', 'surfaces'], ['accent', 'accents'], ['number', 'numbers'], ['font', 'fonts'],
    ['padding', 'paddings'], ['shape', 'shapes'], ['icon', 'icons'], ['composition', 'compositions'],
    ['token', 'tokens'],
];

export const ATTRIBUTES = ATTRIBUTE_SECTIONS.map(([attribute]) => attribute);

export const SECTION_OF = Object.fromEntries(ATTRIBUTE_SECTIONS);

export const PHONE = {width: 390, height: 844, bottomInset: 34, scale: 0.4};

export const DETENTS = [
    ['sheetDetentCollapsed', 'Collapsed'], ['sheetDetentHalf', 'Half'], ['sheetDetentExpanded', 'Expanded'],
];

export const SHEET_NUMBERS = [
    'sheetHandleWidth', 'sheetHandleHeight', 'sheetHandleTopPadding', 'sheetHandleBottomPadding',
];

export const SHEET_SURFACES = ['sheetHandle', 'screen', 'accent'];
