'use strict';

const { Effect } = require('effect');

// Style: Effect.fn over I/O whose methods return Effects, run at the edge
// with Effect.runPromise, cancellable by an AbortSignal.
// Library: effect.
// Notice: as in examples/doxbee/effect-cancellable.js, the caller's abort
// becomes an Effect that fails with the signal's reason, and the inserts race
// it (Effect.raceFirst): the abort interrupts them, Effect.onError rolls back,
// and the caller hears the reason itself. The commit is outside the race, so
// once issued it lands and the caller hears that it did; handing the signal
// to runPromise would report an interrupted fiber instead.

module.exports = ({ db, FileVersion, parallelQueries }) => {
  const aborted = (signal) =>
    Effect.callback((resume) => {
      const onAbort = () => resume(Effect.fail(signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
      return Effect.sync(() => signal.removeEventListener('abort', onAbort));
    });

  const uploadEffect = Effect.fn('upload')(function* (stream, idOrPath, tag, signal) {
    if (signal?.aborted) return yield* Effect.fail(signal.reason);
    const tx = db.begin();
    const inserts = [];
    for (let index = 0; index < parallelQueries; index++) {
      inserts.push(FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx));
    }
    const all = Effect.all(inserts, { concurrency: 'unbounded' });
    const cancellable = signal ? Effect.raceFirst(all, aborted(signal)) : all;
    yield* Effect.onError(cancellable, () => Effect.sync(() => tx.rollback()));
    return yield* tx.commit();
  });

  return function upload(stream, idOrPath, tag, { signal } = {}) {
    return Effect.runPromise(uploadEffect(stream, idOrPath, tag, signal));
  };
};
