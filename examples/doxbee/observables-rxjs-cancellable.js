'use strict';

const { defer, fromEvent, of, throwError, NEVER, concatMap, last, map, takeUntil, tap, throwIfEmpty } = require('rxjs');

// Style: RxJS operators over I/O made with bindNodeCallback (done once in
// lib/fakes), cancellable by an AbortSignal.
// Library: rxjs.
// Notice: the pipe of observables-rxjs with one operator more: takeUntil the
// signal's abort event cuts the work where it stands, so the next operation
// is never issued, and throwIfEmpty turns the work cut short before its one
// value into an error carrying the signal's reason, which the tap rolls back
// on, as for any failure. takeUntil sits before the commit, not last in the
// pipe as the usual advice has it: once issued, the commit is heard as it
// ends. An abort event fires once, so a signal aborted before the upload is
// subscribed to is checked in defer, before any I/O.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag, { signal } = {}) {
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
        .pipe(
          concatMap((query) => query.execWithin(tx)),
          map(() => fileId)
        );
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
        .pipe(
          concatMap(() => (file ? of(file.id) : createFile(tx, version))),
          concatMap((fileId) =>
            FileVersion.insert({ fileId, versionId: version.id })
              .execWithin(tx)
              .pipe(concatMap(() => File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx)))
          )
        );
    }

    return defer(() => {
      if (signal?.aborted) return throwError(() => signal.reason);
      const blob = blobManager.create(account);
      const tx = db.begin();
      const rollback = () => tx.rollback();
      return blob.put(stream).pipe(
        concatMap((blobId) =>
          self
            .byUuidOrPath(idOrPath)
            .get()
            .pipe(concatMap((file) => saveVersion(tx, blobId, file)))
        ),
        takeUntil(signal ? fromEvent(signal, 'abort') : NEVER),
        throwIfEmpty(() => signal.reason),
        tap({ error: rollback, unsubscribe: rollback }),
        last(),
        concatMap(() => tx.commit())
      );
    });
  };
