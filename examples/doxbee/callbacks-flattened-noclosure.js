'use strict';

// Style: node-style callbacks, flattened into functions that close over the
// I/O only and are handed the upload's state as arguments, as in the 2013
// article's flattened-noclosure.
// Library: none.
// Notice: no step shares a scope with upload: each after…() receives the
// transaction and whatever later steps need, and returns the callback. The
// steps are made once per I/O, not per upload; the price is the argument
// lists, which grow with every value a later step reads and must be passed on
// by every step in between.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) => {
  function afterBlobStored(tx, idOrPath, done) {
    return function (err, blobId) {
      if (err) return backoff(err, tx, done);
      self.byUuidOrPath(idOrPath).get(afterFileLookedUp(tx, idOrPath, blobId, done));
    };
  }

  function afterFileLookedUp(tx, idOrPath, blobId, done) {
    return function (err, file) {
      if (err) return backoff(err, tx, done);
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId: blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null,
      };
      version.id = Version.createHash(version);
      Version.insert(version).execWithin(tx, afterVersionInserted(tx, idOrPath, file, version, done));
    };
  }

  function afterVersionInserted(tx, idOrPath, file, version, done) {
    return function (err) {
      if (err) return backoff(err, tx, done);
      if (file) return linkVersion(tx, file.id, version, done);
      const splitPath = idOrPath.split('/');
      const fileName = splitPath[splitPath.length - 1];
      const fileId = uuid.v1();
      self.createQuery(idOrPath, {
        id: fileId,
        userAccountId: userAccount.id,
        name: fileName,
        version: version.id,
      }, afterQueryCreated(tx, fileId, version, done));
    };
  }

  function afterQueryCreated(tx, fileId, version, done) {
    return function (err, query) {
      if (err) return backoff(err, tx, done);
      query.execWithin(tx, afterFileInserted(tx, fileId, version, done));
    };
  }

  function afterFileInserted(tx, fileId, version, done) {
    return function (err) {
      if (err) return backoff(err, tx, done);
      linkVersion(tx, fileId, version, done);
    };
  }

  function linkVersion(tx, fileId, version, done) {
    FileVersion.insert({ fileId: fileId, versionId: version.id })
      .execWithin(tx, afterVersionLinked(tx, fileId, version, done));
  }

  function afterVersionLinked(tx, fileId, version, done) {
    return function (err) {
      if (err) return backoff(err, tx, done);
      File.whereUpdate({ id: fileId }, { version: version.id })
        .execWithin(tx, afterFileUpdated(tx, done));
    };
  }

  function afterFileUpdated(tx, done) {
    return function (err) {
      if (err) return backoff(err, tx, done);
      tx.commit(done);
    };
  }

  function backoff(err, tx, done) {
    tx.rollback();
    done(err);
  }

  return function upload(stream, idOrPath, tag, done) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    blob.put(stream, afterBlobStored(tx, idOrPath, done));
  };
};
