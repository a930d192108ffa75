'use strict';

const { run, all } = require('effection');

// Style: Effection operations over I/O whose methods return Operations
// (Effection's action over node callbacks, done once in lib/fakes), run at
// the edge with run().
// Library: effection.
// Notice: all() runs the inserts at once in the scope that owns them: the
// first to fail halts the others and is thrown, so the `finally` rolls back
// and the caller hears it without waiting for the rest. The rollback is in
// `finally` because a halted task leaves by return, which skips `catch`: the
// caller that gives up calls task.halt() on what run() returned, and the
// inserts in flight are halted with it. A halt during the commit is heard as
// "halted", though the commit lands.

module.exports = ({ db, FileVersion, parallelQueries }) => {
  function* uploadOperation(idOrPath) {
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    let saved = false;
    try {
      yield* all(inserts);
      saved = true;
    } finally {
      if (!saved) tx.rollback();
    }
    return yield* tx.commit();
  }

  return function upload(stream, idOrPath, tag) {
    return run(() => uploadOperation(idOrPath));
  };
};
