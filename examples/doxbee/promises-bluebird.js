'use strict';

// Style: promise chains over I/O promisified with bluebird (Promise.promisify,
// done once in lib/fakes).
// Library: bluebird.
// Notice: the shape of the native chain, with bluebird's shorthands where they
// say what is meant: .thenReturn hands on the new file's id, and .tapCatch rolls
// back on the way past without having to rethrow the error.
// Kept for comparison: bluebird's README now asks for native promises where
// they will do, bluebird being for its extras (cancellation, .map with a
// concurrency limit, long stack traces).

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
      .tapCatch(() => tx.rollback())
      .then(() => tx.commit());
  };
