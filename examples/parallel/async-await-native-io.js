'use strict';

// Style: async functions over I/O that returns native promises itself, as
// modern drivers do; nothing is wrapped.
// Library: none; native promises.
// Notice: the code is that of async-await; only the I/O beneath it differs. A
// driver that throws synchronously stops the loop at the first insert, and the
// throw lands in the same try/catch as a rejection.
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
      signal?.throwIfAborted();
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return tx.commit();
  };
