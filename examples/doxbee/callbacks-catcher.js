'use strict';

const catcher = require('../libraries/catcher');

// Style: nested node-style callbacks whose errors go to one handler, in the
// spirit of `domain.intercept`.
// Library: examples/libraries/catcher.js, a tiny helper of our own.
// Notice: the same pyramid as the original, without an `if (err)` line in any
// callback; every intercepted error is rolled back in one place, while the
// commit's callback is the caller's own and so is not rolled back.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, done) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    const intercept = catcher(function backoff(err) {
      tx.rollback();
      done(err);
    });
    blob.put(stream, intercept(function (blobId) {
      self.byUuidOrPath(idOrPath).get(intercept(function (file) {
        const previousId = file ? file.version : null;
        const version = {
          userAccountId: userAccount.id,
          date: new Date(),
          blobId: blobId,
          creatorId: userAccount.id,
          previousId: previousId,
        };
        version.id = Version.createHash(version);
        Version.insert(version).execWithin(tx, intercept(function () {
          if (file) return afterFileExists(file.id);
          const splitPath = idOrPath.split('/');
          const fileName = splitPath[splitPath.length - 1];
          const newId = uuid.v1();
          self.createQuery(idOrPath, {
            id: newId,
            userAccountId: userAccount.id,
            name: fileName,
            version: version.id,
          }, intercept(function (q) {
            q.execWithin(tx, intercept(function () {
              afterFileExists(newId);
            }));
          }));
        }));
        function afterFileExists(fileId) {
          FileVersion.insert({ fileId: fileId, versionId: version.id })
            .execWithin(tx, intercept(function () {
              File.whereUpdate({ id: fileId }, { version: version.id })
                .execWithin(tx, intercept(function () {
                  tx.commit(done);
                }));
            }));
        }
      }));
    }));
  };
