'use strict';

// Style: nested node-style callbacks, cancellable by an AbortSignal.
// Library: none.
// Notice: the options come before the callback, as in fs.readFile(path,
// { signal }, cb), and may be left out. Every callback checks the signal
// before the next step, in the same `if` as its error: the operation in
// flight runs to its end, nothing is issued after the abort, and the caller
// hears signal.reason. An already-aborted signal is called back on the next
// tick with no I/O issued, as a callback API must never call back
// synchronously. Once the commit is issued, the caller hears its outcome.

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
    function backoff(err) {
      tx.rollback();
      return done(err);
    }
    blob.put(stream, function (err, blobId) {
      if (err || signal?.aborted) return backoff(err ?? signal.reason);
      self.byUuidOrPath(idOrPath).get(function (err, file) {
        if (err || signal?.aborted) return backoff(err ?? signal.reason);
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
          if (err || signal?.aborted) return backoff(err ?? signal.reason);
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
              if (err || signal?.aborted) return backoff(err ?? signal.reason);
              q.execWithin(tx, function (err) {
                afterFileExists(err, newId);
              });
            });
          } else return afterFileExists(null, file.id);
        });
        function afterFileExists(err, fileId) {
          if (err || signal?.aborted) return backoff(err ?? signal.reason);
          FileVersion.insert({ fileId: fileId, versionId: version.id })
            .execWithin(tx, function (err) {
              if (err || signal?.aborted) return backoff(err ?? signal.reason);
              File.whereUpdate({ id: fileId }, { version: version.id })
                .execWithin(tx, function (err) {
                  if (err || signal?.aborted) return backoff(err ?? signal.reason);
                  tx.commit(done);
                });
            });
        }
      });
    });
  };
