'use strict';

// Style: node-style callbacks, one method per step of a small class, each
// handed to the I/O with the instance to call it on, as in the 2013 article's
// flattened-class-ctx.
// Library: none; the I/O takes a context after each callback (the
// callbacks-ctx flavour, as the article's modified fakes did).
// Notice: the same class as callbacks-flattened-class without a single
// .bind(this): `this.blobStored, this` hands over the method and its state,
// so an upload makes no function at all. It asks of every API a second,
// unusual argument, which is why this style stayed in benchmarks.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) => {
  class Upload {
    constructor(stream, idOrPath, done) {
      this.stream = stream;
      this.idOrPath = idOrPath;
      this.done = done;
      this.blob = blobManager.create(account);
      this.tx = db.begin();
      this.blobId = null;
      this.file = null;
      this.version = null;
      this.fileId = null;
    }

    start() {
      this.blob.put(this.stream, this.blobStored, this);
    }

    blobStored(err, blobId) {
      if (err) return this.backoff(err);
      this.blobId = blobId;
      self.byUuidOrPath(this.idOrPath).get(this.fileLookedUp, this);
    }

    fileLookedUp(err, file) {
      if (err) return this.backoff(err);
      this.file = file;
      this.version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId: this.blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null,
      };
      this.version.id = Version.createHash(this.version);
      Version.insert(this.version).execWithin(this.tx, this.versionInserted, this);
    }

    versionInserted(err) {
      if (err) return this.backoff(err);
      if (this.file) {
        this.fileId = this.file.id;
        return this.linkVersion();
      }
      const splitPath = this.idOrPath.split('/');
      const fileName = splitPath[splitPath.length - 1];
      this.fileId = uuid.v1();
      self.createQuery(this.idOrPath, {
        id: this.fileId,
        userAccountId: userAccount.id,
        name: fileName,
        version: this.version.id,
      }, this.fileQueryCreated, this);
    }

    fileQueryCreated(err, query) {
      if (err) return this.backoff(err);
      query.execWithin(this.tx, this.fileInserted, this);
    }

    fileInserted(err) {
      if (err) return this.backoff(err);
      this.linkVersion();
    }

    linkVersion() {
      FileVersion.insert({ fileId: this.fileId, versionId: this.version.id })
        .execWithin(this.tx, this.versionLinked, this);
    }

    versionLinked(err) {
      if (err) return this.backoff(err);
      File.whereUpdate({ id: this.fileId }, { version: this.version.id })
        .execWithin(this.tx, this.fileUpdated, this);
    }

    fileUpdated(err) {
      if (err) return this.backoff(err);
      this.tx.commit(this.done);
    }

    backoff(err) {
      this.tx.rollback();
      this.done(err);
    }
  }

  return function upload(stream, idOrPath, tag, done) {
    new Upload(stream, idOrPath, done).start();
  };
};
