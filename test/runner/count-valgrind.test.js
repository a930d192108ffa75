'use strict';

// Counts made under valgrind, of tiny cells: what a count gives, that it
// repeats, leaves the warm-up out and sees a planted 1% (the plan and the
// reading of its files, without valgrind: count.test.js).

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const batch = require('../../lib/drivers/batch');
const drivers = require('../../lib/drivers');
const { runCounted } = require('../../lib/runner/count');
const { findValgrind, roundsFor } = require('../../lib/runner/count-plan');
const { readCounts } = require('../../lib/runner/callgrind-files');

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');
const bench = (args, env = {}) =>
  spawnSync(process.execPath, [CLI, 'bench', '--no-out', '--quiet', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

const { job, planted, relative, TOLERANCE } = require('./count-cell');
const { windowRounds } = require('../../lib/runner/child/region');
const count = (j, options = {}) => runCounted(j, { driver: batch, script: batch.child, execArgv: batch.execArgv, timeoutMs: 60000, ...options });

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
