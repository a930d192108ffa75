'use strict';

// Style: async functions over promisified I/O, cancellable by an AbortSignal.
// Library: none; native promises.
// Notice: the caller passes { signal }, the convention of async functions; it
// is checked before the start and once the inserts have all completed, the
// only await before the commit: the inserts in flight run to their end, as
// the I/O takes no signal, and nothing is issued after the abort. The commit,
// once issued, is heard as it ends.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  async function upload(stream, idOrPath, tag, { signal } = {}) {
    signal?.throwIfAborted();
    const tx = db.begin();
    try {
      const inserts = [];
      for (let index = 0; index < parallelQueries; index++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
      }
      await Promise.all(inserts);
      signal?.throwIfAborted();
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return tx.commit();
  };
