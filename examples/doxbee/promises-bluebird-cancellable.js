'use strict';

const Bluebird = require('bluebird');

// Style: promise chains over I/O promisified with bluebird, cancellable by
// an AbortSignal.
// Library: bluebird.
// Notice: the signal is threaded through the chain with bluebird's .tap: after
// every operation, unlessAborted throws the signal's reason once the caller
// has given up, the value passing on untouched otherwise, and .tapCatch rolls
// back as for any failure. Not bluebird's own cancellation: it must be
// switched on for the whole process (Promise.config({ cancellation: true }))
// before any bluebird promise exists, so one module cannot choose it, and a
// cancelled promise never settles, so the caller never hears the reason
// (its onCancel handlers run, the rest of the chain is dropped).

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, { signal } = {}) {
    if (signal?.aborted) return Bluebird.reject(signal.reason);
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
        .thenReturn(fileId);
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
      .tapCatch(() => tx.rollback())
      .then(() => tx.commit());
  };
