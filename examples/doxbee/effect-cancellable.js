'use strict';

const { Effect } = require('effect');

// Style: Effect.fn over I/O whose methods return Effects, run at the edge
// with Effect.runPromise, cancellable by an AbortSignal.
// Library: effect.
// Notice: the caller's abort becomes an Effect that fails with the signal's
// reason, and the steps race it (Effect.raceFirst): the first to end wins and
// the other is interrupted, so nothing is issued after the abort, the
// failure rolls back as any other does (Effect.onError), and the caller hears
// the reason itself. The commit is outside the race, so once issued it lands
// and the caller hears that it did. Handing the signal to runPromise instead
// interrupts the whole fiber: Effect then reports an interrupted fiber even
// when its last, uninterruptible step was a commit that landed, and the
// caller is told the upload failed. An already-aborted signal fails before
// the blob is created or the transaction begun.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) => {
  const aborted = (signal) =>
    Effect.callback((resume) => {
      const onAbort = () => resume(Effect.fail(signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
      return Effect.sync(() => signal.removeEventListener('abort', onAbort));
    });

  const uploadEffect = Effect.fn('upload')(function* (stream, idOrPath, tag, signal) {
    if (signal?.aborted) return yield* Effect.fail(signal.reason);
    const blob = blobManager.create(account);
    const tx = db.begin();
    const steps = Effect.gen(function* () {
      const blobId = yield* blob.put(stream);
      const file = yield* self.byUuidOrPath(idOrPath).get();
      const previousId = file ? file.version : null;
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId,
        creatorId: userAccount.id,
        previousId,
      };
      version.id = Version.createHash(version);
      yield* Version.insert(version).execWithin(tx);
      let fileId;
      if (file) {
        fileId = file.id;
      } else {
        const splitPath = idOrPath.split('/');
        const fileName = splitPath[splitPath.length - 1];
        fileId = uuid.v1();
        const query = yield* self.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        });
        yield* query.execWithin(tx);
      }
      yield* FileVersion.insert({ fileId, versionId: version.id }).execWithin(tx);
      yield* File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx);
    });
    const cancellable = signal ? Effect.raceFirst(steps, aborted(signal)) : steps;
    yield* Effect.onError(cancellable, () => Effect.sync(() => tx.rollback()));
    return yield* tx.commit();
  });

  return function upload(stream, idOrPath, tag, { signal } = {}) {
    return Effect.runPromise(uploadEffect(stream, idOrPath, tag, signal));
  };
};
