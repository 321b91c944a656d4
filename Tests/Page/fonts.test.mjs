// Fonts as CSS (Sources/SnapStylePreview/Page/fonts.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {fontFamilyCss, fontStyle, fontText} from '../../Sources/SnapStylePreview/Page/fonts.js';

test('fonts: families with the design\'s generic ones, weight, width, text', () => {
    assert.equal(fontFamilyCss({family: 'Inter', design: 'default'}), '"Inter", system-ui, sans-serif');
    assert.equal(fontFamilyCss({families: ['My "Font"', 'serif'], design: 'serif'}),
        '"My \\"Font\\"", serif, ui-serif, "Georgia"');
    assert.deepEqual(fontStyle({size: 17, weight: 'semibold', design: 'monospaced', width: 'condensed',
        lineHeight: 1.2, letterSpacing: -0.5}), {
        fontSize: '17px', fontWeight: '600', fontFamily: 'ui-monospace, monospace', fontStretch: '87.5%',
        lineHeight: '1.2', letterSpacing: '-0.5px',
    });
    assert.equal(fontStyle({size: 12, weight: 'bold', weightValue: 650}).fontWeight, '650');
    assert.deepEqual(fontStyle(null), {});
    assert.equal(fontText({size: 17, baseSize: 17, weight: 'regular', textStyle: 'body'}), '17 pt · regular · body');
    assert.equal(fontText(null), 'no value');
});

test('fonts: a text style in words, with what differs from the defaults', () => {
    assert.equal(fontText({size: 20.5, baseSize: 17, weight: 'bold', weightValue: 700, design: 'rounded',
        width: 'expanded', lineHeight: 1.25, letterSpacing: 0.333, family: 'Inter'}),
    '20.5 pt (17) · bold 700 · rounded · expanded · lh 1.25 · ls 0.33 · Inter');
    assert.equal(fontStyle({size: 10, design: 'serif'}).fontFamily, 'ui-serif, "Georgia", serif');
    assert.equal(fontStyle({size: 10, width: 'standard'}).fontStretch, undefined);
});

test('fonts: an imported font is in px, a family the browser lacks is substituted', async () => {
    const {fontSubstitution, namedFamilies} = await import('../../Sources/SnapStylePreview/Page/fonts.js');
    assert.equal(fontText({size: 16, weight: 'regular', weightValue: 400, lineHeight: 1.5, letterSpacing: 0,
        family: 'Inter'}, 'px'), '16px · regular 400 · lh 1.5 · ls 0px · Inter');
    const has = (name) => ['DejaVu Sans', 'Arial'].includes(name);
    assert.deepEqual(namedFamilies(['Inter', ' sans-serif ', '', 'Arial']), ['Inter', 'Arial']);
    assert.deepEqual(fontSubstitution('Inter', has), {family: 'Inter', substitute: 'sans-serif'});
    assert.deepEqual(fontSubstitution(['Inter', 'Arial', 'sans-serif'], has), {family: 'Inter', substitute: 'Arial'});
    assert.equal(fontSubstitution(['DejaVu Sans', 'Inter'], has), null, 'the first family is there');
    assert.equal(fontSubstitution(['system-ui', 'sans-serif'], has), null, 'generic families are always there');
    assert.equal(fontSubstitution(undefined, has), null);
});
