'use strict';

const co = require('co');

// Style: generator functions driven by co, over I/O made with thunkify (done
// once in lib/fakes): each call returns a thunk, a function taking a callback.
// Library: co, thunkify.
// Notice: the code is that of generators-co; co runs the yielded thunks at
// once, as it does promises. Nothing starts until co calls a thunk, so the
// inserts begin at the yield, not where they are built.
// Kept for comparison: co's README calls co "a stepping stone towards ES7
// async/await", and keeps thunks "only for backwards compatibility", to be
// removed in a future version; over promises it is generators-co, and with
// async functions, async-await.

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
