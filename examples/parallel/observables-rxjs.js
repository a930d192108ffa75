'use strict';

const { defer, forkJoin, concatMap, tap } = require('rxjs');

// Style: RxJS operators over I/O made with bindNodeCallback (done once in
// lib/fakes): each call returns a cold Observable that emits its result once.
// Library: rxjs.
// Notice: forkJoin subscribes to every insert at once and emits when all have
// emitted; the first error unsubscribes from the others. Nothing runs until
// someone subscribes, so the transaction is begun inside defer.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag) {
    return defer(() => {
      const tx = db.begin();
      const inserts = [];
      for (let index = 0; index < parallelQueries; index++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
      }
      return forkJoin(inserts).pipe(
        tap({ error: () => tx.rollback() }),
        concatMap(() => tx.commit()),
      );
    });
  };
