'use strict';

const spawn = require('../../lib/runner/spawn');
const { PROBE_CHILD, measureTrace } = require('./stack');

// One run of the probe: its child (probe-child.js) in a fresh process, what
// became of the error, and what the stack of the error told.

// Which variables of the environment turn long stack traces on behind the
// probe's back; they are removed from the children's environment.
const STACK_ENV = ['BLUEBIRD_DEBUG', 'BLUEBIRD_LONG_STACK_TRACES', 'BLUEBIRD_WARNINGS', 'Q_DEBUG'];

/** The environment of the probe's children, and of the checks run under a runtime. */
function childEnv() {
  const env = { ...process.env };
  for (const name of STACK_ENV) delete env[name];
  // bluebird turns long stack traces on by itself under NODE_ENV=development.
  if (env.NODE_ENV === 'development') delete env.NODE_ENV;
  return env;
}

/**
 * Runs one job in a fresh child (lib/runner/spawn.js) and collects what it
 * reported. Never throws; a child that outlives the timeout is killed.
 * @param {object} job for metrics/debuggability/probe-child.js
 * @param {object} [options] { execPath, execArgv, env, timeoutMs }: execPath,
 *   a runtime of --runtime (the node running asyncmark unless given); env, variables
 *   added to the children's environment
 * @returns {Promise<{ pid, events, unsupported: string|null, end: 'done'|'timeout'|'exit', exitCode, signal, stderr }>}
 */
async function runProbeChild(job, { execPath, execArgv = [], env = {}, timeoutMs = 5000 } = {}) {
  const events = [];
  let done = false;
  let unsupported = null;
  const onMessage = (message) => {
    if (message && message.type === 'event') events.push(message.event);
    else if (message && message.type === 'done') done = true;
    else if (message && message.type === 'unsupported') unsupported = String(message.reason);
  };
  const ended = await spawn.runChild(PROBE_CHILD, job, { execPath, execArgv, env: { ...childEnv(), ...env }, timeoutMs, onMessage });
  const end = ended.timedOut ? 'timeout' : done ? 'done' : 'exit';
  const stderr = ended.startError ? `${ended.stderr}\n${ended.startError}` : ended.stderr;
  return { pid: ended.pid, events, unsupported, end, exitCode: ended.exitCode, signal: ended.signal, stderr };
}

/**
 * What became of the error in one run, from what the child reported.
 * caller | thrown | uncaught | unhandled | success (the caller heard no error)
 * | silent (the process went idle and nobody heard) | hung (killed at the
 * timeout before anything happened) | crash (the process ended without telling)
 * | unsupported (a runtime of --runtime could not load the example).
 */
function probeOutcome(raw) {
  if (raw.unsupported) return 'unsupported';
  const first = raw.events[0];
  if (first) return first.type;
  if (raw.end === 'timeout') return 'hung';
  if (raw.end === 'done') return 'silent';
  return 'crash';
}

/**
 * One run as reported: the outcome, the measurements of the stack of what
 * reached the caller or escaped first, and how the child ended.
 * @param {object} raw what runProbeChild collected
 * @param {{ setting: string, kase: object, file: string, ranges: object[] }} how the
 *   setting, the case (of cases.js), the file and the failing call's lines it is measured against
 */
function describeRun(raw, { setting, kase, file, ranges }) {
  const outcome = probeOutcome(raw);
  const first = raw.events[0];
  const stack = first && first.error ? first.error.stack : null;
  const trace = stack
    ? measureTrace(stack, { file, ranges })
    : {
        frames: 0,
        namesFile: false,
        distance: null,
        nearestLine: null,
        reach: 'none',
        endsIn: null,
        truncated: false,
      };
  const run = {
    setting,
    case: kase.key,
    mode: kase.mode,
    placement: kase.placement,
    outcome,
    events: raw.events.map((e) => e.type),
    injected: first && first.error ? first.error.injected : null,
    ...trace,
    end: raw.end,
    pid: raw.pid,
    stack,
  };
  if (outcome === 'unsupported') run.detail = raw.unsupported;
  if (outcome === 'crash') run.detail = `${raw.signal ? `signal ${raw.signal}` : `exit code ${raw.exitCode}`}: ${spawn.headline(raw.stderr) || 'no message'}`;
  if (raw.end === 'timeout') run.detail = 'still running at the timeout; killed';
  return run;
}

module.exports = { childEnv, runProbeChild, probeOutcome, describeRun };
