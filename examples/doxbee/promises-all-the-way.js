'use strict';

const when = require('when');
const keys = require('when/keys');
const fn = require('when/function');

// Style: promises all the way: every value is a promise, and every operator,
// property access and call that touches one is lifted to take promises, as in
// the 2013 article's promises.js. The I/O is lifted by when/node (done once in
// lib/fakes), and its methods, too, wait for promised arguments.
// Library: when (when/function's lift and call, when/keys, when.join).
// Notice: no chain of .then; the order of the steps is the order of the data.
// Where a step must wait for one whose value it does not use, the wait is
// written out with after(a, b), the comma operator lifted. Deliberately
// extreme, and kept because the article measured it the slowest by far.
// Kept for comparison: when.js came before native promises (it ships an ES6
// Promise shim), which with async functions now do what it did; its README
// names no successor.

// The operators this style needs, lifted to promises.
const get = fn.lift((object, key) => object[key]); // object[key]
const call = fn.lift((object, method, ...args) => object[method](...args)); // object.method(...args)
const set = fn.lift((object, key, value) => Object.assign(object, { [key]: value })); // object[key] = value
// The comma operator: b, once a is done. Joined, so that a failure of either is seen.
const after = (a, b) => get(when.join(a, b), 1);
// The conditional operator: yes() or no() once the test is known; only that branch runs.
const ifElse = (test, yes, no) => when(test).then((value) => (value ? yes() : no()));

module.exports = ({ blobManager, account, db, self, userAccount, Version, File, FileVersion, uuid }) =>
  function upload(stream, idOrPath, tag) {
    const blob = blobManager.create(account);
    const tx = db.begin();
    const blobId = blob.put(stream);
    const file = call(after(blobId, self.byUuidOrPath(idOrPath)), 'get');
    const version = keys.all({
      userAccountId: userAccount.id,
      date: new Date(),
      blobId,
      creatorId: userAccount.id,
      previousId: ifElse(file, () => get(file, 'version'), () => null),
    });
    const versionId = fn.call(Version.createHash, version);
    const versionInserted = call(fn.call(Version.insert, set(version, 'id', versionId)), 'execWithin', tx);
    const fileId = ifElse(after(versionInserted, file), () => get(file, 'id'), createFile);

    function createFile() {
      const splitPath = idOrPath.split('/');
      const fileName = splitPath[splitPath.length - 1];
      const newId = uuid.v1();
      const query = self.createQuery(idOrPath, keys.all({
        id: newId,
        userAccountId: userAccount.id,
        name: fileName,
        version: versionId,
      }));
      return after(call(query, 'execWithin', tx), newId);
    }

    // keys.all would order the row's fields as their values arrive.
    const link = when.join(fileId, versionId).spread((fileId, versionId) => FileVersion.insert({ fileId, versionId }));
    const versionLinked = call(link, 'execWithin', tx);
    const update = when.join(keys.all({ id: fileId }), keys.all({ version: versionId })).spread(File.whereUpdate);
    const fileUpdated = call(after(versionLinked, update), 'execWithin', tx);
    const saved = fileUpdated.catch((err) => {
      tx.rollback();
      throw err;
    });
    return call(after(saved, tx), 'commit');
  };
