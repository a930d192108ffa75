'use strict';

const { defer, of, concatMap, last, map, tap } = require('rxjs');

// Style: RxJS operators over I/O made with bindNodeCallback (done once in
// lib/fakes). Each call returns an Observable that starts the I/O when first
// subscribed to and replays its one result to later subscribers (an
// AsyncSubject), so it is not cold: retry() on it would not repeat the I/O.
// defer makes the whole upload cold: each subscription is a new upload.
// Library: rxjs.
// Notice: each step is a concatMap; a value a later step needs keeps that step
// inside the pipe that produced it. An error skips every step down to the tap
// that rolls back. The same tap rolls back when the subscriber unsubscribes
// before the commit (RxJS 7.3+), so a caller that gives up does not leave the
// transaction open. last() starts the commit only once the work has completed,
// past the tap, so that a failed commit is not rolled back.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag) {
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
        tap({ error: rollback, unsubscribe: rollback }),
        last(),
        concatMap(() => tx.commit())
      );
    });
  };
