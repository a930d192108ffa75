'use strict';

const { Effect } = require('effect');

// Style: Effect.fn, over I/O whose methods return Effects (Effect.callback
// over node callbacks, done once in lib/fakes), run at the edge with
// Effect.runPromise.
// Library: effect.
// Notice: `yield*` stands where `await` would, as in a coroutine; an Effect is
// a description that does nothing until it is run, so upload() builds one and
// runs it. The upload is an Effect.fn("upload"), not a plain function that
// returns Effect.gen: Effect 4's docs (its AGENTS.md) teach Effect.fn for a
// reusable function, and it gives the upload a tracing span and its call site
// in stack traces (Effect.fnUntraced is for library code and hot paths). The
// steps inside stay an inline Effect.gen. Effect.onError rolls back on any
// failure, a synchronous throw of the I/O (a defect) included, and the commit
// stays outside it. Effect 4's runPromise rejects with the failure's own error
// (Cause.squash), not a wrapper as Effect 3's FiberFailure was.
// A caller that gives up passes { signal }, which runPromise takes: aborting
// it interrupts the fiber, Effect.onError sees the interruption and rolls
// back, and the commit never runs.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) => {
  const uploadEffect = Effect.fn('upload')(function* (stream, idOrPath, tag) {
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
    yield* Effect.onError(steps, () => Effect.sync(() => tx.rollback()));
    return yield* tx.commit();
  });

  return function upload(stream, idOrPath, tag, { signal } = {}) {
    return Effect.runPromise(uploadEffect(stream, idOrPath, tag), { signal });
  };
};
