'use strict';

const async = require('async');

// Style: node-style callbacks run in sequence by a control-flow library,
// cancellable by an AbortSignal.
// Library: async (caolan), async.waterfall.
// Notice: async.js has no signal of its own: its only way to stop a
// waterfall, next(false), drops the final callback, so the caller would
// never hear. Each step instead begins by handing the signal's reason to
// `next` once the caller has given up, and the one error handler rolls
// back; the end of the waterfall checks it once more before the commit. The
// options come before the callback and may be left out, as in
// fs.readFile(path, { signal }, cb); an already-aborted signal is called
// back on the next tick with no I/O issued.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, options, done) {
    if (typeof options === 'function') {
      done = options;
      options = {};
    }
    const { signal } = options;
    if (signal?.aborted) return process.nextTick(done, signal.reason);
    const blob = blobManager.create(account);
    const tx = db.begin();
    async.waterfall([
      function storeBlob(next) {
        blob.put(stream, next);
      },
      function findFile(blobId, next) {
        if (signal?.aborted) return next(signal.reason);
        self.byUuidOrPath(idOrPath).get(function (err, file) {
          next(err, blobId, file);
        });
      },
      function insertVersion(blobId, file, next) {
        if (signal?.aborted) return next(signal.reason);
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
        if (signal?.aborted) return next(signal.reason);
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
          if (err || signal?.aborted) return next(err ?? signal.reason);
          query.execWithin(tx, function (err) {
            next(err, fileId, version);
          });
        });
      },
      function linkVersion(fileId, version, next) {
        if (signal?.aborted) return next(signal.reason);
        FileVersion.insert({ fileId: fileId, versionId: version.id }).execWithin(tx, function (err) {
          next(err, fileId, version);
        });
      },
      function updateFile(fileId, version, next) {
        if (signal?.aborted) return next(signal.reason);
        File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx, function (err) {
          next(err);
        });
      },
    ], function (err) {
      if (err || signal?.aborted) {
        tx.rollback();
        return done(err ?? signal.reason);
      }
      tx.commit(done);
    });
  };
