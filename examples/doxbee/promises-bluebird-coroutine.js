'use strict';

const Promise = require('bluebird');

// Style: generator functions driven by bluebird's Promise.coroutine, over I/O
// promisified with bluebird (done once in lib/fakes).
// Library: bluebird.
// Notice: the same body as with co; bluebird drives the generator itself and
// the caller gets a bluebird promise. Only promises may be yielded.
// Kept for comparison: bluebird's README now asks for native promises where
// they will do, bluebird being for its extras (cancellation, .map with a
// concurrency limit, long stack traces).

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  Promise.coroutine(function* upload(stream, idOrPath, tag) {
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
