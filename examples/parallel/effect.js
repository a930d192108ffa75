'use strict';

const { Effect } = require('effect');

// Style: Effect.fn, over I/O whose methods return Effects (Effect.callback
// over node callbacks, done once in lib/fakes), run at the edge with
// Effect.runPromise.
// Library: effect.
// Notice: the upload is an Effect.fn("upload"), as Effect 4's docs teach for a
// reusable function (a tracing span, its call site in stack traces). Building
// the inserts starts nothing; Effect.all runs them at once (concurrency:
// 'unbounded'; its default runs them one by one) and fails at the first
// failure. It interrupts the others' fibers, but the I/O wrapper registers no
// canceller (Effect.callback's resume only), so their I/O runs on and Effect
// only stops waiting for it. Effect.onError rolls back on any failure, and the
// commit stays outside it.
// A caller that gives up passes { signal }, which runPromise takes: aborting
// it interrupts the fiber, Effect.onError sees the interruption and rolls
// back, and the commit never runs.

module.exports = ({ db, FileVersion, parallelQueries }) => {
  const uploadEffect = Effect.fn('upload')(function* (stream, idOrPath, tag) {
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    yield* Effect.onError(Effect.all(inserts, { concurrency: 'unbounded' }), () => Effect.sync(() => tx.rollback()));
    return yield* tx.commit();
  });

  return function upload(stream, idOrPath, tag, { signal } = {}) {
    return Effect.runPromise(uploadEffect(stream, idOrPath, tag), { signal });
  };
};
