// The preview page's pure parts (Sources/SnapStylePreview/Page/preview-pure.js): `node --test Tests/Page/`.

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {
    compareKeys, cssColor, dtcgColor, fontFamilyCss, fontStyle, fontText, hasTypedKeys, hexColor, isOwnKey,
    linearGradientCss, meshGradientCss, shadowCss, sortEntries, surfaceText, visibleEntries,
} from '../../Sources/SnapStylePreview/Page/preview-pure.js';

test('colors: rgba, hex and DTCG color spaces', () => {
    assert.equal(cssColor({rgba: [1, 0.5, 0, 0.25]}), 'rgba(255, 128, 0, 0.25)');
    assert.equal(cssColor({rgba: [2, -1, 0, 3]}), 'rgba(255, 0, 0, 1)');
    assert.equal(cssColor({hex: '#FF8800'}), 'rgba(255, 136, 0, 1)');
    assert.equal(cssColor(null), 'transparent');
    assert.equal(hexColor('#00000080'), 'rgba(0, 0, 0, 0.502)');
    assert.equal(hexColor('nope'), 'transparent');
    assert.equal(dtcgColor({colorSpace: 'srgb', components: [1, 0, 0]}), 'rgba(255, 0, 0, 1)');
    assert.equal(dtcgColor({colorSpace: 'display-p3', components: [1, 0.5, 0], alpha: 0.5}),
        'color(display-p3 1 0.5 0 / 0.5)');
    assert.equal(dtcgColor({colorSpace: 'oklch', components: [0.7, 0.1, 'none']}), 'oklch(0.7 0.1 none / 1)');
    assert.equal(dtcgColor({colorSpace: 'hsl', components: [120, 50, 50]}), 'hsl(120 50% 50% / 1)');
    assert.equal(dtcgColor('#123456'), '#123456');
    assert.equal(surfaceText({kind: 'color', hex: '#FF8800FF'}), '#FF8800FF');
    assert.equal(shadowCss({offsetX: 0, offsetY: {value: 2, unit: 'px'}, blur: 4, spread: 0, color: '#000'}),
        '0px 2px 4px 0px #000');
});

test('gradients: linear along the start and end points, mesh as radial layers', () => {
    const red = {rgba: [1, 0, 0, 1]};
    const blue = {rgba: [0, 0, 1, 1]};
    assert.equal(linearGradientCss({colors: [red, blue], startPoint: 'top', endPoint: 'bottom'}),
        'linear-gradient(180deg, rgba(255, 0, 0, 1) 0%, rgba(0, 0, 255, 1) 100%)');
    assert.equal(linearGradientCss({colors: [red, blue], startPoint: 'leading', endPoint: 'trailing'}),
        'linear-gradient(90deg, rgba(255, 0, 0, 1) 0%, rgba(0, 0, 255, 1) 100%)');
    assert.equal(linearGradientCss({colors: [red, blue], startPoint: [0.5, 0.25], endPoint: [0.5, 0.75]}),
        'linear-gradient(180deg, rgba(255, 0, 0, 1) 25%, rgba(0, 0, 255, 1) 75%)');
    assert.equal(linearGradientCss({colors: [red], startPoint: 'top', endPoint: 'top'}),
        'linear-gradient(rgba(255, 0, 0, 1), rgba(255, 0, 0, 1))');
    assert.equal(linearGradientCss({colors: []}), 'none');
    const mesh = meshGradientCss({colors: [red, blue], points: [[0, 0], [1, 1]], width: 2, height: 2});
    assert.match(mesh, /^radial-gradient\(115% 115% at 0% 0%, rgba\(255, 0, 0, 1\), transparent\), /);
    assert.match(mesh, /linear-gradient\(135deg, rgba\(255, 0, 0, 1\), rgba\(0, 0, 255, 1\)\)$/);
    assert.equal(surfaceText({kind: 'gradient', gradient: 'linear', startPoint: 'leading', endPoint: 'trailing',
        colors: [red, blue]}), 'linear → · 2 colors');
});

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

test('natural sort: numbers by value, segment by segment', () => {
    const keys = ['gray.100', 'space.10', 'gray.50', 'space.2', 'gray.900', 'gray2.50', 'a.z', 'a.b.c'];
    assert.deepEqual(keys.slice().sort(compareKeys),
        ['a.b.c', 'a.z', 'gray.50', 'gray.100', 'gray.900', 'gray2.50', 'space.2', 'space.10']);
    assert.ok(compareKeys('gray.50', 'gray.100') < 0);
    assert.equal(compareKeys('x', 'x'), 0);
    const entries = [{key: 'space.10'}, {key: 'space.2'}];
    assert.deepEqual(sortEntries(entries).map((e) => e.key), ['space.2', 'space.10']);
    assert.equal(entries[0].key, 'space.10', 'the input is left as it was');
});

test('own keys: typed ones, and those from the theme\'s own files', () => {
    const entries = [
        {key: 'color.brand', type: 'color', file: 'tokens/brand.json'},
        {key: 'accent', file: 'brand/colors.json'},
        {key: 'title', file: 'brand.json'},
        {key: 'body', file: 'snap/fonts.json'},
        {key: 'caption', file: 'brandnew/fonts.json'},
        {key: 'loose'},
    ];
    assert.deepEqual(entries.filter((e) => isOwnKey(e, 'brand')).map((e) => e.key), ['color.brand', 'accent', 'title']);
    assert.deepEqual(visibleEntries(entries, 'brand', true).map((e) => e.key), ['color.brand', 'accent', 'title']);
    assert.equal(visibleEntries(entries, 'brand', false).length, entries.length);
    assert.equal(hasTypedKeys({keys: {surface: [{key: 'a'}], token: [{key: 'b', type: 'dimension'}]}}), true);
    assert.equal(hasTypedKeys({keys: {surface: [{key: 'a', file: 'x.json'}]}}), false);
    assert.equal(hasTypedKeys(null), false);
});
