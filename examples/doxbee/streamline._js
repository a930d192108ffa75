'use strict';

// Style: straight-line code in which `_` marks each wait, compiled to node-style
// callbacks by streamline's transform when the file is required (its callbacks
// mode: no fibers, no generators).
// Library: streamline.
// Notice: the code of async-await without async or await: `_` stands where
// the callback would, upload(stream, idOrPath, tag, _) is an ordinary
// node-style function to its caller, and one try/catch covers every step. The
// price is a build step: this file is not JavaScript that runs as written, and
// the transform's parser (2014) knows neither arrow functions nor a const
// that waits, so the file is written as in 2013, with var.
// Kept for comparison, as the 2013 article measured it: async functions now
// give the same straight-line code with no build step; the installed 0.10
// (2014) README names no successor.

module.exports = function ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) {
  return function upload(stream, idOrPath, tag, _) {
    var blob = blobManager.create(account);
    var tx = db.begin();
    try {
      var blobId = blob.put(stream, _);
      var file = self.byUuidOrPath(idOrPath).get(_);
      var previousId = file ? file.version : null;
      var version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId: blobId,
        creatorId: userAccount.id,
        previousId: previousId,
      };
      version.id = Version.createHash(version);
      Version.insert(version).execWithin(tx, _);
      var fileId;
      if (file) {
        fileId = file.id;
      } else {
        var splitPath = idOrPath.split('/');
        var fileName = splitPath[splitPath.length - 1];
        fileId = uuid.v1();
        var query = self.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        }, _);
        query.execWithin(tx, _);
      }
      FileVersion.insert({ fileId: fileId, versionId: version.id }).execWithin(tx, _);
      File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx, _);
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return tx.commit(_);
  };
};
