'use strict';

// Style: async functions with explicit resource management: the transaction is
// an AsyncDisposable held by `await using`, over promisified I/O
// (util.promisify, done once in lib/fakes).
// Library: none; native promises. Needs Node 24+, Bun or Deno: Node 20 and 22
// cannot parse `await using`.
// Notice: no try/catch. Leaving the function by a throw disposes of the
// transaction, which rolls it back; commit() marks it ended first, so that a
// failed commit is not rolled back, as in the reference. The disposer starts
// the rollback and does not wait for it, as every style here does. The wrapper
// is what a user of a driver without disposable transactions writes, and is
// counted as this example's code.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  async function upload(stream, idOrPath, tag) {
    const blob = blobManager.create(account);
    await using tx = rollbackUnlessCommitted(db.begin());
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
    return tx.commit();
  };

// The driver's transaction, still one (queries run within it: it is its
// prototype), that rolls itself back when disposed of unless commit() was
// called.
function rollbackUnlessCommitted(tx) {
  let committed = false;
  const disposable = Object.create(tx);
  disposable.commit = () => {
    committed = true;
    return tx.commit();
  };
  disposable[Symbol.asyncDispose] = async () => {
    if (!committed) tx.rollback();
  };
  return disposable;
}
