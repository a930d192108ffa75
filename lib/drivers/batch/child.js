'use strict';

// One run of the batch driver, in a fresh process: load the example, warm up,
// collect garbage, then start n invocations at once and wait for all. The
// result goes to the parent over IPC as { status, metrics, error }.

const { MODELS_BY_PROBLEM, uploadContext } = require('../../fakes');
// Not part of the package's API: which I/O flavour a runtime cannot make.
const { flavourMissing } = require('../../fakes/flavours');
const { openBackend } = require('./backend');
const { invoke } = require('../../invoke');
const { startMeasuring } = require('../../runner/child/measure');
const { childMain } = require('../../runner/child/main');
const { openRound, closeRound, markEnd, roundPlan } = require('../../runner/child/region');
const { entryOf, loadExample } = require('../../runner/child/example');
const { installHooks } = require('../../runner/child/async-hooks');
const { quantile } = require('../../stats');

const WARMUP = 200; // invocations, unless the job says otherwise

// The simulated I/O's options: the run's parameters, and what its scenario
// fixes besides them (childOptions: whether the file exists, say).
// A counted run's latencies are on a virtual clock (lib/fakes/virtual-time.js).
function ioOptions(params, childOptions, counted = false) {
  const { latency, t, dt, e, seed, p } = params;
  return { latency, t, dt, e, seed, p, ...childOptions, trace: false, context: params.context === 'als', virtualTime: counted };
}

// Every invocation's arguments, and with context its store, built before a
// batch starts, so that neither a timed batch nor a counted one holds the
// harness's own work (template strings for the paths). With a live signal, a
// cancellable example's arguments end with { signal }, of a controller of
// each upload's own that never aborts, made here too: what it costs the
// example to watch a signal is measured, not what it costs a caller to make one.
function invocations(model, n, context, signalled = false) {
  return Array.from({ length: n }, (_, i) => {
    const args = model.invocationArgs(i);
    if (signalled) args.push({ signal: new AbortController().signal });
    return { args, store: context ? model.contextStore(i + 1, args) : null };
  });
}

// Whether a run gives its example a live signal: asked for, and the example takes one.
function signalled(job, entry) {
  return job.params.signal === 'live' && entry.cancel === 'signal';
}

// Starts the invocations at once; resolves when every one has called back,
// with their latencies and how many failed. A second callback is remembered.
// With context, each invocation runs inside uploadContext.run with its own
// store, as a request does under an APM agent.
// Timed is false in a counted run: no clock is read, since reading one is the
// harness's work and converting a latency costs instructions that depend on
// its value, so that a count would depend on the clock.
function batch(entry, upload, calls, onDouble, context, timed = true) {
  return new Promise((resolve) => {
    const n = calls.length;
    const latencies = new Float64Array(n);
    const heard = new Uint8Array(n);
    let remaining = n;
    let failed = 0;
    for (let i = 0; i < n; i++) {
      const { args, store } = calls[i];
      const start = timed ? process.hrtime.bigint() : null;
      const done = (error) => {
        if (heard[i]++) return onDouble(i);
        if (timed) latencies[i] = Number(process.hrtime.bigint() - start) / 1e6;
        if (error) failed++;
        if (--remaining === 0) resolve({ latencies, failed });
      };
      if (context) uploadContext.run(store, invoke, entry.call, upload, args, done);
      else invoke(entry.call, upload, args, done);
    }
    if (n === 0) resolve({ latencies, failed });
  });
}

async function run(job) {
  const entry = entryOf(job);
  const model = MODELS_BY_PROBLEM[job.problem];
  const loaded = loadExample(job, () => entry.load());
  if (loaded.unsupported) return loaded.unsupported;
  const factory = loaded.value;
  // A runtime that cannot make the example's I/O flavour cannot run it.
  const noFlavour = job.runtime ? flavourMissing(entry.io) : null;
  if (noFlavour) return { status: 'unsupported', metrics: null, error: `${job.runtime}: ${noFlavour}` };
  const noHooks = installHooks(job.params.hooks);
  if (noHooks) return { status: 'unsupported', metrics: null, error: noHooks };
  // Second callbacks are counted across the whole run, warm-up included.
  // The simulated I/O, or a real database (bench --db), opened before the warm-up.
  const backend = await openBackend(job, model);
  const state = { job, entry, factory, model, backend, context: job.params.context === 'als', doubles: 0 };
  const onDouble = () => state.doubles++;

  if (job.warmup !== false) {
    const warm = await backend.createIO(entry.io, ioOptions(job.params, job.childOptions, Boolean(job.counted)), job.problem);
    const size = typeof job.warmup === 'number' ? job.warmup : WARMUP;
    const calls = invocations(model, Math.min(size, job.params.n), state.context, signalled(job, entry));
    await batch(entry, factory(warm.io), calls, onDouble, state.context, !job.counted);
    await warm.engine.idle();
  }
  // The measured region; job.repeat runs it more than once (--measure
  // instructions counts the rounds from job.countFrom on, each in a window
  // of its own), each repetition checked, the last one reported.
  // A counted child sizes its window as its warm-up ends (roundPlan).
  let result = null;
  const plan = roundPlan(job);
  for (let round = 0; round < plan.total; round++) {
    plan.before(round);
    result = await measured(state, onDouble, round);
    if (result.status !== 'ok') break;
  }
  if (job.countFrom !== undefined) Object.assign(result, { countedRounds: plan.counted, pilot: plan.pilot });
  if (result.status === 'ok' && job.countFrom !== undefined) {
    // The last counted round's forced collection, as every other round has
    // before the next one, in the gap the last mark closes.
    if (forcesCollection(job)) global.gc({ type: 'minor' });
    markEnd(job);
  }
  await backend.close();
  // Not where instructions are counted (job.repeat): whatever runs after the
  // region may trigger a collection in one counted process and not the other.
  if (result.status === 'ok' && model.CANCEL && job.repeat === undefined) Object.assign(result.metrics, await onCancel(entry, job.problem, hearAtOf(job)));
  return result;
}

// What the example does when its caller gives up mid-upload (lib/conformance/
// cancel.js), observed in this run's process and runtime, after the measured
// batch: cases on a fresh simulated I/O, so the batch's numbers are not
// touched; and how soon its caller hears, timed on real timers at each
// latency of HEAR_AT_T (time-to-hear.js) in a cell's first run only, since
// they wait out operations of t=300 ms: the other runs record the grade alone,
// and the summary takes the times from the runs that have them; under bench
// --test, at the least latency only. A case that
// cannot run says why instead of failing the run. The conformance modules
// are required only here, after the measured batch, so that they do not
// weigh on the heap it runs in. Returns { onCancel, hearing? }.
async function onCancel(entry, problem, hearAt) {
  try {
    const { observeCancel } = require('../../conformance');
    const { outcome, hearing } = await observeCancel(entry, { problem, hearAt });
    return hearing && hearing.grade ? { onCancel: outcome, hearing } : { onCancel: outcome };
  } catch (error) {
    return { onCancel: `n/a (the cancel case failed: ${String((error && error.message) || error).split('\n')[0]})` };
  }
}

// The latencies a run times hearing at (onCancel).
function hearAtOf(job) {
  if (job.run) return [];
  const { HEAR_AT_T } = require('../../conformance');
  return job.test ? HEAR_AT_T.slice(0, 1) : HEAR_AT_T;
}

// Whether a counted child forces a young-generation collection after each
// round (job.collect, lib/runner/count.js: 'none' or 'minor').
function forcesCollection(job) {
  return Boolean(global.gc) && job.counted === true && job.collect === 'minor';
}

// One measured batch, checked: a fresh simulated I/O, a collection, the batch.
async function measured(state, onDouble, round = 0) {
  const { job, entry, factory, model, backend, context } = state;
  const before = state.doubles;
  const { io, engine } = await backend.createIO(entry.io, ioOptions(job.params, job.childOptions, Boolean(job.counted)), job.problem);
  const upload = factory(io);
  const calls = invocations(model, job.params.n, context, signalled(job, entry));
  // A counted child's later rounds collect nothing, or only the young
  // generation (job.collect 'minor'): a full collection throws away optimized
  // code that holds the previous round's objects, and V8 recompiles it
  // within the counted round (measured: 30-40 functions a round), so that no
  // round would be steady. A forced one falls between the previous round's
  // window and this one's, where count.js reads it and attributes it back to
  // the previous round.
  if (global.gc && !(job.counted && round > 0)) global.gc();
  else if (round > 0 && forcesCollection(job)) global.gc({ type: 'minor' });

  const stop = startMeasuring({ detailed: job.detailed !== false, capabilities: job.capabilities });
  if (job.counted) await openRound(round, job);
  const { latencies, failed } = await batch(entry, upload, calls, onDouble, context, !job.counted);
  // A counted round's window closes when the I/O its uploads started is done
  // too (a rollback is not awaited by every style): that work is the style's.
  if (job.counted) {
    await engine.idle();
    closeRound(round, job);
  }
  // stop() reads the region at once; its promise waits for the last collections.
  const stopped = stop();
  backend.afterBatch(engine);
  const metrics = await stopped;
  // Rollbacks are fire-and-forget; let them finish before counting operations.
  await engine.idle();
  await new Promise((resolve) => setImmediate(resolve));

  const operations = Object.entries(engine.counts)
    .filter(([name]) => name.startsWith('op:'))
    .reduce((total, [, count]) => total + count, 0);
  // A counted run (job.counted, lib/runner/count.js) leaves the latencies
  // out: they are times, and sorting them is work that depends on the clock
  // (it made two counts of one cell differ by up to 0.1%).
  const quantileOf = (q) => (job.counted ? null : quantile(latencies, q));
  Object.assign(metrics, {
    latencyP50Ms: quantileOf(0.5),
    latencyP90Ms: quantileOf(0.9),
    latencyP99Ms: quantileOf(0.99),
    invocations: job.params.n,
    failed,
    operations,
    ...backend.databaseMetrics(),
  });
  // Whether every operation read its upload's own context: recorded, not a
  // failure of the run (a style that loses it still did the work).
  if (context) {
    const { survival, checked, missing, foreign } = engine.context;
    Object.assign(metrics, { context: survival, contextChecked: checked, contextMissing: missing, contextForeign: foreign });
  }
  const doubles = state.doubles - before;
  if (doubles > 0) return { status: 'double', metrics, error: `${doubles} invocation(s) called back more than once` };
  const problemsFound = await backend.check(engine, { n: job.params.n, p: job.params.p, failed }, model);
  if (problemsFound.length) return { status: 'invalid', metrics, error: problemsFound.join('; ') };
  return { status: 'ok', metrics, error: null };
}

if (require.main === module) childMain(run, { forgot: 'not every invocation called back before the event loop emptied' });
