'use strict';

// Style: async functions with explicit resource management: the transaction is
// an AsyncDisposable held by `await using`, over promisified I/O
// (util.promisify, done once in lib/fakes).
// Library: none; native promises. Needs Node 24+, Bun or Deno: Node 20 and 22
// cannot parse `await using`.
// Notice: no try/catch. The inserts start when they are built and
// `await Promise.all` waits for them together; the first to fail leaves the
// function, which disposes of the transaction and so rolls it back at once.
// commit() marks it ended first, so that a failed commit is not rolled back.
// The wrapper is counted as this example's code.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  async function upload(stream, idOrPath, tag) {
    await using tx = rollbackUnlessCommitted(db.begin());
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    await Promise.all(inserts);
    return tx.commit();
  };

// The driver's transaction, still one (queries run within it: it is its
// prototype), that rolls itself back when disposed of unless commit() was
// called.
function rollbackUnlessCommitted(tx) {
  let committed = false;
  const disposable = Object.create(tx);
  disposable.commit = () => {
    committed = true;
    return tx.commit();
  };
  disposable[Symbol.asyncDispose] = async () => {
    if (!committed) tx.rollback();
  };
  return disposable;
}
