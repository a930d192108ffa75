'use strict';

const co = require('co');

// Style: generator functions driven by co, over promisified I/O (util.promisify,
// done once in lib/fakes).
// Library: co.
// Notice: yielding an array waits for every promise in it, as Promise.all
// does; the first rejection is thrown at the yield, into the try/catch.
// Kept for comparison: co's README calls co "a stepping stone towards ES7
// async/await", which async functions now are (async-await).

module.exports = ({ db, FileVersion, parallelQueries }) =>
  co.wrap(function* upload(stream, idOrPath, tag) {
    const tx = db.begin();
    try {
      const inserts = [];
      for (let index = 0; index < parallelQueries; index++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
      }
      yield inserts;
    } catch (err) {
      tx.rollback();
      throw err;
    }
    yield tx.commit();
  });
