'use strict';

const async = require('async');

// Style: node-style callbacks run in sequence by a control-flow library.
// Library: async (caolan), async.waterfall.
// Notice: a flat list of named steps and one error handler at the end; each
// step passes on what later steps need as arguments of `next`, so most I/O
// callbacks are wrapped to add them. A branch that does two operations still
// nests, with its own `if (err)`. The commit runs after the waterfall, so its
// failure goes to the caller without a rollback.

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
