'use strict';

const Q = require('q');

// Style: promise chains over I/O made with Q.denodeify (done once in lib/fakes).
// Library: q.
// Notice: the shape of the native chain, with Q.all in place of Promise.all.
// Q starts each denodeified call on its own queue, in a later tick, so the
// inserts begin just after upload() returns rather than inside it.
// Kept for comparison: Q came before native promises, which with async
// functions now do what it did; its README names no successor.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag) {
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    return Q.all(inserts)
      .catch((err) => {
        tx.rollback();
        throw err;
      })
      .then(() => tx.commit());
  };
