'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { plan, runSession } = require('../../lib/runner/session');
const batch = require('../../lib/drivers/batch');

// What a session adds to each child's environment (a database's password,
// which must never be on a command line), and a session told to stop after a
// run that failed for good (its database gone): the runs left are not started.

const driver = { name: 'env-child', child: path.join(__dirname, '..', 'fixtures', 'runner', 'env-child.js'), execArgv: [] };
const scenario = { name: 's', problem: 'doxbee', childOptions: {} };
const jobs = plan({ scenario, driver: batch, examples: ['a', 'fails', 'b'], params: { n: [1] }, runs: 1 });

describe("runner: a session's child environment and its early stop", () => {
  it('gives each child the environment added, never on its command line', async () => {
    const lines = await runSession(jobs.slice(0, 1), { driver, childEnv: { ASYNCMARK_TEST_SECRET: 'hush' } });
    assert.match(lines[0].error, /^heard the secret; argv /);
    assert.doesNotMatch(lines[0].error, /hush/);
    // Planted: without it, the child hears nothing.
    const without = await runSession(jobs.slice(0, 1), { driver });
    assert.match(without[0].error, /^no secret/);
  });

  it('starts no run after one that stopAfter says ends the session', async () => {
    const asked = [];
    const stopAfter = async (line) => {
      asked.push(line.example);
      return line.example === 'fails' ? 'its database has gone' : null;
    };
    const lines = await runSession(jobs, { driver, stopAfter });
    assert.deepEqual(
      lines.map((line) => line.example),
      ['a', 'fails'],
    );
    assert.deepEqual(asked, ['fails'], 'asked after failed runs only');
    // Planted: a session that does not ask runs every job.
    assert.equal((await runSession(jobs, { driver })).length, 3);
  });
});
