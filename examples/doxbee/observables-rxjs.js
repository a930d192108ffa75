'use strict';

const { defer, of, concatMap, map, tap } = require('rxjs');

// Style: RxJS operators over I/O made with bindNodeCallback (done once in
// lib/fakes): each call returns a cold Observable that emits its result once.
// Library: rxjs.
// Notice: nothing runs until someone subscribes, so the blob and the
// transaction are made inside defer. Each step is a concatMap; a value a later
// step needs keeps that step inside the pipe that produced it. An error skips
// every step down to the tap that rolls back, and a failed commit comes after it.

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
          map(() => fileId),
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
              .pipe(concatMap(() => File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx))),
          ),
        );
    }

    return defer(() => {
      const blob = blobManager.create(account);
      const tx = db.begin();
      return blob.put(stream).pipe(
        concatMap((blobId) =>
          self
            .byUuidOrPath(idOrPath)
            .get()
            .pipe(concatMap((file) => saveVersion(tx, blobId, file))),
        ),
        tap({ error: () => tx.rollback() }),
        concatMap(() => tx.commit()),
      );
    });
  };
