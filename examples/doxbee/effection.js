'use strict';

const { run } = require('effection');

// Style: Effection operations, generator functions over I/O whose methods
// return Operations (Effection's action over node callbacks, done once in
// lib/fakes), run at the edge with run().
// Library: effection.
// Notice: `yield*` stands where `await` would, and an operation does nothing
// until it is yielded to. The rollback is in `finally`, not `catch`: a task
// that is halted leaves its generator by return, which runs `finally` blocks
// and skips `catch`, so only there does every way out of the steps roll back,
// a failure, a synchronous throw of the I/O and a halt alike. run() returns a
// task that is a promise and can be halted: the caller that gives up calls
// task.halt(), and nothing after the operation in flight is issued, because
// the scope that owns it ends. No signal is threaded by hand. A halt during
// the commit is heard as "halted", though the commit lands.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) => {
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

  function* uploadOperation(stream, idOrPath) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    let saved = false;
    try {
      yield* steps(tx, blob, stream, idOrPath);
      saved = true;
    } finally {
      if (!saved) tx.rollback();
    }
    return yield* tx.commit();
  }

  return function upload(stream, idOrPath, tag) {
    return run(() => uploadOperation(stream, idOrPath));
  };
};
