'use strict';

// Style: async functions with explicit resource management, over promisified
// I/O, cancellable by an AbortSignal.
// Library: none; native promises and DisposableStack (Node 24+).
// Notice: the signal is checked before the start and after every await, as
// in async-await-cancellable; a throw of its reason leaves the function, and
// the DisposableStack held by `using` rolls back, as for any failure. Plain
// `using`, not `await using` with an AsyncDisposableStack: the cancel
// contract would let the caller wait for the rollback, as the proposal
// teaches for a real driver, but every style here is held to the reference,
// which hears before its fire-and-forget rollback completes.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  async function upload(stream, idOrPath, tag, { signal } = {}) {
    signal?.throwIfAborted();
    const blob = blobManager.create(account);
    const tx = db.begin();
    using rollback = new DisposableStack();
    rollback.defer(() => tx.rollback());
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
    rollback.move();
    return tx.commit();
  };
