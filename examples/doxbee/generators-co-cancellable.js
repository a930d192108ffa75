'use strict';

const co = require('co');

// Style: generator functions driven by co, over promisified I/O, cancellable
// by an AbortSignal.
// Library: co.
// Notice: co has no cancellation of its own (its promise cannot be
// cancelled, nor the generator stopped from outside), so the signal is
// checked as async functions check it: before the start and after every
// yield, where throwIfAborted() throws the reason into the one try/catch
// that rolls back. The operation in flight runs to its end; the commit, once
// issued, is heard as it ends.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  co.wrap(function* upload(stream, idOrPath, tag, { signal } = {}) {
    signal?.throwIfAborted();
    const blob = blobManager.create(account);
    const tx = db.begin();
    try {
      const blobId = yield blob.put(stream);
      signal?.throwIfAborted();
      const file = yield self.byUuidOrPath(idOrPath).get();
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
      yield Version.insert(version).execWithin(tx);
      signal?.throwIfAborted();
      let fileId;
      if (file) {
        fileId = file.id;
      } else {
        const splitPath = idOrPath.split('/');
        const fileName = splitPath[splitPath.length - 1];
        fileId = uuid.v1();
        const query = yield self.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        });
        signal?.throwIfAborted();
        yield query.execWithin(tx);
        signal?.throwIfAborted();
      }
      yield FileVersion.insert({ fileId, versionId: version.id }).execWithin(tx);
      signal?.throwIfAborted();
      yield File.whereUpdate({ id: fileId }, { version: version.id }).execWithin(tx);
      signal?.throwIfAborted();
    } catch (err) {
      tx.rollback();
      throw err;
    }
    yield tx.commit();
  });
