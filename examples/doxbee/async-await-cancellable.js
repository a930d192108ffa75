'use strict';

// Style: async functions over promisified I/O, cancellable by an AbortSignal.
// Library: none; native promises.
// Notice: the caller passes { signal }, the convention of async functions,
// and the upload checks it before it starts and after every await: the I/O
// takes no signal, so the operation in flight runs to its end, but nothing
// is issued after the abort, and the caller hears signal.reason at the next
// step. throwIfAborted() turns the abort into a throw like any failure, so
// the one catch rolls back; the commit, once issued, is not called back.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  async function upload(stream, idOrPath, tag, { signal } = {}) {
    signal?.throwIfAborted();
    const blob = blobManager.create(account);
    const tx = db.begin();
    try {
      const blobId = await blob.put(stream);
      signal?.throwIfAborted();
      const file = await self.byUuidOrPath(idOrPath).get();
      signal?.throwIfAborted();
      const previousId = file ? file.version : null;
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId,
        creatorId: userAccount.id,
        previousId,
      };
      version.id = Version.createHash(version);
      await Version.insert(version).execWithin(tx);
      signal?.throwIfAborted();
      let fileId;
      if (file) {
        fileId = file.id;
      } else {
        const splitPath = idOrPath.split('/');
        const fileName = splitPath[splitPath.length - 1];
        fileId = uuid.v1();
        const query = await self.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        });
        signal?.throwIfAborted();
        await query.execWithin(tx);
        signal?.throwIfAborted();
      }
      await FileVersion.insert({ fileId, versionId: version.id }).execWithin(tx);
      signal?.throwIfAborted();
      await File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx);
      signal?.throwIfAborted();
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return tx.commit();
  };
