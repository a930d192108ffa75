'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const { SYNTAX, NEEDS, lacking, parsesHere, notParsedHere } = require('../../lib/runtimes/syntax');
const { execFileSync } = require('node:child_process');
const doxbee = require('../../examples/doxbee');
const { RUNTIME } = require('../examples/under-runtime');
const { resolveRuntimes } = require('../../lib/runtimes');

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
    assert.throws(() => lacking('pipeline operator', null), /^RangeError: needs must be one of async functions, await using, using; got pipeline operator$/);
    assert.deepEqual(NEEDS, Object.keys(SYNTAX));
  });

  it('asks the node running asyncmark by compiling the probe, which agrees with loading the example', () => {
    const entry = doxbee.examples.find((e) => e.name === 'async-await-using');
    let loads = true;
    try {
      // The file itself: the entry's load() asks the probe first (lib/registry.js).
      require(entry.file);
    } catch (error) {
      assert.ok(error instanceof SyntaxError, String(error));
      loads = false;
    }
    assert.equal(parsesHere(entry.needs), loads);
    assert.equal(lacking(entry.needs, null) === null, loads);
    if (!loads) assert.match(lacking(entry.needs, null), new RegExp(`; this is Node ${process.version.replace(/\./g, '\\.')}$`));
  });

  it('tells plain `using` with a DisposableStack apart from `await using`: a runtime may parse both and lack the global', () => {
    const parsesOnly = { spec: 'bun', name: 'bun', version: '1.0.0', syntax: { awaitUsing: true, using: false } };
    assert.equal(lacking('await using', parsesOnly), null);
    assert.equal(
      lacking('using', parsesOnly),
      'needs `using` (explicit resource management with DisposableStack): Node 24+, or a runtime whose probe finds DisposableStack; this is bun (bun 1.0.0)',
    );
    assert.equal(doxbee.examples.find((e) => e.name === 'async-await-using').needs, 'using');
  });

  it('names only the syntaxes this node lacks that a failed file is written in, outside its comments', function () {
    const all = notParsedHere();
    // Under a node that parses every syntax here, there is nothing to name.
    if (all.length === 0) this.skip();
    assert.deepEqual(notParsedHere(), all);
    // A file that failed on a syntax of no entry here (optional chaining) is not said to use one.
    assert.deepEqual(notParsedHere('const x = a?.b;'), []);
    // Planted: \`using\` in a comment only.
    assert.deepEqual(notParsedHere('// using stack = new DisposableStack();\n/* await using tx = x; */\nconst y = 2;'), []);
    const file = fs.readFileSync(doxbee.examples.find((e) => e.name === 'async-await-using').file, 'utf8');
    const named = notParsedHere(file);
    assert.ok(named.length > 0 && named.every((what) => all.includes(what)), String(named));
    assert.ok(
      named.some((what) => what.startsWith('explicit resource management with DisposableStack')),
      String(named),
    );
  });

  it(`has a probe for \`using\` that says false, not a crash, where DisposableStack is missing (under ${RUNTIME})`, async function () {
    this.timeout(180000);
    if (process.env.ASYNCMARK_TEST_OFFLINE) this.skip();
    const [runtime] = await resolveRuntimes(RUNTIME, { parameter: 'the syntax test' });
    const probe = (preload) =>
      JSON.parse(execFileSync(runtime.path, ['-e', `${preload}; require(${JSON.stringify(SYNTAX.using.probe)})`], { encoding: 'utf8' }));
    assert.deepEqual(probe(''), { using: true });
    assert.deepEqual(probe('delete globalThis.DisposableStack'), { using: false });
  });
});
