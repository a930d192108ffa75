'use strict';

const Bluebird = require('bluebird');

// Style: promise chains over I/O promisified with bluebird (Promise.promisify,
// done once in lib/fakes).
// Library: bluebird.
// Notice: Promise.map turns the indices into inserts and waits for all of them
// in one call, and .tapCatch rolls back on the way past without rethrowing.

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag) {
    const tx = db.begin();
    const indices = Array.from({ length: parallelQueries }, (_, index) => index);
    return Bluebird.map(indices, (index) => FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx))
      .tapCatch(() => tx.rollback())
      .then(() => tx.commit());
  };
