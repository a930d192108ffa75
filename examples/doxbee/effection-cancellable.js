'use strict';

const { run, action, race } = require('effection');

// Style: Effection operations, as in effection, cancellable by an AbortSignal.
// Library: effection.
// Notice: the caller's abort becomes an operation that fails with the
// signal's reason, and the steps race it: the first to end wins and the other
// is halted, so nothing is issued after the abort, the steps' `finally` rolls
// back as for any failure, and the caller hears the reason itself. The
// action's teardown removes the listener however the race ends. The commit is
// outside the race, so once issued it lands and the caller hears that it did,
// which halting the task could not tell. An already-aborted signal fails
// before the blob is created or the transaction begun.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) => {
  function aborted(signal) {
    return action((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      return () => signal.removeEventListener('abort', onAbort);
    });
  }

  function* createFile(tx, idOrPath, version) {
    const splitPath = idOrPath.split('/');
    const fileName = splitPath[splitPath.length - 1];
    const fileId = uuid.v1();
    const query = yield* self.createQuery(idOrPath, {
      id: fileId,
      userAccountId: userAccount.id,
      name: fileName,
      version: version.id,
    });
    yield* query.execWithin(tx);
    return fileId;
  }

  function* steps(tx, blob, stream, idOrPath) {
    const blobId = yield* blob.put(stream);
    const file = yield* self.byUuidOrPath(idOrPath).get();
    const version = {
      userAccountId: userAccount.id,
      date: new Date(),
      blobId,
      creatorId: userAccount.id,
      previousId: file ? file.version : null,
    };
    version.id = Version.createHash(version);
    yield* Version.insert(version).execWithin(tx);
    const fileId = file ? file.id : yield* createFile(tx, idOrPath, version);
    yield* FileVersion.insert({ fileId, versionId: version.id }).execWithin(tx);
    yield* File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx);
  }

  function* uploadOperation(stream, idOrPath, signal) {
    if (signal?.aborted) throw signal.reason;
    const blob = blobManager.create(account);
    const tx = db.begin();
    let saved = false;
    try {
      const work = steps(tx, blob, stream, idOrPath);
      yield* signal ? race([work, aborted(signal)]) : work;
      saved = true;
    } finally {
      if (!saved) tx.rollback();
    }
    return yield* tx.commit();
  }

  return function upload(stream, idOrPath, tag, { signal } = {}) {
    return run(() => uploadOperation(stream, idOrPath, signal));
  };
};
