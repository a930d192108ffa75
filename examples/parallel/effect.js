'use strict';

const { Effect } = require('effect');

// Style: Effect.gen, over I/O whose methods return Effects (Effect.callback
// over node callbacks, done once in lib/fakes), run at the edge with
// Effect.runPromise.
// Library: effect.
// Notice: building the inserts starts nothing; Effect.all runs them at once
// (concurrency: 'unbounded'; its default runs them one by one) and, at the
// first failure, interrupts the rest and fails. Effect.onError rolls back on
// any failure, and the commit stays outside it.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag) {
    return Effect.runPromise(
      Effect.gen(function* () {
        const tx = db.begin();
        const inserts = [];
        for (let index = 0; index < parallelQueries; index++) {
          inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
        }
        yield* Effect.onError(Effect.all(inserts, { concurrency: 'unbounded' }), () => Effect.sync(() => tx.rollback()));
        return yield* tx.commit();
      }),
    );
  };
