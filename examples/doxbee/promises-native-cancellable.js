'use strict';

// Style: promise chains with .then over promisified I/O, cancellable by an
// AbortSignal.
// Library: none; native promises.
// Notice: the signal is threaded through as a step of its own: after every
// operation the chain passes through unlessAborted, which throws the
// signal's reason once the caller has given up, so the next operation is
// never issued and the one .catch rolls back, as for any failure. The
// operation in flight runs to its end, since the I/O takes no signal. An
// already-aborted signal rejects before any I/O; the commit, once issued, is
// heard as it ends.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, { signal } = {}) {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const blob = blobManager.create(account);
    const tx = db.begin();

    function unlessAborted(value) {
      signal?.throwIfAborted();
      return value;
    }

    function createFile(version) {
      const splitPath = idOrPath.split('/');
      const fileName = splitPath[splitPath.length - 1];
      const fileId = uuid.v1();
      return self
        .createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        })
        .then(unlessAborted)
        .then((query) => query.execWithin(tx))
        .then(unlessAborted)
        .then(() => fileId);
    }

    function saveVersion(blobId, file) {
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null,
      };
      version.id = Version.createHash(version);
      return Version.insert(version)
        .execWithin(tx)
        .then(unlessAborted)
        .then(() => (file ? file.id : createFile(version)))
        .then((fileId) =>
          FileVersion.insert({ fileId, versionId: version.id })
            .execWithin(tx)
            .then(unlessAborted)
            .then(() => File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx))
            .then(unlessAborted)
        );
    }

    return blob
      .put(stream)
      .then(unlessAborted)
      .then((blobId) => self.byUuidOrPath(idOrPath).get().then(unlessAborted).then((file) => saveVersion(blobId, file)))
      .catch((err) => {
        tx.rollback();
        throw err;
      })
      .then(() => tx.commit());
  };
