'use strict';

// Style: node-style callbacks, flattened into named functions declared at one level.
// Library: none.
// Notice: no pyramid, and each step has a name, but the order of the steps is
// spread over the calls at the ends of functions; results shared between steps
// become variables of the enclosing function, and every step still needs its
// `if (err)` line.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, done) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    let blobId;
    let file;
    let version;
    let fileId;

    blob.put(stream, blobStored);

    function blobStored(err, storedId) {
      if (err) return backoff(err);
      blobId = storedId;
      self.byUuidOrPath(idOrPath).get(fileLookedUp);
    }

    function fileLookedUp(err, found) {
      if (err) return backoff(err);
      file = found;
      version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId: blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null,
      };
      version.id = Version.createHash(version);
      Version.insert(version).execWithin(tx, versionInserted);
    }

    function versionInserted(err) {
      if (err) return backoff(err);
      if (file) {
        fileId = file.id;
        return linkVersion();
      }
      const splitPath = idOrPath.split('/');
      const fileName = splitPath[splitPath.length - 1];
      fileId = uuid.v1();
      self.createQuery(idOrPath, {
        id: fileId,
        userAccountId: userAccount.id,
        name: fileName,
        version: version.id,
      }, fileQueryCreated);
    }

    function fileQueryCreated(err, query) {
      if (err) return backoff(err);
      query.execWithin(tx, fileInserted);
    }

    function fileInserted(err) {
      if (err) return backoff(err);
      linkVersion();
    }

    function linkVersion() {
      FileVersion.insert({ fileId: fileId, versionId: version.id }).execWithin(tx, versionLinked);
    }

    function versionLinked(err) {
      if (err) return backoff(err);
      File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx, fileUpdated);
    }

    function fileUpdated(err) {
      if (err) return backoff(err);
      tx.commit(done);
    }

    function backoff(err) {
      tx.rollback();
      done(err);
    }
  };
