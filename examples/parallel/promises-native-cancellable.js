'use strict';

// Style: promise chains with .then over promisified I/O, cancellable by an
// AbortSignal.
// Library: none; native promises.
// Notice: the signal is threaded through as a step of its own after
// Promise.all: unlessAborted throws the signal's reason once the caller has
// given up, and the .catch rolls back as for any failure. An already-aborted
// signal rejects before any I/O; the commit, once issued, is heard as it ends.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag, { signal } = {}) {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    return Promise.all(inserts)
      .then(() => signal?.throwIfAborted())
      .catch((err) => {
        tx.rollback();
        throw err;
      })
      .then(() => tx.commit());
  };
