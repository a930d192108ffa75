'use strict';

// bench --measure instructions: its refusals, the plan of a counted child's
// rounds and the reading of its files (the counts made under valgrind:
// count-valgrind.test.js).

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const batch = require('../../lib/drivers/batch');
const drivers = require('../../lib/drivers');
const { runCounted, runMeasured } = require('../../lib/runner/count');
const { cannotCount, roundsFor, collectOf } = require('../../lib/runner/count-plan');
const { estimatedCycles, roundCounts } = require('../../lib/runner/callgrind-files');
const { steadyCount } = require('../../lib/runner/steady-count');

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');
const bench = (args, env = {}) =>
  spawnSync(process.execPath, [CLI, 'bench', '--no-out', '--quiet', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

const { job } = require('./count-cell');
const { windowRounds, roundPlan } = require('../../lib/runner/child/region');
const { ditherRounds } = require('../fixtures/count/dither-rounds');
const count = (j, options = {}) => runCounted(j, { driver: batch, script: batch.child, execArgv: batch.execArgv, timeoutMs: 60000, ...options });

describe('bench --measure instructions: refusals, one line, exit code 2', () => {
  it('refuses a driver whose runs cannot be counted', () => {
    const result = bench(['--scenario', 'http-server', '--measure', 'instructions']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^asyncmark: --measure instructions: the http-load driver cannot give it/);
    assert.equal(result.stderr.trim().split('\n').length, 1);
  });

  it('refuses when valgrind is missing, saying how to get it', () => {
    const result = bench(['--measure', 'both', '--test'], { ASYNCMARK_VALGRIND: '/nonexistent/valgrind' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /valgrind not found at \/nonexistent\/valgrind.*apt-get install valgrind/);
    assert.equal(cannotCount(batch, [], { PATH: '/nonexistent' }), 'valgrind not found on PATH; install it (Debian/Ubuntu: apt-get install valgrind)');
  });

  it('refuses a browser runtime', () => {
    assert.match(cannotCount(batch, [{ spec: 'chromium', browser: {} }], { ASYNCMARK_VALGRIND: '/bin/sh' }), /^chromium is a browser/);
  });

  it('refuses --cycles without a count', () => {
    const result = bench(['--cycles', '--test']);
    assert.equal(result.status, 2);
    assert.equal(result.stderr, 'asyncmark: --cycles: applies only with --measure instructions or both\n');
  });

  it('refuses an unknown measure', () => {
    const result = bench(['--measure', 'cycles']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--measure: "cycles" is not allowed; expected one of time, instructions, both/);
  });

  it('only drivers that declare it are counted', () => {
    assert.ok(drivers.batch.counted);
    assert.ok(drivers.compute.counted);
    assert.equal(drivers['http-load'].counted, undefined);
  });

  it("a cell under Bun, or a binary of one's own, is UNSUPPORTED, with the reason (Deno is counted: count-deno.test.js)", async () => {
    for (const [name, reason] of [
      ['bun', /^counting instructions is done under Node and Deno only: Bun runs JavaScriptCore/],
      ['custom', /^counting instructions is done under Node and Deno only: \/opt\/js was not tried under valgrind/],
    ]) {
      const result = await runMeasured(job(), {}, { measure: 'instructions', runner: { name, spec: name === 'custom' ? '/opt/js' : name } });
      assert.equal(result.status, 'unsupported');
      assert.match(result.error, reason);
    }
  });

  it('a Node whose V8 refuses a flag of the count (Node 6: --single-threaded) is UNSUPPORTED, naming it; another refusal stays CRASH', async function () {
    const fs = require('node:fs');
    const os = require('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-refuses-'));
    try {
      // A stand-in for valgrind running a Node that refuses the option, as Node 6 does.
      const refusing = (option) => {
        const file = path.join(dir, `refuses${option}`);
        fs.writeFileSync(file, `#!/bin/sh\necho "node: bad option: ${option}" >&2\nexit 9\n`, { mode: 0o755 });
        return file;
      };
      const node6 = await count(job({ runtime: 'node@6' }), { valgrind: refusing('--single-threaded') });
      assert.equal(node6.status, 'unsupported');
      assert.equal(node6.error, 'node@6: its V8 has no --single-threaded, which a count needs to repeat (docs/explanation/counted-work.md)');
      // Planted: an option that is not the count's is the child's crash, not a missing flag.
      const other = await count(job(), { valgrind: refusing('--no-such-option') });
      assert.equal(other.status, 'crash');
      assert.match(other.error, /^under valgrind: .*bad option: --no-such-option/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('counted rounds: the warm-up, the segments and the steady count', () => {
  it('warms up past 20,000 invocations (TurboFan), then counts segments of 1,000 or more', () => {
    assert.deepEqual(roundsFor(1000), { warm: 20, counted: 8, segment: 1 });
    assert.deepEqual(roundsFor(20), { warm: 1000, counted: 400, segment: 50 });
    assert.deepEqual(roundsFor(10000), { warm: 3, counted: 4, segment: 1 });
    assert.deepEqual(roundsFor(3), { warm: 6667, counted: 2672, segment: 334 });
  });

  // A round's window and the gap after it, as readCounts gives them.
  const window = (Ir, inCollections = 0, extra = {}) => ({ Ir, inCollections, ...extra });
  const gap = (inCollections = 0) => ({ Ir: 5000 + inCollections, inCollections });
  const rounds = (pairs) => ({ windows: pairs.map(([w]) => w), gaps: pairs.map(([, g]) => g) });

  it("the mutator's work is the least segment's, per round; a segment where V8 recompiled is not it, and the spread says so", () => {
    const steady = window(2000);
    const recompiled = window(6000);
    // Three segments of two rounds: the mean of the three would be 3,333 a round.
    const counted = steadyCount(
      rounds([
        [steady, gap()],
        [steady, gap()],
        [recompiled, gap()],
        [recompiled, gap()],
        [steady, gap()],
        [window(2004), gap()],
      ]),
      2,
    );
    assert.deepEqual(
      { instructions: counted.instructions, mutator: counted.mutator, collector: counted.collector, spread: counted.spread, inCollector: counted.inCollector },
      { instructions: 2000, mutator: 2000, collector: 0, spread: 2, inCollector: null },
    );
    // The gaps' own work (the harness between rounds) is never counted.
    assert.equal(steadyCount(rounds([[steady, gap()]]), 1).instructions, 2000);
    // The cycles are the least segment's windows', not the least of each event.
    const cached = (Ir, I1mr) => window(Ir, 0, { Dr: 0, Dw: 0, I1mr, D1mr: 0, D1mw: 0, ILmr: 0, DLmr: 0, DLmw: 0 });
    assert.equal(
      steadyCount(
        rounds([
          [cached(100, 50), gap()],
          [cached(101, 0), gap()],
        ]),
        1,
      ).cycles,
      50 + 5 * 50,
    );
  });

  it("the optimizing compiler's share: its mean over the settled segments' windows, 0 where the tier has settled", () => {
    const settled = steadyCount(
      rounds([
        [window(2000), gap()],
        [window(2000), gap()],
      ]),
      1,
    );
    assert.equal(settled.inCompiler, 0);
    // Planted: V8 compiles 500 instructions' worth in every steady round (a
    // compile it aborts and tries again), and 4,000 in the first, unsettled one.
    const compiling = steadyCount(
      rounds([
        [window(9000, 0, { inCompiler: 4000 }), gap()],
        [window(2000, 0, { inCompiler: 500 }), gap()],
        [window(2000, 0, { inCompiler: 500 }), gap()],
      ]),
      1,
    );
    assert.equal(compiling.mutator, 2000);
    assert.equal(compiling.inCompiler, 500 / 2000);
  });

  it("the collector's work is the mean of every segment's, the collections forced in the gaps attributed back, and the count is the sum", () => {
    // Round 1 collects in its window, round 2 in the gap after it (a forced
    // collection), round 3 not at all: 300 + 600 + 0 over three rounds.
    const counted = steadyCount(
      rounds([
        [window(1300, 300), gap()],
        [window(1000), gap(600)],
        [window(1000), gap()],
      ]),
      1,
    );
    assert.equal(counted.mutator, 1000);
    assert.equal(counted.collector, 300);
    assert.equal(counted.forced, 200);
    assert.equal(counted.instructions, 1300);
    assert.equal(counted.inCollector, 300 / 1300);
    assert.equal(counted.collectorSpread, 600 / 300);
    assert.deepEqual(counted.segments, [
      { mutator: 1000, collector: 300 },
      { mutator: 1000, collector: 600 },
      { mutator: 1000, collector: 0 },
    ]);
    // Planted: the least window whole (collections in it included), as counted
    // before, would be 1,000 here and 1,300 had round 1 been the quiet one.
    assert.notEqual(counted.instructions, Math.min(...counted.segments.map((segment) => segment.mutator)));
    // A segment before V8 settled (its mutator work 3x the least) is left
    // out of the collector's mean, and said so; one in which a collection
    // made the mutator's work a little more (2%, as on Node 26) is in it.
    const early = steadyCount(
      rounds([
        [window(3900, 900), gap()],
        [window(1300, 300), gap()],
        [window(1000), gap()],
      ]),
      1,
    );
    assert.deepEqual([early.collector, early.settled, early.instructions], [150, 2, 1150]);
    // After the first settled segment every segment is in the mean, also
    // one in which a collection made V8 recompile (its mutator work 1.5x,
    // as async-await's small collections on Node 26): leaving it out would
    // leave its collection out. collections: how many the mean is over.
    const recompiled = steadyCount(
      rounds([
        [window(3000, 0, { collections: 0 }), gap()],
        [window(1000, 0, { collections: 0 }), gap()],
        [window(1560, 60, { collections: 1 }), gap()],
        [window(1300, 300, { collections: 1 }), gap()],
      ]),
      1,
    );
    assert.deepEqual([recompiled.mutator, recompiled.collector, recompiled.settled, recompiled.collections], [1000, 120, 3, 2]);
    const scavenged = steadyCount(
      rounds([
        [window(1320, 300), gap()],
        [window(1000), gap()],
      ]),
      1,
    );
    assert.deepEqual([scavenged.mutator, scavenged.collector, scavenged.settled], [1000, 150, 2]);
    // No collection in any round: not a measured 0.
    assert.equal(steadyCount(rounds([[window(1000), gap()]]), 1).inCollector, null);
    // With the young generation dithered, the gaps' collections are the filler's, not attributed:
    // only round 1's own collection is in the mean.
    const dithered = steadyCount(
      rounds([
        [window(1300, 300, { collections: 1 }), { ...gap(600), collections: 1 }],
        [window(1000), { ...gap(600), collections: 1 }],
      ]),
      1,
      { attributeGaps: false },
    );
    assert.deepEqual([dithered.collector, dithered.forced, dithered.collections], [150, 0, 1]);
  });

  it('dithers the young generation: filled to the part asked of its capacity, through a scavenge when it is past it', () => {
    // Filler chunks are 64 KB of a capacity of 1 MB or more; what survives a scavenge sets a floor.
    // Objects kept alive between rounds make V8 grow the young generation at a scavenge now and
    // then: the part is of the capacity after it (planted: of the capacity before, 0.96 to 0.7 gave 0.35).
    const { misses, gave } = ditherRounds();
    assert.equal(gave, true);
    assert.deepEqual(misses, []);
  });

  it("dithers a young generation at its first size too, as a counted child's is (1 MB: 0.96 was out of reach in 64 KB steps)", () => {
    // A fresh process whose young generation cannot grow, whatever ran before in this one.
    const fixture = path.join(__dirname, '..', 'fixtures', 'count', 'dither-rounds.js');
    const child = spawnSync(process.execPath, ['--max-semi-space-size=1', fixture], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    const { misses, gave, capacities } = JSON.parse(child.stdout);
    assert.equal(gave, true);
    assert.ok(capacities[1] <= 1.1 * 2 ** 20, `the young generation grew to ${capacities[1]} bytes`);
    assert.deepEqual(misses, []);
  });

  it("sizes the counted window from the warm-up's collections: about 10 in it, in whole segments, within its bounds", () => {
    const window = { collections: 10, least: 8, most: 64, segment: 1 };
    // 5 collections in 10 warm rounds: 20 rounds hold about 10.
    assert.equal(windowRounds(window, 5, 10), 20);
    // Often enough that the least holds 10; so rarely that the most cannot.
    assert.equal(windowRounds(window, 30, 10), 8);
    assert.equal(windowRounds(window, 1, 10), 64);
    // None seen: the most; no profiler (Deno, Node before 18.15): the least.
    assert.equal(windowRounds(window, 0, 10), 64);
    assert.equal(windowRounds(window, null, 10), 8);
    // Whole segments: 10 / (3 / 10) = 33.3 rounds, in segments of 5.
    assert.equal(windowRounds({ ...window, least: 10, segment: 5 }, 3, 10), 35);
  });

  it('a counted child runs the warm-up, then the window it sized, and says how many rounds it counted', () => {
    const planned = roundPlan({ repeat: 28, countFrom: 20, window: { collections: 10, least: 8, most: 64, segment: 1 } });
    let round = 0;
    let kept = null;
    for (; round < planned.total; round++) {
      planned.before(round);
      // Allocate enough in the pilot rounds (10-19) that V8 collects: objects
      // kept in an array for the round, which no optimization can leave out.
      if (round >= 10 && round < 20) kept = Array.from({ length: 2e5 }, (_, i) => ({ i }));
    }
    assert.equal(planned.pilot.rounds, 10);
    assert.ok(planned.pilot.collections > 0);
    assert.equal(planned.counted, windowRounds({ collections: 10, least: 8, most: 64, segment: 1 }, planned.pilot.collections, 10));
    assert.equal(round, 20 + planned.counted);
    assert.equal(kept.length, 2e5);
    // Without a window (timed repeats, or a driver's own rounds): job.repeat rounds.
    assert.deepEqual([roundPlan({ repeat: 3 }).total, roundPlan({ repeat: 12, countFrom: 4 }).counted], [3, 8]);
  });

  it('reads a window and a gap a round, and refuses a run whose mark was reached more or fewer times', () => {
    const fs = require('node:fs');
    const os = require('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-'));
    const out = path.join(dir, 'callgrind.out');
    try {
      // Before the region, then window, gap, window, gap.
      for (const [i, ir] of [
        [1, 99],
        [2, 10],
        [3, 7],
        [4, 12],
        [5, 8],
      ])
        fs.writeFileSync(`${out}.${i}`, `events: Ir\nfn=x\n0 ${ir}\nsummary: ${ir}\n`);
      assert.deepEqual(roundCounts(out, 2), {
        windows: [
          { Ir: 10, inCollections: 0, collections: 0, inCompiler: 0, compilations: 0 },
          { Ir: 12, inCollections: 0, collections: 0, inCompiler: 0, compilations: 0 },
        ],
        gaps: [
          { Ir: 7, inCollections: 0, collections: 0, inCompiler: 0, compilations: 0 },
          { Ir: 8, inCollections: 0, collections: 0, inCompiler: 0, compilations: 0 },
        ],
      });
      assert.match(roundCounts(out, 1).error, /^the region's mark was reached 5 times, not 3: something else in the run calls uv_loadavg$/);
      assert.match(roundCounts(out, 3).error, /^valgrind wrote no counts of the region/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('forces no collection between rounds unless $ASYNCMARK_COUNT_COLLECT says minor (or dither), and refuses another value', () => {
    assert.equal(collectOf({}), 'none');
    assert.equal(collectOf({ ASYNCMARK_COUNT_COLLECT: 'minor' }), 'minor');
    assert.equal(collectOf({ ASYNCMARK_COUNT_COLLECT: 'dither' }), 'dither');
    const why = cannotCount(batch, [], { ASYNCMARK_COUNT_COLLECT: 'full', PATH: '' });
    assert.equal(why, '$ASYNCMARK_COUNT_COLLECT is "full": what a counted child forces between rounds is one of none, minor, dither');
  });
});

describe('counted cycles: the formula', () => {
  it('L1 hits + 5 x LL hits + 35 x RAM accesses', () => {
    // 100 accesses: 10 miss L1, of which 2 miss LL too: 90 + 5*8 + 35*2.
    assert.equal(estimatedCycles({ Ir: 60, Dr: 30, Dw: 10, I1mr: 5, D1mr: 4, D1mw: 1, ILmr: 1, DLmr: 1, DLmw: 0 }), 200);
    assert.equal(estimatedCycles({ Ir: 60 }), null);
  });
});
