'use strict';

// Style: node-style callbacks joined by a hand-written counter, cancellable
// by an AbortSignal.
// Library: none.
// Notice: the options come before the callback and may be left out, as in
// fs.readFile(path, { signal }, cb). The shared callback treats an aborted
// signal as the first failure: the `failed` flag rolls back once and tells
// the caller the signal's reason once, at the first insert to complete after
// the abort; the others run to their end, as the I/O takes no signal. An
// already-aborted signal is called back on the next tick with no I/O issued.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag, options, done) {
    if (typeof options === 'function') {
      done = options;
      options = {};
    }
    const { signal } = options;
    if (signal?.aborted) return process.nextTick(done, signal.reason);
    const tx = db.begin();
    let remaining = parallelQueries;
    let failed = false;
    function inserted(err) {
      if (failed) return;
      if (err || signal?.aborted) {
        failed = true;
        tx.rollback();
        return done(err ?? signal.reason);
      }
      remaining -= 1;
      if (remaining === 0) tx.commit(done);
    }
    for (let index = 0; index < parallelQueries; index++) {
      FileVersion.insert({ fileId: idOrPath, index: index }).execWithin(tx, inserted);
    }
  };
