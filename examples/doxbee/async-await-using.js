'use strict';

// Style: async functions with explicit resource management, over promisified
// I/O (util.promisify, done once in lib/fakes).
// Library: none; native promises and DisposableStack. Needs both `using` and
// the DisposableStack global (Node 24+; Node 20 and 22 have neither).
// Notice: no try/catch. The rollback is deferred on a DisposableStack held by
// `using`, so that leaving the function by a throw rolls the transaction back;
// move() disarms the stack just before the commit, so that a failed commit is
// not rolled back, as in the reference. The transaction itself is the
// driver's, untouched. Plain `using`, not `await using`: the rollback is
// started and not waited for, as every style here does; an
// AsyncDisposableStack would make the caller wait for it.
// A caller that gives up passes { signal }, the convention of async
// functions: checked before the stack is disarmed, it leaves the function by
// a throw, and the stack rolls back.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  async function upload(stream, idOrPath, tag, { signal } = {}) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    using rollback = new DisposableStack();
    rollback.defer(() => tx.rollback());
    const blobId = await blob.put(stream);
    const file = await self.byUuidOrPath(idOrPath).get();
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
      await query.execWithin(tx);
    }
    await FileVersion.insert({ fileId, versionId: version.id }).execWithin(tx);
    await File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx);
    signal?.throwIfAborted();
    rollback.move();
    return tx.commit();
  };
