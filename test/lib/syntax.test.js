'use strict';

const assert = require('node:assert/strict');
const { SYNTAX, NEEDS, lacking, parsesHere } = require('../../lib/runtimes/syntax');
const doxbee = require('../../examples/doxbee');

describe('runtimes: syntax an example may need', () => {
  const record = (awaitUsing) => ({ spec: 'node@22', name: 'node', version: '22.1.0', syntax: awaitUsing === undefined ? undefined : { awaitUsing } });

  it('says why a runtime without it cannot run the example, and nothing where it can or where nothing is needed', () => {
    assert.equal(
      lacking('await using', record(false)),
      'needs `await using` (explicit resource management): Node 24+, Bun 1.x, Deno 2.x; this is node@22 (node 22.1.0)',
    );
    assert.equal(lacking('await using', record(true)), null);
    assert.equal(lacking(undefined, record(false)), null);
    // A record probed before syntax was: the child finds out as it loads.
    assert.equal(lacking('await using', record(undefined)), null);
  });

  it('refuses a syntax it does not know', () => {
    assert.throws(() => lacking('pipeline operator', null), /^RangeError: needs must be one of async functions, await using; got pipeline operator$/);
    assert.deepEqual(NEEDS, Object.keys(SYNTAX));
  });

  it('asks the node running asyncmark by compiling the probe, which agrees with loading the example', () => {
    const entry = doxbee.examples.find((e) => e.name === 'async-await-using');
    let loads = true;
    try {
      entry.load();
    } catch (error) {
      assert.ok(error instanceof SyntaxError, String(error));
      loads = false;
    }
    assert.equal(parsesHere('await using'), loads);
    assert.equal(lacking('await using', null) === null, loads);
    if (!loads) assert.match(lacking('await using', null), new RegExp(`; this is Node ${process.version.replace(/\./g, '\\.')}$`));
  });
});
