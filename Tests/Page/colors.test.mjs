// Colors, gradients and materials as CSS (Sources/SnapStylePreview/Page/colors.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {
    cssColor, gradientArrow, hexColor, linearGradientCss, luminance, materialStyle, meshGradientCss, surfaceText,
} from '../../Sources/SnapStylePreview/Page/colors.js';

test('colors: rgba and hex, clamped', () => {
    assert.equal(cssColor({rgba: [1, 0.5, 0, 0.25]}), 'rgba(255, 128, 0, 0.25)');
    assert.equal(cssColor({rgba: [2, -1, 0, 3]}), 'rgba(255, 0, 0, 1)');
    assert.equal(cssColor({hex: '#FF8800'}), 'rgba(255, 136, 0, 1)');
    assert.equal(cssColor(null), 'transparent');
    assert.equal(hexColor('#00000080'), 'rgba(0, 0, 0, 0.502)');
    assert.equal(hexColor('nope'), 'transparent');
    assert.equal(surfaceText({kind: 'color', hex: '#FF8800FF'}), '#FF8800FF');
    assert.ok(luminance({rgba: [1, 1, 1, 1]}) > 0.99 && luminance({rgba: [0, 0, 0, 1]}) === 0);
    assert.ok(luminance({rgba: [1, 1, 0, 1]}) > luminance({rgba: [0, 0, 1, 1]}), 'yellow is lighter than blue');
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

test('gradients: the arrow of each direction, and a box wider than high', () => {
    const arrow = (startPoint, endPoint) => gradientArrow({startPoint, endPoint});
    assert.equal(arrow('top', 'bottom'), '↓');
    assert.equal(arrow('bottom', 'top'), '↑');
    assert.equal(arrow('topLeading', 'bottomTrailing'), '↘');
    assert.equal(arrow('trailing', 'leading'), '←');
    assert.equal(arrow('center', 'center'), '·');
    const red = {rgba: [1, 0, 0, 1]};
    const blue = {rgba: [0, 0, 1, 1]};
    // On a box twice as wide as high, a corner-to-corner line is less steep than 45 degrees.
    const wide = linearGradientCss({colors: [red, blue], startPoint: 'topLeading', endPoint: 'bottomTrailing'}, 2);
    const square = linearGradientCss({colors: [red, blue], startPoint: 'topLeading', endPoint: 'bottomTrailing'}, 1);
    assert.match(square, /^linear-gradient\(135deg, /);
    const angle = Number(/^linear-gradient\(([\d.]+)deg/.exec(wide)[1]);
    assert.ok(angle > 90 && angle < 135, `angle ${angle}`);
    assert.match(wide, /rgba\(255, 0, 0, 1\) 0%, rgba\(0, 0, 255, 1\) 100%\)$/, 'corner to corner spans the line');
});

test('materials: translucent over the scheme, thicker is more opaque', () => {
    const alpha = (material, scheme) => Number(/, ([\d.]+)\)$/.exec(materialStyle(material, scheme).color)[1]);
    assert.ok(alpha('ultraThin', 'light') < alpha('regular', 'light'));
    assert.ok(alpha('regular', 'light') < alpha('ultraThick', 'light'));
    assert.match(materialStyle('thin', 'dark').color, /^rgba\(28, 28, 30, /);
    assert.match(materialStyle('thin', 'light').color, /^rgba\(250, 250, 252, /);
    assert.equal(materialStyle('unknown', 'light').color, materialStyle('regular', 'light').color);
    assert.match(materialStyle('thick', 'light').filter, /^blur\(22px\)/);
    assert.equal(surfaceText({kind: 'material', material: 'thick'}), 'material thick');
});
