'use strict';

// Every example of every verifiable problem (one whose model carries what
// conformance reads) against its problem's reference, case by case: a problem
// added as a folder under examples/ is held to it with no test file of its own.
// What is particular to a problem, and the planted examples that prove its
// checks can fail, are in test/examples/<problem>.test.js.

const { problems } = require('../../lib/problems');
const { VERIFIABLE } = require('../../lib/verify');
const { harness } = require('./harness');

for (const problem of problems().filter((p) => VERIFIABLE.includes(p.name))) {
  describe(`${problem.name} conformance`, () => {
    const { itConforms } = harness(problem.name);
    for (const entry of problem.registry.examples) {
      describe(entry.name, () => {
        // Kept in the registry with the reason it cannot run here, shown as pending.
        if (entry.unavailable) {
          it(`cannot run: ${entry.unavailable}`, function () {
            this.skip();
          });
          return;
        }
        itConforms(entry);
      });
    }
  });
}
