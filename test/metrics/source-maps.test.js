'use strict';

const assert = require('node:assert/strict');
const { findSourceMaps } = require('../../metrics/debuggability/source-maps');
const { probe } = require('../../metrics/debuggability/probe');
const { sourceMapLevel } = require('../../metrics/debuggability/source-map-level');
const { debuggabilityRows } = require('../../lib/report/sections/debuggability-rows');
const doxbee = require('../../examples/doxbee');
const fixtures = require('../fixtures/debuggability');

const named = (name) => doxbee.examples.find((e) => e.name === name);

describe('source maps: the level, from the cases each way names the failing line', () => {
  const level = (outcomes) => sourceMapLevel({ transpiled: true, without: [], readable: [], mapped: [], ...outcomes }).level;

  it('5 when the failing line of the file written is named without source maps', () => {
    assert.equal(level({ transpiled: false, without: ['sync'], readable: ['sync'], mapped: null }), 5);
    assert.equal(level({ without: ['sync'], readable: ['sync'], maps: { always: true, applies: true } }), 5);
  });

  it('4 and 3: only source maps name the original line; 4 when the compiled file still names its call', () => {
    assert.equal(level({ readable: ['sync'], mapped: ['sync'] }), 4);
    assert.equal(level({ readable: [], mapped: ['sync'] }), 3);
  });

  it('2 and 1: source maps lead nowhere (a wrong map, or none applied); 2 when the compiled file names its call', () => {
    assert.equal(level({ readable: ['sync'], mapped: [] }), 2);
    assert.equal(level({ readable: [], mapped: [] }), 1);
    const notApplied = sourceMapLevel({
      transpiled: true,
      without: [],
      readable: ['sync'],
      mapped: null,
      maps: { always: false, applies: false, reason: 'bun applies no source map' },
    });
    assert.deepEqual(notApplied, { level: 2, reason: "bun applies no source map; without them the compiled file's failing call is named in: sync" });
  });

  it('no level for an example not compiled whose failing line is never named: nothing for a map to fix', () => {
    assert.equal(level({ transpiled: false, without: [], readable: [], mapped: null }), null);
  });
});

describe('source maps: how the node running asyncmark applies them (real children)', function () {
  this.timeout(60000);

  it('finds --enable-source-maps by running the check, not by assuming it', async () => {
    const found = await findSourceMaps(null);
    assert.deepEqual(found, { always: false, applies: true, form: 'flag', execArgv: ['--enable-source-maps'], env: {} });
  });
});

describe('source maps: the probe, with and without them (real children)', function () {
  this.timeout(120000);
  let report;
  const counted = { planned: null, ran: 0 };
  before(async () => {
    const entries = [named('async-await'), named('async-await-tsc-es2016'), named('async-await-babel'), fixtures.transpiledWrongMap];
    report = await probe(entries, {
      settings: ['node'],
      cases: ['callback/timer', 'sync'],
      onPlan: (total) => (counted.planned = total),
      onRun: () => counted.ran++,
    });
  });

  it('plans as many runs as it makes, the source-map runs included (the progress total)', () => {
    // 4 examples × 2 cases, and both (graded) cases again with maps for the 3 compiled.
    assert.equal(counted.planned, 4 * 2 + 3 * 2);
    assert.equal(counted.ran, counted.planned);
  });
  const example = (name) => report.examples.find((e) => e.name === name);

  it('grades the example that is not compiled 5: its own line named, no map asked for', function () {
    // Under coverage (npm test) the examples the children load are
    // instrumented, which moves their lines; the compiled ones are not.
    if (process.env.NYC_CONFIG) this.skip();
    const plain = example('async-await');
    assert.equal(plain.sourceMaps.level, 5);
    assert.deepEqual(plain.sourceMaps.without, ['sync']);
    assert.equal(plain.sourceMapRuns, undefined);
  });

  it('names the original line of async-await only with --enable-source-maps, for tsc and Babel alike', () => {
    for (const name of ['async-await-tsc-es2016', 'async-await-babel']) {
      const compiled = example(name);
      assert.deepEqual(compiled.sourceMaps.without, [], name);
      assert.deepEqual(compiled.sourceMaps.mapped, ['sync'], name);
      assert.equal(compiled.sourceMaps.level, 4, name);
      const mapped = compiled.sourceMapRuns.find((r) => r.case === 'sync');
      assert.match(mapped.stack, /examples\/doxbee\/async-await\.js:\d+:\d+/);
      assert.equal(mapped.distance, 0);
      assert.deepEqual(compiled.original.file, 'examples/doxbee/async-await.js');
    }
  });

  it('does not grade a map that points at the wrong line as naming the original line (planted bug)', () => {
    const wrong = example('transpiled-wrong-map');
    const mapped = wrong.sourceMapRuns.find((r) => r.case === 'sync');
    // The trace does name the original file, 5 lines away from the failing call.
    assert.match(mapped.stack, /examples\/doxbee\/async-await\.js:\d+:\d+/);
    assert.equal(mapped.distance, 5);
    assert.deepEqual(wrong.sourceMaps.mapped, []);
    assert.equal(wrong.sourceMaps.level, 2);
  });

  it('puts the level in every row of the example', () => {
    const rows = debuggabilityRows(report).filter((row) => row.example === 'async-await-babel');
    assert.ok(rows.length > 0);
    for (const row of rows) assert.equal(row['source maps'], 4);
  });
});
