'use strict';

const Q = require('q');

// Style: promise chains over I/O made with Q.denodeify, cancellable by an
// AbortSignal.
// Library: q.
// Notice: Q has no cancellation (its promises cannot be cancelled), so the
// signal is threaded through the chain with Q's .tap: after every
// operation, unlessAborted throws the signal's reason once the caller has
// given up, and the one .catch rolls back as for any failure. An
// already-aborted signal is a rejected Q promise, with no I/O issued; the
// commit, once issued, is heard as it ends.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, { signal } = {}) {
    if (signal?.aborted) return Q.reject(signal.reason);
    const blob = blobManager.create(account);
    const tx = db.begin();

    function unlessAborted() {
      signal?.throwIfAborted();
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
        .tap(unlessAborted)
        .then((query) => query.execWithin(tx))
        .tap(unlessAborted)
        .thenResolve(fileId);
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
        .tap(unlessAborted)
        .then(() => (file ? file.id : createFile(version)))
        .then((fileId) =>
          FileVersion.insert({ fileId, versionId: version.id })
            .execWithin(tx)
            .tap(unlessAborted)
            .then(() => File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx))
            .tap(unlessAborted)
        );
    }

    return blob
      .put(stream)
      .tap(unlessAborted)
      .then((blobId) => self.byUuidOrPath(idOrPath).get().tap(unlessAborted).then((file) => saveVersion(blobId, file)))
      .catch((err) => {
        tx.rollback();
        throw err;
      })
      .then(() => tx.commit());
  };
