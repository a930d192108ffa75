'use strict';

const async = require('async');

// Style: node-style callbacks run at once by a control-flow library.
// Library: async (caolan), async.parallel.
// Notice: the counter and the guard against a second error move into the
// library; the example builds one task per insert and handles the outcome in
// one place. The commit runs after the tasks, so its failure goes to the
// caller without a rollback.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag, done) {
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(function insert(next) {
        FileVersion.insert({ fileId: idOrPath, index: index }).execWithin(tx, next);
      });
    }
    async.parallel(inserts, function (err) {
      if (err) {
        tx.rollback();
        return done(err);
      }
      tx.commit(done);
    });
  };
