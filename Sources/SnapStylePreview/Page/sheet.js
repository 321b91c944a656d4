// The bottom sheet at each of its detents, in a phone-sized frame.

import {columnsElement, emptyNote, sectionBody} from './columns.js';
import {elementNode, keyref, shapeRadius, styleContainer} from './components.js';
import {DETENTS, PHONE} from './constants.js';
import {h, $} from './dom.js';
import {formatNumber} from './format.js';
import {sheetExtra} from './loading.js';
import {paintSurface} from './paint.js';
import {store} from './state.js';

function sheetValue(sheet, attribute, key) {
    return sheet.values[`${attribute}:${key}`] ?? null;
}

// A phone-sized frame with the sheet at one detent, its handle and title.
function phoneItem(sheet, scheme, [key, name]) {
    const detent = sheetValue(sheet, 'number', key);
    const container = sheet.container?.value;
    const phone = h('div', {class: 'phone'});
    const screen = h('div', {class: 'phone-screen'}, [
        h('div', {class: 'phone-status'}, [h('span', {text: '9:41'}), h('span', {class: 'phone-island'})]),
        h('div', {class: 'phone-largetitle', text: 'Library'}),
        h('div', {class: 'phone-hero'}),
        ...Array.from({length: 6}, (_, i) => h('div', {class: `phone-row phone-row-${i % 3}`})),
    ]);
    paintSurface(screen, sheetValue(sheet, 'surface', 'screen'), scheme);
    paintSurface(screen.querySelector('.phone-hero'), sheetValue(sheet, 'surface', 'accent'), scheme);
    phone.append(screen);
    const top = Number(detent?.value);
    if (Number.isFinite(top)) {
        const panel = h('div', {class: 'phone-sheet'});
        if (container) styleContainer(panel, container, scheme);
        else panel.classList.add('card-bare');
        const radius = Math.max(0, parseFloat(shapeRadius(container?.shape?.value)) || 0);
        panel.style.top = `${top}px`;
        panel.style.height = `${PHONE.height - top + radius + 2}px`;
        panel.style.paddingTop = '0';
        const handle = h('div', {class: 'phone-handle'});
        const width = sheetValue(sheet, 'number', 'sheetHandleWidth')?.value ?? 36;
        const height = sheetValue(sheet, 'number', 'sheetHandleHeight')?.value ?? 5;
        handle.style.width = `${width}px`;
        handle.style.height = `${height}px`;
        paintSurface(handle, sheetValue(sheet, 'surface', 'sheetHandle'), scheme);
        const handleArea = h('div', {class: 'phone-handle-area'}, [handle]);
        handleArea.style.paddingTop = `${sheetValue(sheet, 'number', 'sheetHandleTopPadding')?.value ?? 10}px`;
        handleArea.style.paddingBottom = `${sheetValue(sheet, 'number', 'sheetHandleBottomPadding')?.value ?? 6}px`;
        const title = elementNode(sheet.title, 'phone-sheet-title', 'Sheet title', scheme);
        panel.append(handleArea, title,
            ...Array.from({length: 8}, (_, i) => h('div', {class: `phone-line phone-line-${i % 3}`})));
        phone.append(panel);
    }
    phone.append(h('div', {class: 'phone-home'}));
    const viewport = h('div', {class: 'phone-viewport'}, [phone]);
    const extra = sheetExtra(store.state.keys);
    const caption = h('figcaption', {}, [
        keyref('number', key, scheme, extra, name),
        h('span', {class: 'value', text: Number.isFinite(top) ? `${formatNumber(top, 1)} pt from top` : 'no value'}),
    ]);
    return h('figure', {class: 'phone-item', dataset: {detent: key, scheme}}, [viewport, caption]);
}

// Draws the sheet section: the phones at each detent in each column, or why there is none.
export function renderSheetSection() {
    const body = sectionBody('sheet');
    const {schemes, data} = store.state;
    const present = schemes.some((scheme) => data[scheme]?.sheet);
    $('#sheet').classList.toggle('is-empty', !present);
    if (!present) {
        body.replaceChildren(emptyNote('This theme has no bottom sheet (no sheetDetent numbers).'));
        return;
    }
    body.replaceChildren(columnsElement((scheme) => {
        const sheet = data[scheme]?.sheet;
        if (!sheet) return emptyNote('No sheet.');
        const note = sheet.container?.error ? emptyNote(`sheet container: ${sheet.container.error}`) : null;
        return h('div', {class: 'sheet-block'}, [
            note,
            h('div', {class: 'phones'}, DETENTS.map((detent) => phoneItem(sheet, scheme, detent))),
            h('p', {class: 'muted small', text: `${PHONE.width} × ${PHONE.height} pt, bottom inset ` +
                `${PHONE.bottomInset}, drawn at ${PHONE.scale * 100} %`}),
        ]);
    }));
}
