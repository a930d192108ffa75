'use strict';

const co = require('co');

// Style: generator functions driven by co, over thunks (thunkify, done once in
// lib/fakes).
// Library: co; the I/O methods are thunkified with thunkify.
// Notice: the body is the same as over promises. Each call returns a thunk,
// fn(callback), which does nothing until co calls it, so a step that is not
// yielded never runs; co still returns a promise, and one try/catch covers
// every step.
// Kept for comparison: co's README calls co "a stepping stone towards ES7
// async/await", and keeps thunks "only for backwards compatibility", to be
// removed in a future version; over promises it is generators-co, and with
// async functions, async-await.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  co.wrap(function* upload(stream, idOrPath, tag) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    try {
      const blobId = yield blob.put(stream);
      const file = yield self.byUuidOrPath(idOrPath).get();
      const previousId = file ? file.version : null;
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId,
        creatorId: userAccount.id,
        previousId,
      };
      version.id = Version.createHash(version);
      yield Version.insert(version).execWithin(tx);
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
        });
        yield query.execWithin(tx);
      }
      yield FileVersion.insert({ fileId, versionId: version.id }).execWithin(tx);
      yield File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx);
    } catch (err) {
      tx.rollback();
      throw err;
    }
    yield tx.commit();
  });
