'use strict';

// Style: promise chains with .then over promisified I/O, cancellable by an
// AbortSignal.
// Library: none; native promises.
// Notice: the chain of promises-native, each handler that issues the next
// operation wrapped in unlessAborted, which throws the signal's reason once
// the caller has given up, so the next operation is never issued and the one
// rejection handler rolls back, as for any failure. The signal is read in the
// same step that issues the operation, not in a .then of its own: promises
// take a turn between two handlers, and an abort in that turn would let the
// next write through. The operation in flight runs to its end, since the I/O
// takes no signal. An already-aborted signal rejects before any I/O; the
// commit, once issued, is heard as it ends.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, { signal } = {}) {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const blob = blobManager.create(account);
    const tx = db.begin();

    function unlessAborted(step) {
      return (value) => {
        signal?.throwIfAborted();
        return step(value);
      };
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
        .then(unlessAborted((query) => query.execWithin(tx)))
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
        .then(unlessAborted(() => (file ? file.id : createFile(version))))
        .then(unlessAborted((fileId) =>
          FileVersion.insert({ fileId, versionId: version.id })
            .execWithin(tx)
            .then(unlessAborted(() => File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx)))
        ));
    }

    return blob
      .put(stream)
      .then(unlessAborted((blobId) => self.byUuidOrPath(idOrPath).get().then(unlessAborted((file) => saveVersion(blobId, file)))))
      .then(
        () => {
          // An abort since the last step: nothing was committed, so roll back.
          if (signal?.aborted) {
            tx.rollback();
            throw signal.reason;
          }
          return tx.commit();
        },
        (err) => {
          tx.rollback();
          throw err;
        }
      );
  };
