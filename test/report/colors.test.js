'use strict';

const assert = require('node:assert/strict');
const registries = require('../../examples');
const { PALETTE, registryOrder, exampleColors, colorScale } = require('../../lib/report/charts/colors');
const { familyOf, familyPanels, MAX_PER_PANEL } = require('../../lib/report/charts/families');

// Small registries shaped like examples/index.js.
const FAKE = {
  one: {
    problem: 'one',
    examples: [
      { name: 'callbacks-a', family: 'callbacks' },
      { name: 'promises-b', family: 'generators' },
    ],
  },
  two: {
    problem: 'two',
    examples: [
      { name: 'promises-b', family: 'promises' },
      { name: 'async-await-c', family: 'async-await' },
    ],
  },
};

describe('report: one colour per example', () => {
  it("takes colours from the registries' order, every problem, a name counted once", () => {
    assert.deepEqual(registryOrder(FAKE), ['callbacks-a', 'promises-b', 'async-await-c']);
    const colors = exampleColors(['async-await-c', 'callbacks-a', 'promises-b'], FAKE);
    assert.equal(colors.get('callbacks-a'), PALETTE[0]);
    assert.equal(colors.get('promises-b'), PALETTE[1]);
    assert.equal(colors.get('async-await-c'), PALETTE[2]);
  });

  it('gives a known example the same colour whatever else the report shows', () => {
    const alone = exampleColors(['promises-q'], registries);
    const all = exampleColors(registryOrder(registries), registries);
    assert.equal(alone.get('promises-q'), all.get('promises-q'));
  });

  it('gives every example its own colour among the examples of its problem, which are charted together', () => {
    for (const [problem, registry] of Object.entries(registries)) {
      const names = registry.examples.map((e) => e.name);
      assert.ok(names.length <= PALETTE.length, `the palette covers ${problem}`);
      const colors = exampleColors(names, registries);
      assert.equal(new Set(colors.values()).size, names.length, problem);
      for (const color of colors.values()) assert.match(color, /^#[0-9a-f]{6}$/);
    }
  });

  it('skips a colour a name shared with an earlier problem already holds', () => {
    const shared = {
      one: { problem: 'one', examples: [{ name: 'a' }, { name: 'b' }] },
      two: { problem: 'two', examples: [{ name: 'c' }, { name: 'd' }, { name: 'a' }] },
    };
    const colors = exampleColors(['a', 'b', 'c', 'd'], shared);
    assert.deepEqual(
      ['a', 'b', 'c', 'd'].map((name) => colors.get(name)),
      [PALETTE[0], PALETTE[1], PALETTE[2], PALETTE[3]],
    );
    const crowded = {
      one: { problem: 'one', examples: Array.from({ length: PALETTE.length }, (_, i) => ({ name: `x${i}` })) },
      two: { problem: 'two', examples: [{ name: 'y' }, { name: 'x0' }] },
    };
    const wrapped = exampleColors(['y', 'x0'], crowded);
    assert.notEqual(wrapped.get('y'), wrapped.get('x0'), 'y would wrap onto x0, which shares its problem');
  });

  it('gives names no registry knows the next colours, alphabetically, the same each time', () => {
    const first = exampleColors(['zeta', 'callbacks-a', 'alpha'], FAKE);
    const again = exampleColors(['alpha', 'zeta', 'callbacks-a'], FAKE);
    assert.equal(first.get('alpha'), PALETTE[3]);
    assert.equal(first.get('zeta'), PALETTE[4]);
    assert.deepEqual([...first.entries()].sort(), [...again.entries()].sort());
  });

  it('makes a Vega-Lite scale of those colours', () => {
    const colors = exampleColors(['callbacks-a', 'promises-b'], FAKE);
    assert.deepEqual(colorScale(['promises-b', 'callbacks-a'], colors), { domain: ['promises-b', 'callbacks-a'], range: [PALETTE[1], PALETTE[0]] });
  });
});

describe('report: style families', () => {
  it('looks the family up in the registry by problem and example', () => {
    assert.equal(familyOf('doxbee', 'promises-bluebird-coroutine', registries), 'generators');
    assert.equal(familyOf('doxbee', 'promises-q-async', registries), 'generators');
    assert.equal(familyOf('doxbee', 'async-await-bluebird', registries), 'async-await');
    assert.equal(familyOf('parallel', 'callbacks-counter', registries), 'callbacks');
    assert.equal(familyOf('two', 'promises-b', FAKE), 'promises');
    assert.equal(familyOf('one', 'promises-b', FAKE), 'generators');
  });

  it("falls back to the name's prefix for an example no registry knows", () => {
    assert.equal(familyOf('doxbee', 'promises-fancy', registries), 'promises');
    assert.equal(familyOf('nowhere', 'async-await-fancy', registries), 'async-await');
    assert.equal(familyOf(null, 'generators', registries), 'generators');
    assert.equal(familyOf('doxbee', 'fibers-sync', registries), 'other');
  });

  it("draws the families in the registry's order, none in a panel with more than seven lines", () => {
    const items = registryOrder({ doxbee: registries.doxbee }).map((example) => ({ problem: 'doxbee', example }));
    const panels = familyPanels(items, registries);
    assert.deepEqual(
      panels.map((p) => p.title),
      [
        'callbacks (1 of 2)',
        'callbacks (2 of 2)',
        // The cancellable variants (variantOf) stand beside their plain examples.
        'generators (1 of 3)',
        'generators (2 of 3)',
        'generators (3 of 3)',
        'promises (1 of 2)',
        'promises (2 of 2)',
        // The transpiled variants (npm run build:transpiled) make seven.
        'async-await (1 of 2)',
        'async-await (2 of 2)',
        'observables',
      ],
    );
    // Sixteen generator styles in three panels as even as they go.
    assert.deepEqual(panels[2].examples, [
      'generators-co',
      'generators-co-cancellable',
      'generators-co-thunks',
      'generators-resume',
      'generators-suspend',
      'generators-genny',
    ]);
    assert.deepEqual(panels[3].examples, ['generators-gens', 'streamline', 'fibrous', 'promises-bluebird-coroutine', 'promises-q-async', 'effect']);
    assert.deepEqual(panels[4].examples, ['effect-cancellable', 'effection', 'effection-cancellable', 'generators-co-babel']);
    for (const panel of panels) assert.ok(panel.examples.length <= MAX_PER_PANEL, panel.title);
    assert.equal(panels.flatMap((p) => p.examples).length, items.length);
  });

  it('splits a family with more than seven examples into even panels', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((x) => ({ problem: 'none', example: `callbacks-${x}` }));
    const panels = familyPanels([...items, { problem: 'none', example: 'mystery' }], registries);
    assert.deepEqual(
      panels.map((p) => [p.title, p.examples.length]),
      [
        ['callbacks (1 of 2)', 4],
        ['callbacks (2 of 2)', 4],
        ['other', 1],
      ],
    );
  });
});
