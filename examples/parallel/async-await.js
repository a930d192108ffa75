'use strict';

// Style: async functions over promisified I/O (util.promisify, done once in lib/fakes).
// Library: none; native promises.
// Notice: the inserts start when they are built and `await Promise.all` waits
// for them together; awaiting each in the loop instead would run them one by
// one. One try/catch covers the inserts, and the commit stays outside it.
// A caller that gives up passes { signal }, the convention of async
// functions: the I/O takes no signal, so the step under way runs on, and the
// check that closes the try turns giving up into a rollback, never a commit.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  async function upload(stream, idOrPath, tag, { signal } = {}) {
    const tx = db.begin();
    try {
      const inserts = [];
      for (let index = 0; index < parallelQueries; index++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
      }
      await Promise.all(inserts);
      if (signal) signal.throwIfAborted();
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return tx.commit();
  };
