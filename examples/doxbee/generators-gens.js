'use strict';

const gens = require('gens');

// Style: a generator yielding thunks (thunkify, done once in lib/fakes), run by
// gens, around a node-style function that owns the transaction.
// Library: gens.
// Notice: gens hands a failure straight to the callback instead of throwing it
// into the generator, so a try/catch inside could not roll back. The generator
// does the steps up to the commit; the plain function around it rolls back on
// a failure and commits otherwise, which also keeps a failed commit from being
// rolled back.
// Kept for comparison: a library that runs a generator over callbacks is what
// async functions made standard; its README names no successor.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) => {
  const saveVersion = gens(function* saveVersion(blob, tx, stream, idOrPath) {
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
  });

  return function upload(stream, idOrPath, tag, done) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    saveVersion(blob, tx, stream, idOrPath, function (err) {
      if (err) {
        tx.rollback();
        return done(err);
      }
      tx.commit()(done);
    });
  };
};
