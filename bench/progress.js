'use strict';

const cliProgress = require('cli-progress');

// Progress of a long command on stderr. On a terminal, a bar with runs done,
// elapsed time and an estimate. Elsewhere (CI, a pipe, nohup, a terminal that
// says it is dumb, TERM=dumb, as Emacs's shell does) a bar would be a
// mess of carriage returns, and silence for minutes looks like a hang, so one
// short line is written at most every `every` ms and once at the end. --quiet
// silences both.

const EVERY_MS = 5000;

/** "75 s" under two minutes, "3 min 20 s" above. */
function duration(ms) {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * One plain progress line: "asyncmark: 12/90 runs, 8 s elapsed, about 52 s left; last: <what>".
 * The time left is `left` when given (bench/estimate.js, learned kind by
 * kind: "at least" while some kind has not run); otherwise the remaining runs
 * are assumed to take as long as the finished ones did.
 */
function progressLine({ done, total, elapsedMs, what, unit = 'runs', left: given }) {
  const estimate = given ?? (done > 0 ? { ms: (elapsedMs / done) * (total - done), atLeast: false } : null);
  const left = done > 0 && done < total && estimate ? `, ${leftText(estimate)} left` : '';
  return `asyncmark: ${done}/${total} ${unit}, ${duration(elapsedMs)} elapsed${left}${what ? `; last: ${what}` : ''}`;
}

// Each tick prices the run it ends for the estimate: the time since the last tick.
function pricing(estimate, now) {
  let last = now();
  return (info) => {
    const at = now();
    if (estimate && info && info.kind !== undefined) {
      if (info.skipped) estimate.skip(info.kind, info.example);
      else estimate.done(info.kind, info.example, at - last, info.regionMs);
    }
    last = at;
    return estimate ? (estimate.left() ?? undefined) : undefined;
  };
}

// "about 52 s", "at least 1 min 40 s"
const leftText = ({ ms, atLeast }) => `${atLeast ? 'at least' : 'about'} ${duration(ms)}`;

function lineProgress({ total, stream, unit, every, now, estimate }) {
  const start = now();
  const price = pricing(estimate, now);
  let left;
  let done = 0;
  let lastWrite = start;
  let written = 0;
  let lastWhat = '';
  let stopped = false;
  const write = () => {
    lastWrite = now();
    written = done;
    stream.write(`${progressLine({ done, total, elapsedMs: lastWrite - start, what: lastWhat, unit, left })}\n`);
  };
  return {
    tick(what = '', info = null) {
      left = price(info);
      done++;
      lastWhat = what;
      if (now() - lastWrite >= every) write();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      // The closing count, unless the last line already said it.
      if (done > written) write();
    },
  };
}

function barProgress({ total, stream, unit, now, estimate }) {
  const price = pricing(estimate, now);
  // cli-progress's own eta is the mean so far; an estimate of ours replaces it.
  const eta = estimate ? '{left} left' : 'eta {eta_formatted}';
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${unit} {bar} {value}/{total} | {duration_formatted} elapsed | ${eta} | {what}`,
      hideCursor: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { what: '', left: '?' });
  let stopped = false;
  return {
    tick(what = '', info = null) {
      const left = price(info);
      bar.increment(1, { what, left: left ? leftText(left) : '?' });
    },
    stop() {
      if (!stopped) bar.stop();
      stopped = true;
    },
  };
}

/**
 * @param {object} options
 * @param {number} options.total how many ticks make the whole
 * @param {boolean} [options.quiet] no output at all
 * @param {object} [options.stream] stderr unless given; its isTTY chooses bar or lines
 * @param {string} [options.unit] what is counted ("runs", "probes")
 * @param {number} [options.every] ms between plain lines
 * @param {() => number} [options.now] the clock, for tests
 * @param {object} [options.env] the environment whose TERM says whether the terminal takes cursor codes
 * @param {object} [options.estimate] bench/estimate.js createEstimate of the jobs; tick then takes
 *   { kind, example, regionMs, skipped } of the run it ends
 * @returns {{ tick(what?: string, info?: { kind: string, example: string, regionMs?: number, skipped?: boolean }): void, stop(): void }}
 */
function createProgress({
  total,
  quiet = false,
  stream = process.stderr,
  unit = 'runs',
  every = EVERY_MS,
  now = Date.now,
  estimate = null,
  env = process.env,
}) {
  if (quiet) return { tick() {}, stop() {} };
  if (stream.isTTY && env.TERM !== 'dumb') return barProgress({ total, stream, unit, now, estimate });
  return lineProgress({ total, stream, unit, every, now, estimate });
}

module.exports = { createProgress, progressLine, duration };
