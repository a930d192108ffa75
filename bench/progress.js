'use strict';

const cliProgress = require('cli-progress');

// Progress of a long command on stderr. On a terminal, a bar with runs done,
// elapsed time and an estimate. Elsewhere (CI, a pipe, nohup) a bar would be a
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
 * The estimate assumes the remaining runs take as long as the finished ones did.
 */
function progressLine({ done, total, elapsedMs, what, unit = 'runs' }) {
  const left = done > 0 && done < total ? `, about ${duration((elapsedMs / done) * (total - done))} left` : '';
  return `asyncmark: ${done}/${total} ${unit}, ${duration(elapsedMs)} elapsed${left}${what ? `; last: ${what}` : ''}`;
}

function lineProgress({ total, stream, unit, every, now }) {
  const start = now();
  let done = 0;
  let lastWrite = start;
  let written = 0;
  let lastWhat = '';
  let stopped = false;
  const write = () => {
    lastWrite = now();
    written = done;
    stream.write(`${progressLine({ done, total, elapsedMs: lastWrite - start, what: lastWhat, unit })}\n`);
  };
  return {
    tick(what = '') {
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

function barProgress({ total, stream, unit }) {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${unit} {bar} {value}/{total} | {duration_formatted} elapsed | eta {eta_formatted} | {what}`,
      hideCursor: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { what: '' });
  let stopped = false;
  return {
    tick(what = '') {
      bar.increment(1, { what });
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
 * @returns {{ tick(what?: string): void, stop(): void }}
 */
function createProgress({ total, quiet = false, stream = process.stderr, unit = 'runs', every = EVERY_MS, now = Date.now }) {
  if (quiet) return { tick() {}, stop() {} };
  if (stream.isTTY) return barProgress({ total, stream, unit });
  return lineProgress({ total, stream, unit, every, now });
}

module.exports = { createProgress, progressLine, duration };
