'use strict';

const fibrous = require('fibrous');

// Style: straight-line code on fibers: each node-style method is called through
// `.sync`, which suspends the fiber until its callback comes.
// Library: fibrous, on the fibers native module.
// Notice: no yield, no await, no `_`: a wait looks like any call, so nothing
// in the code says where other work can run in between. fibrous makes upload
// a node-style function and one try/catch covers every step. fibers is a
// native module for the V8 of its day and does not build for today's Node,
// so this file is counted but cannot run (its registry entry says why).
// Kept for comparison: fibers no longer builds for today's Node, and async
// functions give the same straight-line code, with the waits marked.

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  fibrous(function upload(stream, idOrPath, tag) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    try {
      const blobId = blob.sync.put(stream);
      const file = self.byUuidOrPath(idOrPath).sync.get();
      const previousId = file ? file.version : null;
      const version = {
        userAccountId: userAccount.id,
        date: new Date(),
        blobId,
        creatorId: userAccount.id,
        previousId,
      };
      version.id = Version.createHash(version);
      Version.insert(version).sync.execWithin(tx);
      let fileId;
      if (file) {
        fileId = file.id;
      } else {
        const splitPath = idOrPath.split('/');
        const fileName = splitPath[splitPath.length - 1];
        fileId = uuid.v1();
        const query = self.sync.createQuery(idOrPath, {
          id: fileId,
          userAccountId: userAccount.id,
          name: fileName,
          version: version.id,
        });
        query.sync.execWithin(tx);
      }
      FileVersion.insert({ fileId, versionId: version.id }).sync.execWithin(tx);
      File.whereUpdate({ id: fileId }, { version: version.id }).sync.execWithin(tx);
    } catch (err) {
      tx.rollback();
      throw err;
    }
    return tx.sync.commit();
  });
