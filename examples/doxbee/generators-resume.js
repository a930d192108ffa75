'use strict';

const resume = require('../libraries/resume');

// Style: a generator over node-style callbacks, resumed by a small runner, as
// with the `suspend` and `genny` libraries.
// Library: examples/libraries/resume.js, a small runner of our own.
// Notice: it reads like async-await, yet the I/O keeps its callbacks: each call
// is handed `resume()` and yielded. One try/catch covers every step, and a
// synchronous throw from the I/O lands in it like any other failure.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  resume(function* upload(resume, stream, idOrPath, tag) {
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
