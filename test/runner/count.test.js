'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const batch = require('../../lib/drivers/batch');
const drivers = require('../../lib/drivers');
const { runCounted, runMeasured } = require('../../lib/runner/count');
const { findValgrind, cannotCount, roundsFor, collectOf } = require('../../lib/runner/count-plan');
const { estimatedCycles, readCounts, roundCounts } = require('../../lib/runner/callgrind-files');
const { steadyCount } = require('../../lib/runner/steady-count');

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');
const bench = (args, env = {}) =>
  spawnSync(process.execPath, [CLI, 'bench', '--no-out', '--quiet', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

const { job, planted, relative, TOLERANCE } = require('./count-cell');
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

// Under nyc (npm test's coverage run) every child gets nyc's preload through
// NODE_OPTIONS and runs instrumented code, whose counts are neither the
// example's nor repeatable (measured: two counts 1.2% apart); npm test runs
// this file again without coverage.
const counting = findValgrind() && !process.env.NYC_CONFIG;

(counting ? describe : describe.skip)('counted instructions under valgrind (tiny cells)', function () {
  // A count at n=20 writes two files for each of its 400 counted batches: on
  // a loaded machine (load average 25) a count instrumented from the start
  // took more than 10 minutes.
  this.timeout(1800000);
  let first;

  before(async () => {
    // With the cache simulation (bench --cycles): the others count without it.
    first = await count(job(), { cacheSim: true });
    assert.equal(first.status, 'ok', first.error);
  });

  it('counts a steady measured batch per upload, its times n/a', () => {
    const m = first.metrics;
    assert.ok(m.instructions > 0);
    const rounds = roundsFor(20);
    assert.deepEqual([rounds.warm, rounds.counted, rounds.counted / rounds.segment], [m.warmRounds, m.countedRounds, m.countedSegments]);
    assert.ok(m.countedSpread >= 0);
    // A thousand uploads a segment allocate enough for young collections, a small part of the count.
    assert.ok(m.countedInCollector > 0 && m.countedInCollector < 0.5, String(m.countedInCollector));
    assert.equal(m.instructionsPerInvocation, m.instructions / 20);
    assert.ok(m.estimatedCyclesPerInvocation > m.instructionsPerInvocation);
    assert.equal(m.wallMs, null);
    assert.equal(m.invocations, 20);
  });

  it('two counts of the same cell agree within the tolerance', async () => {
    const again = await count(job());
    assert.equal(again.status, 'ok', again.error);
    // Counted without the cache simulation: the same instructions, no cycles.
    assert.equal(again.metrics.estimatedCyclesPerInvocation, null);
    assert.ok(relative(again.metrics.instructions, first.metrics.instructions) < TOLERANCE, `${again.metrics.instructions} vs ${first.metrics.instructions}`);
  });

  it('leaves the warm-up out: the count barely changes with its size', async () => {
    // Warm-up of 20 uploads by default (min(200, n)); of 5 here: 15 uploads
    // fewer, which would be 75% less if they were counted. What the warm-up
    // leaves in the heap still moves the collections of these tiny rounds a
    // little (measured: 0.113% in one CI run), so the bound is 1%, not the
    // repeatability's 0.1%: far below what counting the warm-up would add.
    const short = await count(job({ warmup: 5 }));
    assert.equal(short.status, 'ok', short.error);
    assert.ok(
      relative(short.metrics.instructions, first.metrics.instructions) < 10 * TOLERANCE,
      `${short.metrics.instructions} vs ${first.metrics.instructions}`,
    );
  });

  it('counts alike with callgrind instrumenting from the start, and when callgrind_control fails', async () => {
    // The default turns the instrumentation on only for the counted rounds
    // (callgrind_control, asked by the child); late: false instruments the
    // whole run, as a machine without callgrind_control does.
    // Valgrind runs the same code either way, but at this tiny cell the
    // collections fall a little differently when the warm-up runs at another
    // speed (measured: 0.43%; 0.007% at doxbee n=1000), so the bound is 1%,
    // as for the warm-up's size: far below what counting the warm-up, or
    // counting nothing, would do.
    const whole = await count(job(), { late: false });
    assert.equal(whole.status, 'ok', whole.error);
    assert.ok(
      relative(whole.metrics.instructions, first.metrics.instructions) < 10 * TOLERANCE,
      `${whole.metrics.instructions} vs ${first.metrics.instructions}`,
    );
    // Planted: a callgrind_control that fails. The run is made again,
    // instrumented from the start, and still counted.
    const fs = require('node:fs');
    const os = require('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-control-'));
    try {
      // Debian's valgrind is a script that runs "$0.bin": a wrapper, not a link.
      fs.writeFileSync(path.join(dir, 'valgrind'), `#!/bin/sh\nexec '${findValgrind()}' "$@"\n`, { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'callgrind_control'), '#!/bin/sh\necho "no such pid" >&2\nexit 1\n', { mode: 0o755 });
      const failing = await count(job(), { valgrind: path.join(dir, 'valgrind') });
      assert.equal(failing.status, 'ok', failing.error);
      // Made again instrumented from the start: as `whole`, to the tolerance.
      assert.ok(
        relative(failing.metrics.instructions, whole.metrics.instructions) < TOLERANCE,
        `${failing.metrics.instructions} vs ${whole.metrics.instructions}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sees a planted variant that does about 1% more work per upload', async () => {
    const extra = await count(job(planted('extra-work', path.join(__dirname, '..', 'fixtures', 'count', 'extra-work.js'))));
    assert.equal(extra.status, 'ok', extra.error);
    const change = extra.metrics.instructions / first.metrics.instructions - 1;
    // Well outside the tolerance, and not the tens of percent that compiling
    // inside the counted rounds once added.
    assert.ok(change > 3 * TOLERANCE && change < 0.05, `extra work changed the count by ${(change * 100).toFixed(3)}%`);
  });

  it('a wrong run is verified as any run, never counted', async () => {
    const twice = await count(job(planted('twice', path.join(__dirname, '..', 'fixtures', 'runner', 'twice.js'))));
    assert.equal(twice.status, 'double');
    assert.match(twice.error, /^under valgrind: /);
    assert.equal(twice.metrics.instructions, undefined);
  });

  it('a child that crashes under valgrind is CRASH, with its last word', async () => {
    const crashed = await count(job(planted('crashes', path.join(__dirname, '..', 'fixtures', 'runner', 'crashes.js'))));
    assert.equal(crashed.status, 'crash');
    assert.match(crashed.error, /^under valgrind: child ended with exit code 1: Error: fixture crash/);
  });

  it('a run that marks the region itself cannot be counted: CRASH, naming the mark', async () => {
    const marks = await count(job(planted('reads-loadavg', path.join(__dirname, '..', 'fixtures', 'count', 'reads-loadavg.js'))));
    assert.equal(marks.status, 'crash');
    assert.match(marks.error, /^under valgrind: the region's mark was reached \d+ times, not \d+: something else in the run calls uv_loadavg/);
    assert.equal(marks.metrics.instructions, undefined);
  });

  it('--precision on counts: a second run whose count repeats meets it, and the session stops', () => {
    const args = ['--examples', 'callbacks-original', '--n', '20', '--latency', 'tick', '--measure', 'instructions', '--runs', '1', '--format', 'json'];
    const result = bench([...args, '--precision', '0.1%', '--max-runs', '5']);
    assert.equal(result.status, 0, result.stderr);
    const { precision } = JSON.parse(result.stdout);
    assert.equal(precision.measure, 'instructions');
    assert.equal(precision.rounds, 2);
    assert.equal(precision.stopped, 'every cell met the target');
    const [cell] = precision.cells;
    assert.deepEqual([cell.runs, cell.met], [2, true]);
    assert.ok(cell.countHalfWidth < TOLERANCE, String(cell.countHalfWidth));
  });

  it('counts the compute driver per call: two counts of one cell agree', async () => {
    const compute = drivers.compute;
    const fib = { scenario: 'fib', problem: 'fib', driver: 'compute', example: 'async', params: { n: 10, w: 0, threads: 1, minTime: 50 }, run: 0 };
    const counts = [];
    for (let i = 0; i < 2; i++) {
      const result = await runCounted(fib, { driver: compute, script: compute.child, execArgv: compute.execArgv, timeoutMs: 60000 });
      assert.equal(result.status, 'ok', result.error);
      assert.equal(result.metrics.callMs, null);
      // The compute driver's 4 warm rounds, and a window of 4 or more (its pilot sized it).
      const { warmRounds, countedRounds, windowPilot } = result.metrics;
      assert.equal(warmRounds, 4);
      assert.equal(countedRounds, windowRounds({ collections: 15, least: 4, most: 32, segment: 1 }, windowPilot.collections, windowPilot.rounds));
      counts.push(result.metrics.instructionsPerInvocation);
    }
    assert.ok(counts[0] > 0);
    assert.ok(relative(counts[1], counts[0]) < TOLERANCE, `${counts[1]} vs ${counts[0]}`);
  });

  it('reads the events of a callgrind or cachegrind file', () => {
    const fs = require('node:fs');
    const os = require('node:os');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'count-')), 'out');
    fs.writeFileSync(file, 'desc: x\ncmd: y\nevents: Ir Dr\nfl=a\nfn=work\n0 1 2\nsummary: 10 4\n');
    assert.deepEqual(readCounts(file), { Ir: 10, Dr: 4, inCollections: 0, collections: 0, inCompiler: 0, compilations: 0 });
    // libuv spinning at exit until another thread is done is waiting, not work: left out.
    fs.writeFileSync(file, 'events: Ir Dr\nfl=a\nfn=work\n0 1 2\nfl=uv/async.c\nfn=uv__async_close\n108 3 1\n109 2\nfn=after\n5 4 1\nsummary: 10 4\n');
    assert.deepEqual(readCounts(file), { Ir: 5, Dr: 3, inCollections: 0, collections: 0, inCompiler: 0, compilations: 0 });
    // Callgrind's format: a totals line, events left off the end of a line
    // are zero, and the cost line after calls= is the callee's, not the
    // spinning function's own (it is not subtracted).
    fs.writeFileSync(file, 'events: Ir Dr\nfn=uv__async_close\n108 3 1\ncalls=1 0\n109 50 20\n110 2\nfn=work\n5 4 1\ntotals: 100 40\n');
    assert.deepEqual(readCounts(file), { Ir: 95, Dr: 39, inCollections: 0, collections: 0, inCompiler: 0, compilations: 0 });
    // The calls to Heap::PerformGarbageCollection are the collections (three
    // here: calls=1 and calls=2): their
    // inclusive costs, each once, wherever they are called from; its own
    // lines and its callees' calls are inside them, and a function whose
    // name only begins alike is not a collection.
    const collection = 'v8::internal::Heap::PerformGarbageCollection(v8::internal::GarbageCollector)';
    fs.writeFileSync(
      file,
      [
        'events: Ir Dr',
        'fn=v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace)',
        '10 5',
        `cfn=${collection}`,
        'calls=1 0',
        '11 300 90',
        'fn=Builtins_CallFunction',
        '20 7',
        `cfn=${collection}`,
        'calls=2 0',
        '21 200 60',
        'cfn=v8::internal::Heap::PerformGarbageCollectionLater(int)',
        'calls=1 0',
        '22 50 1',
        `fn=${collection}`,
        '30 40 10',
        'cfn=v8::internal::ScavengerCollector::CollectGarbage()',
        'calls=1 0',
        '31 450 140',
        'totals: 1000 400',
      ].join('\n'),
    );
    assert.deepEqual(readCounts(file), { Ir: 1000, Dr: 400, inCollections: 500, collections: 3, inCompiler: 0, compilations: 0 });
    // Node 26: a scavenge's job run on a worker thread of Node's platform is
    // the collector's work too (not another collection); a worker's other
    // calls are not.
    fs.writeFileSync(
      file,
      [
        'events: Ir',
        'fn=node::(anonymous namespace)::PlatformWorkerThread(void*)',
        '10 5',
        'cfn=v8::platform::DefaultJobWorker::Run()',
        'calls=1 0',
        '11 400',
        'cfn=uv_cond_wait',
        'calls=1 0',
        '12 30',
        'fn=v8::platform::DefaultJobWorker::Run()',
        '20 10',
        'cfn=v8::internal::ScavengerJobTask::Run(v8::JobDelegate*)',
        'calls=1 0',
        '21 390',
        'totals: 1000',
      ].join('\n'),
    );
    assert.deepEqual(readCounts(file), { Ir: 1000, inCollections: 400, collections: 0, inCompiler: 0, compilations: 0 });
    // The calls to Compiler::CompileOptimized are V8's optimizing compilers at
    // work (two here), counted the same way; a planted caller and a function
    // whose name only begins alike are not.
    const compile = 'v8::internal::Compiler::CompileOptimized(v8::internal::Isolate*, v8::internal::Handle<v8::internal::JSFunction>)';
    fs.writeFileSync(
      file,
      [
        'events: Ir',
        'fn=v8::internal::Runtime_CompileOptimized(int, unsigned long*, v8::internal::Isolate*)',
        '10 5',
        `cfn=${compile}`,
        'calls=2 0',
        '11 700',
        'cfn=v8::internal::Compiler::CompileOptimizedOSR(int)',
        'calls=1 0',
        '12 90',
        `fn=${compile}`,
        '20 30',
        'totals: 1000',
      ].join('\n'),
    );
    assert.deepEqual(readCounts(file), { Ir: 1000, inCollections: 0, collections: 0, inCompiler: 700, compilations: 2 });
  });
});
