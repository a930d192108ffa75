'use strict';

// Style: none; the floor under every example. Library: none.
// Notice: one upload is the reference's sequential path as a chain of bare
// timers, with no fake behind them: what n uploads cost when the I/O costs
// nothing but its timers. floor.setTimer is setTimeout itself, or in a counted
// run the virtual clock's, as the engine's. The two counts let the runner
// verify the run.

module.exports = (floor) =>
  function upload(stream, idOrPath, tag, done) {
    floor.started++;
    let left = floor.steps;
    function step() {
      floor.fired++;
      if (--left === 0) done(null);
      else floor.setTimer(step, floor.t);
    }
    floor.setTimer(step, floor.t);
  };
