'use strict';

// Style: promise chains with .then, over promisified I/O (util.promisify, done
// once in lib/fakes).
// Library: none; native promises.
// Notice: Promise.all is the counter; it rejects with the first error and
// ignores the rest. The .catch rolls back only what failed before the commit.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag) {
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    return Promise.all(inserts)
      .catch((err) => {
        tx.rollback();
        throw err;
      })
      .then(() => tx.commit());
  };
