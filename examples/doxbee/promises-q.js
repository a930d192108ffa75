'use strict';

// Style: promise chains over I/O made with Q.denodeify (done once in lib/fakes).
// Library: q.
// Notice: the shape of the native chain, with Q's .thenResolve to hand on the
// new file's id. The promise upload() returns is a Q promise; Q runs every
// handler on its own queue, in a later tick, never synchronously.
// Kept for comparison: Q came before native promises, which with async
// functions now do what it did; its README names no successor.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag) {
    const blob = blobManager.create(account);
    const tx = db.begin();

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
        .then((query) => query.execWithin(tx))
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
        .then(() => (file ? file.id : createFile(version)))
        .then((fileId) =>
          FileVersion.insert({ fileId, versionId: version.id })
            .execWithin(tx)
            .then(() => File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx))
        );
    }

    return blob
      .put(stream)
      .then((blobId) => self.byUuidOrPath(idOrPath).get().then((file) => saveVersion(blobId, file)))
      .catch((err) => {
        tx.rollback();
        throw err;
      })
      .then(() => tx.commit());
  };
