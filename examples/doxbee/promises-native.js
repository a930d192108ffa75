'use strict';

// Style: promise chains with .then, over promisified I/O (util.promisify, done
// once in lib/fakes).
// Library: none; native promises.
// Notice: each step returns the next promise, so the chain stays flat until a
// later step needs an earlier value (the blob id, the file, the version); then
// it nests or moves into a helper. One .catch before the commit rolls back
// whatever failed before it, and a failed commit passes it by.

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
