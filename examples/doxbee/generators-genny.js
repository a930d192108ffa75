'use strict';

const genny = require('genny');

// Style: a generator over node-style callbacks, run by genny.
// Library: genny, by the 2013 article's author.
// Notice: genny hands the generator its resume as the last argument, in place
// of the caller's callback, and each call is handed resume(); the callback the
// caller passed hears the generator's return value or what it throws. One
// try/catch covers every step, synchronous throws of the I/O included.
// Kept for comparison: a library that runs a generator over callbacks is what
// async functions made standard; its README names no successor.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  genny.fn(function* upload(stream, idOrPath, tag, resume) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    try {
      const blobId = yield blob.put(stream, resume());
      const file = yield self.byUuidOrPath(idOrPath).get(resume());
      const previousId = file ? file.version : null;
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId,
        creatorId: userAccount.id,
        previousId,
      };
      version.id = Version.createHash(version);
      yield Version.insert(version).execWithin(tx, resume());
      let fileId;
      if (file) {
        fileId = file.id;
      } else {
        const splitPath = idOrPath.split('/');
        const fileName = splitPath[splitPath.length - 1];
        fileId = uuid.v1();
        const query = yield self.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        }, resume());
        yield query.execWithin(tx, resume());
      }
      yield FileVersion.insert({ fileId, versionId: version.id }).execWithin(tx, resume());
      yield File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx, resume());
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return yield tx.commit(resume());
  });
