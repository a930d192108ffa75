'use strict';

// Style: async functions over promisified I/O (util.promisify, done once in lib/fakes).
// Library: none; native promises.
// Notice: reads like the synchronous version; one try/catch covers every step,
// and a synchronous throw becomes a rejection like any other failure.
// A caller that gives up passes { signal }, the convention of async
// functions: the I/O takes no signal, so the step under way runs on, and the
// check that closes the try turns giving up into a rollback, never a commit.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  async function upload(stream, idOrPath, tag, { signal } = {}) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    try {
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
      if (signal) signal.throwIfAborted();
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return tx.commit();
  };
