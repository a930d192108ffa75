'use strict';

const { run, action, all, race } = require('effection');

// Style: Effection operations, as in effection, cancellable by an AbortSignal.
// Library: effection.
// Notice: the inserts race the caller's abort, an operation that fails with
// the signal's reason: the first to end wins and the other is halted, so the
// inserts in flight are left at once, the `finally` rolls back and the caller
// hears the reason itself; the action's teardown removes the listener
// however the race ends. The commit is outside the race: once issued, it
// lands and the caller hears that it did. An already-aborted signal fails
// before the transaction is begun.

module.exports = ({ db, FileVersion, parallelQueries }) => {
  function aborted(signal) {
    return action((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      return () => signal.removeEventListener('abort', onAbort);
    });
  }

  function* uploadOperation(idOrPath, signal) {
    if (signal?.aborted) throw signal.reason;
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    let saved = false;
    try {
      yield* signal ? race([all(inserts), aborted(signal)]) : all(inserts);
      saved = true;
    } finally {
      if (!saved) tx.rollback();
    }
    return yield* tx.commit();
  }

  return function upload(stream, idOrPath, tag, { signal } = {}) {
    return run(() => uploadOperation(idOrPath, signal));
  };
};
