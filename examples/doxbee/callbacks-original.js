'use strict';

// Style: nested node-style callbacks, as in the 2013 article's original.
// Library: none.
// Notice: the pyramid, and an `if (err)` at every level. Unlike the article's
// version, a failure of blob.put or the lookup also rolls back the transaction.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, done) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    function backoff(err) {
      tx.rollback();
      return done(err);
    }
    blob.put(stream, function (err, blobId) {
      if (err) return backoff(err);
      self.byUuidOrPath(idOrPath).get(function (err, file) {
        if (err) return backoff(err);
        const previousId = file ? file.version : null;
        const version = {
          userAccountId: userAccount.id,
          date: new Date(),
          blobId: blobId,
          creatorId: userAccount.id,
          previousId: previousId,
        };
        version.id = Version.createHash(version);
        Version.insert(version).execWithin(tx, function (err) {
          if (err) return backoff(err);
          if (!file) {
            const splitPath = idOrPath.split('/');
            const fileName = splitPath[splitPath.length - 1];
            const newId = uuid.v1();
            self.createQuery(idOrPath, {
              id: newId,
              userAccountId: userAccount.id,
              name: fileName,
              version: version.id,
            }, function (err, q) {
              if (err) return backoff(err);
              q.execWithin(tx, function (err) {
                afterFileExists(err, newId);
              });
            });
          } else return afterFileExists(null, file.id);
        });
        function afterFileExists(err, fileId) {
          if (err) return backoff(err);
          FileVersion.insert({ fileId: fileId, versionId: version.id })
            .execWithin(tx, function (err) {
              if (err) return backoff(err);
              File.whereUpdate({ id: fileId }, { version: version.id })
                .execWithin(tx, function (err) {
                  if (err) return backoff(err);
                  tx.commit(done);
                });
            });
        }
      });
    });
  };
