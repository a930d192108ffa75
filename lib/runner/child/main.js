'use strict';

const { sealedSender, lastWord } = require('./channel');
// Taken before the example is loaded: the clocks its figures are read from.
const { changedClocks } = require('./clocks');

// What every driver's child does around its one run: read the job from its
// argument, run it, and report the result once over IPC. Two ways to end
// without a result are told apart: the event loop emptied before the run
// finished (the example forgot to answer: INVALID, with `forgot` as the
// reason), and the run threw (exit code 1 with the stack on stderr: CRASH).
// The report is sealed with the run's nonce (channel.js): what the example
// itself sends over IPC is not taken for it.

/**
 * @param {(job: object) => Promise<{ status, metrics, error }>} run the driver's run
 * @param {{ forgot: string }} messages
 */
function childMain(run, { forgot }) {
  const job = JSON.parse(process.argv[2]);
  // Taken before the example is loaded: only this report carries it.
  const send = sealedSender();
  let finished = false;
  // The versions this runtime reports (Bun and Deno name a Node version too),
  // for the environment of the run's line.
  // A child whose runtime is not this process (a browser's) reports its own.
  const reported = { node: process.version, v8: (process.versions && process.versions.v8) || null };
  const report = (result) => {
    finished = true;
    send(lastWord({ reported, ...notMeasuredIfClocksChanged(result) }), () => process.exit(0));
  };
  process.on('beforeExit', () => {
    if (!finished) report({ status: 'invalid', metrics: null, error: forgot });
  });
  // The parent is gone: nobody to report to.
  process.on('disconnect', () => process.exit(1));
  // The IPC channel alone must not keep the child alive, or an example that
  // forgets to answer would look like a hang instead of emptying the loop.
  if (process.channel) process.channel.unref();
  run(job).then(report, (error) => {
    process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
    process.exit(1);
  });
}

// A run whose code replaced a clock it is measured by is not measured: its
// figures are dropped and the reason given (clocks.js).
function notMeasuredIfClocksChanged(result) {
  const changed = changedClocks();
  if (changed.length === 0 || result.status !== 'ok') return result;
  return {
    ...result,
    status: 'invalid',
    metrics: null,
    error: `not measured: the run replaced ${changed.join(', ')}, which asyncmark reads its figures from`,
  };
}

module.exports = { childMain };
