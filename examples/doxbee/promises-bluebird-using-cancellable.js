'use strict';

const Bluebird = require('bluebird');

// Style: promise chains over I/O promisified with bluebird, the transaction
// held by Promise.using and a disposer, cancellable by an AbortSignal.
// Library: bluebird.
// Notice: the disposer looks at how the use ended and rolls back unless it was
// fulfilled, whatever failed, the abort included; the signal is threaded
// through the use with .tap, as in promises-bluebird-cancellable. bluebird's
// own cancellation of a using runs its disposer too, but a cancelled promise
// calls none of its handlers, so the caller would never hear the reason. The
// commit follows the using, not inside the disposer as bluebird's
// documentation shows it: bluebird throws a disposer's rejection from a timer,
// where it ends the process, so a failed commit could not reach the caller;
// and there the signal is read once more, as bluebird's queue may run the
// disposer turns after the last step.
// The use is called from bluebird's own queue, which runs all it holds in the
// async context of whoever filled it first (unless Promise.config({
// asyncHooks: true }), for the whole process): uploads begun together lose
// theirs.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, { signal } = {}) {
    if (signal?.aborted) return Bluebird.reject(signal.reason);
    const blob = blobManager.create(account);

    function transaction() {
      return Bluebird.resolve(db.begin()).disposer((tx, use) => {
        if (!use.isFulfilled()) tx.rollback();
      });
    }

    function unlessAborted() {
      signal?.throwIfAborted();
    }

    function createFile(tx, version) {
      const splitPath = idOrPath.split('/');
      const fileName = splitPath[splitPath.length - 1];
      const fileId = uuid.v1();
      return self
        .createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        })
        .tap(unlessAborted)
        .then((query) => query.execWithin(tx))
        .tap(unlessAborted)
        .thenReturn(fileId);
    }

    function saveVersion(tx, blobId, file) {
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId,
        creatorId: userAccount.id,
        previousId: file ? file.version : null,
      };
      version.id = Version.createHash(version);
      return Version.insert(version)
        .execWithin(tx)
        .tap(unlessAborted)
        .then(() => (file ? file.id : createFile(tx, version)))
        .then((fileId) =>
          FileVersion.insert({ fileId, versionId: version.id })
            .execWithin(tx)
            .tap(unlessAborted)
            .then(() => File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx))
            .tap(unlessAborted)
        );
    }

    return Bluebird.using(transaction(), (tx) =>
      blob
        .put(stream)
        .tap(unlessAborted)
        .then((blobId) => self.byUuidOrPath(idOrPath).get().tap(unlessAborted).then((file) => saveVersion(tx, blobId, file)))
        .thenReturn(tx)
    ).then((tx) => {
      // The disposer has run by now: an abort since the last step is rolled back here.
      if (signal?.aborted) {
        tx.rollback();
        throw signal.reason;
      }
      return tx.commit();
    });
  };
