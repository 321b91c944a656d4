// The context as the URL's fragment and as an /api query (Sources/SnapStylePreview/Page/context.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';

import {
    contextQuery, defaultContext, hashText, parseStackEntry, pickFromValue, pickValue, readHash, stackEntries,
} from '../../Sources/SnapStylePreview/Page/context.js';

test('a fragment names the context, and reads back as it was written', () => {
    const context = readHash('theme=brand&scheme=both&contrast=high&dynamicType=accessibility2&platform=ios' +
        '&mod.mode=dark&stack=container:screen:normal,contentCard:highlighted');
    assert.equal(context.theme, 'brand');
    assert.equal(context.scheme, 'both');
    assert.equal(context.contrast, 'high');
    assert.equal(context.dt, 8);
    assert.equal(context.platform, 'ios');
    assert.deepEqual(context.modifiers, {mode: 'dark'});
    assert.deepEqual(context.stack, [{kind: 'container', id: 'screen', state: 'normal'}]);
    assert.deepEqual(context.pick, {kind: 'component', id: 'contentCard'});
    assert.equal(context.state, 'highlighted');
    assert.equal(hashText(context), 'theme=brand&scheme=both&contrast=high&dynamicType=accessibility2&platform=ios' +
        '&mod.mode=dark&stack=container:screen:normal,component:contentCard:highlighted');
    assert.deepEqual(readHash(hashText(context)), context);
});

test('a fragment without a context, or with values out of range, gives the defaults', () => {
    assert.deepEqual(readHash(''), defaultContext());
    assert.deepEqual(readHash('surfaces'), defaultContext(), 'an anchor is not a context');
    const context = readHash('theme=x&scheme=sepia&contrast=max&dynamicType=huge&platform=amiga');
    assert.deepEqual({...context, theme: ''}, defaultContext());
});

test('stack entries: kinds, states and the older form', () => {
    assert.deepEqual(parseStackEntry('contentCard'), {kind: 'component', id: 'contentCard', state: 'normal'});
    assert.deepEqual(parseStackEntry('contentCard:selected'),
        {kind: 'component', id: 'contentCard', state: 'selected'});
    assert.deepEqual(parseStackEntry('container:screen'), {kind: 'container', id: 'screen', state: 'normal'});
    assert.deepEqual(parseStackEntry('component:a:b:disabled'), {kind: 'component', id: 'a:b', state: 'disabled'});
    assert.equal(parseStackEntry('container:screen:wobbly').state, 'normal');
    assert.equal(parseStackEntry(''), null);
    assert.equal(pickValue({kind: 'container', id: 'screen'}), 'container:screen');
    assert.deepEqual(pickFromValue('container:screen'), {kind: 'container', id: 'screen'});
    assert.deepEqual(pickFromValue(pickValue({kind: 'component', id: 'row'})), {kind: 'component', id: 'row'});
    assert.equal(pickFromValue(''), null);
});

test('an /api query: the context in one scheme, then extra entries and variables', () => {
    const context = {...defaultContext(), theme: 'kit', contrast: 'high', dt: 0, modifiers: {mode: 'dark', off: ''},
        stack: [{kind: 'container', id: 'screen', state: 'normal'}], pick: {kind: 'component', id: 'row'},
        state: 'selected'};
    assert.deepEqual(stackEntries(context).map((e) => `${e.kind} ${e.id} ${e.state}`),
        ['container screen normal', 'component row selected']);
    const query = contextQuery(context, 'dark', {vars: {containerHeight: 844}, components: ['sheet']});
    assert.equal(query.toString(), 'theme=kit&colorScheme=dark&contrast=high&dynamicType=xSmall&vars.mode=dark' +
        '&vars.containerHeight=844&container=screen%3Anormal&component=row%3Aselected&component=sheet');
});
