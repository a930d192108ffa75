'use strict';

const Q = require('q');

// Style: generator functions driven by Q.async, over I/O made with Q.denodeify
// (done once in lib/fakes).
// Library: q.
// Notice: the same body as with co; Q.async drives the generator and the caller
// gets a Q promise. The generator runs at once up to its first yield, while the
// denodeified I/O starts only on Q's next tick.
// Kept for comparison: Q came before native promises, which with async
// functions now do what it did; its README names no successor.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  Q.async(function* upload(stream, idOrPath, tag) {
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
