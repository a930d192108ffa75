'use strict';

// Style: node-style callbacks joined by a hand-written counter.
// Library: none.
// Notice: every insert starts at once and shares one callback, which counts
// down to the commit. The `failed` flag is what keeps the caller from hearing
// once per failing insert and the transaction from being rolled back more than
// once; forgetting it is the classic bug of this style.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag, done) {
    const tx = db.begin();
    let remaining = parallelQueries;
    let failed = false;
    function inserted(err) {
      if (failed) return;
      if (err) {
        failed = true;
        tx.rollback();
        return done(err);
      }
      remaining -= 1;
      if (remaining === 0) tx.commit(done);
    }
    for (let index = 0; index < parallelQueries; index++) {
      FileVersion.insert({ fileId: idOrPath, index: index }).execWithin(tx, inserted);
    }
  };
