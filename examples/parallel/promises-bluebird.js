'use strict';

const Bluebird = require('bluebird');

// Style: promise chains over I/O promisified with bluebird (Promise.promisify,
// done once in lib/fakes).
// Library: bluebird.
// Notice: Promise.map turns the indices into inserts and waits for all of them
// in one call, and .tapCatch rolls back on the way past without rethrowing.
// Promise.map calls the mapper later, from bluebird's own queue, which runs
// in the async context (AsyncLocalStorage) of the upload that filled it first:
// that is where the others' context is lost. Promise.config({ asyncHooks:
// true }) (bluebird 3.7+) keeps each one's; this example, like a default
// install, does not set it.
// Kept for comparison: bluebird's README now asks for native promises where
// they will do, bluebird being for its extras (cancellation, .map with a
// concurrency limit, long stack traces).

module.exports = ({ db, FileVersion, parallelQueries }) =>
  function upload(stream, idOrPath, tag) {
    const tx = db.begin();
    const indices = Array.from({ length: parallelQueries }, (_, index) => index);
    return Bluebird.map(indices, (index) => FileVersion.insert({ fileId: idOrPath, index }).execWithin(tx))
      .tapCatch(() => tx.rollback())
      .then(() => tx.commit());
  };
