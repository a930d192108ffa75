'use strict';

// Style: node-style callbacks, one method per step of a small class whose instance
// holds the upload's state.
// Library: none.
// Notice: the state shared between steps has a home (`this`), and each step is a
// method with a name; the price is `this.` everywhere and a `.bind(this)` for
// every method handed over as a callback.

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
      this.blob.put(this.stream, this.blobStored.bind(this));
    }

    blobStored(err, blobId) {
      if (err) return this.backoff(err);
      this.blobId = blobId;
      self.byUuidOrPath(this.idOrPath).get(this.fileLookedUp.bind(this));
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
      Version.insert(this.version).execWithin(this.tx, this.versionInserted.bind(this));
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
      }, this.fileQueryCreated.bind(this));
    }

    fileQueryCreated(err, query) {
      if (err) return this.backoff(err);
      query.execWithin(this.tx, this.fileInserted.bind(this));
    }

    fileInserted(err) {
      if (err) return this.backoff(err);
      this.linkVersion();
    }

    linkVersion() {
      FileVersion.insert({ fileId: this.fileId, versionId: this.version.id })
        .execWithin(this.tx, this.versionLinked.bind(this));
    }

    versionLinked(err) {
      if (err) return this.backoff(err);
      File.whereUpdate({ id: this.fileId }, { version: this.version.id })
        .execWithin(this.tx, this.fileUpdated.bind(this));
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
