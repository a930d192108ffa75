'use strict';

const { defer, forkJoin, concatMap, last, tap } = require('rxjs');

// Style: RxJS operators over I/O made with bindNodeCallback (done once in
// lib/fakes). Each call returns an Observable that starts the I/O when first
// subscribed to and replays its one result to later subscribers (an
// AsyncSubject), so it is not cold; defer makes the whole upload cold.
// Library: rxjs.
// Notice: forkJoin subscribes to every insert at once and emits when all have
// emitted; the first error unsubscribes from the others, whose I/O runs on
// (bindNodeCallback cannot cancel it). The tap rolls back on that error, and
// also when the subscriber unsubscribes before the commit (RxJS 7.3+), so a
// caller that gives up does not leave the transaction open. last() starts the
// commit only once forkJoin has completed, past the tap, so that a failed
// commit is not rolled back.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag) {
    return defer(() => {
      const tx = db.begin();
      const rollback = () => tx.rollback();
      const inserts = [];
      for (let index = 0; index < parallelQueries; index++) {
        inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
      }
      return forkJoin(inserts).pipe(
        tap({ error: rollback, unsubscribe: rollback }),
        last(),
        concatMap(() => tx.commit())
      );
    });
  };
