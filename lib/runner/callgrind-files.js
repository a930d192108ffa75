'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { MARKER } = require('./child/region');

// Reading what callgrind wrote for a counted run (lib/runner/count.js): the
// events of each file, less the instructions that are waiting rather than
// work, and the part of them inside V8's collections; and the files of a run,
// one window and one gap a counted round.

// Functions whose instructions are waiting, not work, and are left out of a
// count: libuv's uv__async_close spins until another thread has finished
// signalling the handle it closes, so its count depends on the threads'
// timing. Measured: two runs of one child counted alike but for 442,964
// instructions, all of them in this function (at exit, outside the region
// today; left out wherever it falls).
const SPINNING = /^uv__async_(close|spin)\b/;

// V8's garbage collections, scavenges and full ones alike, each run inside
// this function, called from Heap::CollectGarbage (so named in the callgrind
// files of Node 6, 20, 24 and 26): the instructions of the calls to it are
// the count's part that the collector did. Lazy sweeping after a full
// collection, done later while allocating, is not in it.
const COLLECTION = /^v8::internal::Heap::PerformGarbageCollection\(/;

// On Node 26, --single-threaded notwithstanding, part of a scavenge runs as
// a job on a worker thread of Node's platform (ScavengerJobTask, called
// from this function there), outside PerformGarbageCollection: its
// instructions are the collector's too, though not another collection.
// Measured, doxbee promises-q at n=1000: none to 627 million instructions a
// round, which thread takes the job changing from round to round; Node 20
// and 24 run no job on a worker.
const WORKER_JOB = /^v8::platform::DefaultJobWorker::Run\(\)/;

// V8's optimizing compilers (TurboFan; Maglev on Node 22 and later) each
// compile a function inside this call: the instructions of the calls to it
// are the part of a count spent optimizing code, which a settled tier does
// not spend (measured, doxbee async-await at n=1000 on Node 20: a child in
// which TurboFan aborted the optimization of three of the fakes' functions
// "due to dependency change" and tried again six times a batch spent 20
// million instructions a batch in it, a third of the batch's work, where
// the tool's child gave up after nine tries). With --single-threaded every compilation is on the
// main thread, so counted where it falls.
const COMPILATION = /^v8::internal::Compiler::CompileOptimized\(/;

/**
 * The events of a callgrind (or cachegrind) output file, by name: its
 * summary line's totals less the instructions of the SPINNING functions'
 * own lines. A cost line after `calls=` is the callee's inclusive cost, not
 * the function's own, and is skipped. An event the file leaves off the end
 * of a line is zero. Beside them, inCollections: the instructions of the
 * calls to COLLECTION (inclusive, so every collection is counted once), and
 * collections, how many calls there were; inCompiler and compilations, the
 * same of the calls to COMPILATION.
 * @returns {Record<string, number>}
 */
function readCounts(file) {
  const text = fs.readFileSync(file, 'utf8');
  const events = /^events: (.+)$/m.exec(text);
  const summary = /^(?:summary|totals): (.+)$/m.exec(text);
  if (!events || !summary) throw new Error(`${file}: no events or summary line`);
  const names = events[1].trim().split(/\s+/);
  const totals = summary[1].trim().split(/\s+/).map(Number);
  let spinning = false;
  let inclusive = false;
  let collecting = false;
  let onWorker = false;
  let compiling = false;
  let inCollections = 0;
  let collections = 0;
  let inCompiler = 0;
  let compilations = 0;
  const ir = names.indexOf('Ir') + 1;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) spinning = SPINNING.test(line.slice(3));
    else if (line.startsWith('cfn=')) {
      collecting = COLLECTION.test(line.slice(4));
      onWorker = WORKER_JOB.test(line.slice(4));
      compiling = COMPILATION.test(line.slice(4));
    } else if (line.startsWith('calls=')) {
      inclusive = true;
      if (collecting) collections += Number(line.slice(6).split(' ')[0]);
      if (compiling) compilations += Number(line.slice(6).split(' ')[0]);
    } else if (/^\d/.test(line)) {
      const values = line.split(' ');
      if (inclusive && (collecting || onWorker)) inCollections += Number(values[ir] ?? 0);
      if (inclusive && compiling) inCompiler += Number(values[ir] ?? 0);
      if (spinning && !inclusive) {
        for (let i = 0; i < names.length; i++) totals[i] -= Number(values[i + 1] ?? 0);
      }
      inclusive = false;
    }
  }
  return { ...Object.fromEntries(names.map((name, i) => [name, totals[i] ?? 0])), inCollections, collections, inCompiler, compilations };
}

/**
 * Cycles estimated from callgrind's cache simulation, as iai and
 * iai-callgrind do: L1 hits + 5 × last-level hits + 35 × RAM accesses.
 * null when the cache was not simulated.
 */
function estimatedCycles(c) {
  if (!('I1mr' in c)) return null;
  const accesses = c.Ir + c.Dr + c.Dw;
  const l1Misses = c.I1mr + c.D1mr + c.D1mw;
  const llMisses = c.ILmr + c.DLmr + c.DLmw;
  return accesses - l1Misses + 5 * (l1Misses - llMisses) + 35 * llMisses;
}

// The files callgrind writes with --dump-before=MARKER and
// --callgrind-out-file=OUT, for `rounds` counted rounds: OUT.1 at the first
// mark (everything before the counted rounds), then for each round its
// window (OUT.2, OUT.4, ...) and the gap after it (OUT.3, OUT.5, ...), the
// last gap closed by the last mark; OUT at exit (the rest). The windows' and
// the gaps' counts, in order.
// A runtime that calls the marker itself at start-up (startupMarks) has as
// many files more before the first window (lib/runner/count-runtime.js).
function roundCounts(out, rounds, { marker = MARKER, startupMarks = 0 } = {}) {
  const dir = path.dirname(out);
  const dumps = fs.readdirSync(dir).filter((name) => name.startsWith(`${path.basename(out)}.`));
  const expected = 2 * rounds + 1 + startupMarks;
  if (dumps.length > expected) {
    return { error: `the region's mark was reached ${dumps.length} times, not ${expected}: something else in the run calls ${marker}` };
  }
  if (dumps.length < expected) return { error: 'valgrind wrote no counts of the region (the child ended before its last counted round)' };
  const file = (i) => readCounts(`${out}.${i + startupMarks}`);
  return {
    windows: Array.from({ length: rounds }, (_, r) => file(2 + 2 * r)),
    gaps: Array.from({ length: rounds }, (_, r) => file(3 + 2 * r)),
  };
}

module.exports = { readCounts, estimatedCycles, roundCounts };
