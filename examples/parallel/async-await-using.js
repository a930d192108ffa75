'use strict';

// Style: async functions with explicit resource management, over promisified
// I/O (util.promisify, done once in lib/fakes).
// Library: none; native promises and DisposableStack. Needs both `using` and
// the DisposableStack global (Node 24+; Node 20 and 22 have neither).
// Notice: no try/catch. The inserts start when they are built and
// `await Promise.all` waits for them together; the first to fail leaves the
// function, and the DisposableStack held by `using` rolls the transaction
// back at once. move() disarms it just before the commit, so that a failed
// commit is not rolled back. Plain `using`: the rollback is started, not
// waited for, as in every style here.
// A caller that gives up passes { signal }, the convention of async
// functions: checked before the stack is disarmed, it leaves the function by
// a throw, and the stack rolls back.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  async function upload(stream, idOrPath, tag, { signal } = {}) {
    const tx = db.begin();
    using rollback = new DisposableStack();
    rollback.defer(() => tx.rollback());
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    await Promise.all(inserts);
    signal?.throwIfAborted();
    rollback.move();
    return tx.commit();
  };
