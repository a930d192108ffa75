'use strict';

const async = require('neo-async');

// Style: node-style callbacks run in sequence by a control-flow library.
// Library: neo-async, a faster reimplementation of caolan's async; its waterfall.
// Notice: the same code as callbacks-async-waterfall, only the library differs.
// Each step passes on what later steps need as arguments of `next`; a branch
// that does two operations still nests, with its own `if (err)`. Unlike async,
// neo-async defers a step whose predecessor called back synchronously (the
// found-file branch) to the next tick. The commit runs after the waterfall, so
// its failure goes to the caller without a rollback.
// Kept for comparison: neo-async's README recommends its author's Aigle for
// promises and async/await.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, done) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    async.waterfall([
      function storeBlob(next) {
        blob.put(stream, next);
      },
      function findFile(blobId, next) {
        self.byUuidOrPath(idOrPath).get(function (err, file) {
          next(err, blobId, file);
        });
      },
      function insertVersion(blobId, file, next) {
        const version = {
          userAccountId: userAccount.id,
          date: new Date(),
          blobId: blobId,
          creatorId: userAccount.id,
          previousId: file ? file.version : null,
        };
        version.id = Version.createHash(version);
        Version.insert(version).execWithin(tx, function (err) {
          next(err, file, version);
        });
      },
      function ensureFile(file, version, next) {
        if (file) return next(null, file.id, version);
        const splitPath = idOrPath.split('/');
        const fileName = splitPath[splitPath.length - 1];
        const fileId = uuid.v1();
        self.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        }, function (err, query) {
          if (err) return next(err);
          query.execWithin(tx, function (err) {
            next(err, fileId, version);
          });
        });
      },
      function linkVersion(fileId, version, next) {
        FileVersion.insert({ fileId: fileId, versionId: version.id }).execWithin(tx, function (err) {
          next(err, fileId, version);
        });
      },
      function updateFile(fileId, version, next) {
        File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx, function (err) {
          next(err);
        });
      },
    ], function (err) {
      if (err) {
        tx.rollback();
        return done(err);
      }
      tx.commit(done);
    });
  };
