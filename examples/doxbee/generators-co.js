'use strict';

const co = require('co');

// Style: generator functions driven by co, over promisified I/O (util.promisify,
// done once in lib/fakes).
// Library: co.
// Notice: `yield` stands where `await` would, years before async functions; co
// runs the generator and returns a promise, so one try/catch covers every step.
// Kept for comparison: co's README calls co "a stepping stone towards ES7
// async/await", which async functions now are (async-await).

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
