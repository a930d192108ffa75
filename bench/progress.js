'use strict';

const cliProgress = require('cli-progress');

// A progress bar on stderr with runs done, elapsed time and an estimate; silent
// when stderr is not a terminal or with --quiet, so logs and pipes stay clean.
function createProgress({ total, quiet = false, stream = process.stderr }) {
  if (quiet || !stream.isTTY) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'runs {bar} {value}/{total} | {duration_formatted} elapsed | eta {eta_formatted} | {what}',
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

module.exports = { createProgress };
