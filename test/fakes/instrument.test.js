'use strict';

// The instrument problem weighs the simulated I/O: its three examples must do
// the reference's work on their I/O, and a run that does less must be INVALID.

const assert = require('node:assert/strict');
const path = require('node:path');
const { createIO, MODELS_BY_PROBLEM, problems } = require('../../lib');
const { runInChild } = require('../../lib/runner/spawn');
const batchDriver = require('../../lib/drivers/batch');
const { realTimersStartedBy } = require('./real-timers');

const model = MODELS_BY_PROBLEM.instrument;
const registry = problems.instrument;
const entry = (name) => registry.examples.find((e) => e.name === name);
const fixture = (name) => path.join(__dirname, 'fixtures', `${name}.js`);

function batch(upload, n) {
  return Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise((resolve, reject) => {
          upload(...model.invocationArgs(i), (error) => (error ? reject(error) : resolve()));
        }),
    ),
  );
}

async function verified(name, n, load = entry(name).load) {
  const { io, engine } = createIO(entry(name).io, { latency: 'constant', t: 1, trace: false }, 'instrument');
  await batch(load()(io), n);
  await engine.idle();
  return model.checkRun(engine, { n, failed: 0 });
}

describe('instrument problem', () => {
  it('runs the reference itself on the engine and on the minimal fake, with minimal-fake the baseline', () => {
    const doxbeeReference = problems.doxbee.examples.find((e) => e.name === 'callbacks-original');
    assert.equal(entry('engine').file, doxbeeReference.file);
    assert.equal(entry('minimal-fake').file, doxbeeReference.file);
    assert.deepEqual(
      registry.examples.map((e) => [e.name, e.io]),
      [
        ['timer-floor', 'timers'],
        ['minimal-fake', 'minimal'],
        ['engine', 'callbacks'],
      ],
    );
    assert.equal(registry.reference, 'minimal-fake');
  });

  it('gives the floor as many timers per upload as the reference has sequential operations', () => {
    const { io } = createIO('timers', {}, 'instrument');
    assert.equal(io.steps, MODELS_BY_PROBLEM.doxbee.path({ fileExists: false }).length);
  });

  for (const name of ['timer-floor', 'minimal-fake', 'engine']) {
    it(`verifies ${name}`, async () => {
      assert.deepEqual(await verified(name, 10), []);
    });
  }

  it('rejects a floor that skips a step (planted bug)', async () => {
    const problemsFound = await verified('timer-floor', 4, () => require(fixture('floor-skips-a-step')));
    assert.deepEqual(problemsFound, ['28 timers fired for 4 uploads of 8 steps']);
  });

  it('rejects a floor run with uploads missing or failed', () => {
    const { engine } = createIO('timers', {}, 'instrument');
    assert.deepEqual(model.checkRun(engine, { n: 2, failed: 1 }), [
      '0 uploads begun for 2',
      '0 timers fired for 2 uploads of 8 steps',
      '1 uploads failed on bare timers',
    ]);
  });

  it('rejects a fake run that skips an operation, on either fake (planted bug)', async () => {
    for (const name of ['minimal-fake', 'engine']) {
      const problemsFound = await verified(name, 3, () => require(fixture('skips-file-update')));
      assert.deepEqual(problemsFound, ['file.update called 0 times for 3 uploads'], name);
    }
  });

  // A counted run (bench --measure instructions) keeps every latency on the
  // virtual clock (lib/fakes/virtual-time.js): on real timers, how many had
  // expired at each turn would depend on how fast valgrind ran.
  it('in a counted run the bare flavours wait on the virtual clock, never a real timer; a timed run does (planted)', async () => {
    for (const name of ['timer-floor', 'minimal-fake']) {
      for (const virtualTime of [true, false]) {
        const started = await realTimersStartedBy(async () => {
          const { io, engine } = createIO(entry(name).io, { latency: 'constant', t: 1, trace: false, virtualTime }, 'instrument');
          await batch(entry(name).load()(io), 5);
          await engine.idle();
          assert.deepEqual(model.checkRun(engine, { n: 5, failed: 0 }), [], `${name}, virtualTime ${virtualTime}`);
        });
        if (virtualTime) assert.equal(started, 0, `${name} started a real timer in a counted run`);
        else assert.ok(started >= 5 * 8, `${name}: the timed run starts a real timer per operation (${started})`);
      }
    }
  });

  it('refuses a floor under a latency model it does not have', () => {
    assert.throws(() => createIO('timers', { latency: 'load' }, 'instrument'), /the timer floor has constant latency only; got load/);
  });

  describe('in the runner', function () {
    this.timeout(20000);
    const job = (name, file, io) => ({
      problem: 'instrument',
      example: name,
      entry: { name, file, call: 'callback', io },
      params: { n: 10, latency: 'constant', t: 1, e: 0, seed: 1 },
      fileExists: false,
      warmup: false,
    });

    it('reports the planted floor as INVALID', async () => {
      const result = await runInChild(job('floor-skips-a-step', fixture('floor-skips-a-step'), 'timers'), {
        script: batchDriver.child,
        execArgv: batchDriver.execArgv,
      });
      assert.equal(result.status, 'invalid');
      assert.match(result.error, /70 timers fired for 10 uploads of 8 steps/);
    });

    it('reports the planted upload on the minimal fake as INVALID', async () => {
      const result = await runInChild(job('skips-file-update', fixture('skips-file-update'), 'minimal'), {
        script: batchDriver.child,
        execArgv: batchDriver.execArgv,
      });
      assert.equal(result.status, 'invalid');
      assert.match(result.error, /file.update called 0 times for 10 uploads/);
    });

    it('measures and verifies the three examples', async () => {
      for (const { name } of registry.examples) {
        const result = await runInChild({ ...job(name), entry: undefined }, { script: batchDriver.child, execArgv: batchDriver.execArgv });
        assert.equal(result.status, 'ok', `${name}: ${result.error}`);
        assert.equal(result.metrics.invocations, 10);
      }
    });
  });
});
