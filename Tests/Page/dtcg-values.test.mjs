// Imported design token values as CSS (Sources/SnapStylePreview/Page/dtcg-values.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {
    dimensionCss, dtcgColor, dtcgWeight, durationMs, familiesCss, isBezier, shadowCss,
} from '../../Sources/SnapStylePreview/Page/dtcg-values.js';

test('colors in their DTCG color spaces', () => {
    assert.equal(dtcgColor({colorSpace: 'srgb', components: [1, 0, 0]}), 'rgba(255, 0, 0, 1)');
    assert.equal(dtcgColor({colorSpace: 'display-p3', components: [1, 0.5, 0], alpha: 0.5}),
        'color(display-p3 1 0.5 0 / 0.5)');
    assert.equal(dtcgColor({colorSpace: 'oklch', components: [0.7, 0.1, 'none']}), 'oklch(0.7 0.1 none / 1)');
    assert.equal(dtcgColor({colorSpace: 'hsl', components: [120, 50, 50]}), 'hsl(120 50% 50% / 1)');
    assert.equal(dtcgColor('#123456'), '#123456');
    assert.equal(dtcgColor({colorSpace: 'srgb', components: [1, 'none', 0]}), 'color(srgb 1 none 0 / 1)');
    assert.equal(dtcgColor({colorSpace: 'lab', components: [50, 20, -30], alpha: 0.25}), 'lab(50 20 -30 / 0.25)');
    assert.equal(dtcgColor({colorSpace: 'unknown', components: [1, 2, 3], hex: '#010203'}), '#010203');
    assert.equal(dtcgColor(null), 'transparent');
});

test('shadows: one layer or several, inset, dimensions with units', () => {
    assert.equal(shadowCss({offsetX: 0, offsetY: {value: 2, unit: 'px'}, blur: 4, spread: 0, color: '#000'}),
        '0px 2px 4px 0px #000');
    const layers = [
        {offsetX: {value: 1, unit: 'rem'}, offsetY: 0, blur: 0, spread: 0, color: {colorSpace: 'srgb',
            components: [0, 0, 0], alpha: 0.5}},
        {inset: true, offsetX: 0, offsetY: 1, blur: 2, spread: -1, color: '#fff'},
    ];
    assert.equal(shadowCss(layers), '1rem 0px 0px 0px rgba(0, 0, 0, 0.5), inset 0px 1px 2px -1px #fff');
    assert.equal(shadowCss([null, 'x']), '');
});

test('dimensions, durations, weights, families and curves', () => {
    assert.equal(dimensionCss(12), '12px');
    assert.equal(dimensionCss({value: 1.5, unit: 'rem'}), '1.5rem');
    assert.equal(dimensionCss('3vh'), '3vh');
    assert.equal(dimensionCss(null), '0');
    assert.equal(durationMs({value: 0.2, unit: 's'}), 200);
    assert.equal(durationMs({value: 120, unit: 'ms'}), 120);
    assert.equal(durationMs({value: 'fast'}), null);
    assert.equal(dtcgWeight('semi-bold'), 600);
    assert.equal(dtcgWeight('Bold'), 700);
    assert.equal(dtcgWeight(350), 350);
    assert.equal(dtcgWeight('unheard-of'), 400);
    assert.equal(familiesCss(['Source Sans 3', 'sans-serif']), '"Source Sans 3", sans-serif');
    assert.equal(familiesCss('Inter'), '"Inter"');
    assert.equal(isBezier([0.4, 0, 0.2, 1]), true);
    assert.equal(isBezier([0.4, 0, 0.2]), false);
    assert.equal(isBezier([0.4, 0, 'x', 1]), false);
});
