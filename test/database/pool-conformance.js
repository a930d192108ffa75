'use strict';

// lib/conformance's stepped cases of several uploads at once, on a pool of
// connections to a PostgreSQL server of the session, for the examples named:
// server.test.js runs one of each io and call kind, pool-conformance.full.test.js
// the rest (npm run test:full).

const assert = require('node:assert/strict');
const { openSessionDatabase } = require('../../lib/database/session');
const model = require('../../examples/doxbee/model');
const doxbee = require('../../examples/doxbee');
const planted = require('../fixtures/doxbee');
const { cases, describeCase, observe, checkCase } = require('../../lib/conformance');
const { lacking } = require('../../lib/runtimes/syntax');

const reference = doxbee.examples.find((e) => e.name === doxbee.reference);

// lib/conformance's cases of several uploads at once: stepped, which PGlite's
// one connection cannot serve (test/examples/doxbee-database.test.js runs
// the stepped cases of one upload there), and as the database answers. With
// a pool, each upload's transaction has a connection of its own while its
// answer waits for release. Each example named against the
// reference on the database; the planted example that keeps an upload's
// state in the factory is caught. Reusing the pool's connections hundreds
// of times must not pile listeners up on them (Node warns past ten).
function poolConformance(names) {
  it(`passes lib/conformance's cases of several uploads at once, stepped or not, on a pool (${names.length} examples)`, async function () {
    // Every stepped case: each example about 2 s beside another test file (mocha --parallel) on a loaded machine.
    this.timeout(Math.max(120000, 10000 * names.length));
    const warnings = [];
    const onWarning = (warning) => warnings.push(warning);
    process.on('warning', onWarning);
    const session = await openSessionDatabase({ kind: 'postgres', pool: 4 });
    const backend = await model.database().openBackend(session.childOptions, model);
    try {
      const makeIO = (flavour, options) => backend.createIO(flavour, { ...options, seed: 1, e: 0, trace: true });
      const observed = (entry, spec) => observe(entry, spec, { problem: 'doxbee', timeoutMs: 20000, makeIO });
      const stepped = cases(model).filter((spec) => spec.together);
      assert.deepEqual([...new Set(stepped.map((spec) => spec.order ?? 'as answered'))].sort(), ['as answered', 'issue', 'reverse', 'shuffle']);
      const references = new Map();
      for (const spec of stepped) references.set(spec, await observed(reference, spec));
      const problemsOf = async (entry, spec) => checkCase(entry, spec, await observed(entry, spec), references.get(spec), { problem: 'doxbee' }).problems;
      const failures = [];
      for (const entry of doxbee.examples.filter((e) => names.includes(e.name) && !e.unavailable && !lacking(e.needs, null))) {
        for (const spec of stepped) {
          const problems = await problemsOf(entry, spec);
          if (problems.length) failures.push(`${entry.name}, ${describeCase(spec, model)}: ${problems.join('; ')}`);
        }
      }
      assert.deepEqual(failures, []);
      const spec = stepped.find((s) => !s.order && !s.fault && !s.context && !s.fileExists);
      assert.match((await problemsOf(planted.sharesStateBetweenUploads, spec)).join('\n'), /^upload \d of 3 \([^)]*\): trace differs/);
    } finally {
      await backend.close();
      await session.close();
      process.off('warning', onWarning);
    }
    assert.deepEqual(
      warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message),
      [],
    );
  });
}

module.exports = { poolConformance };
