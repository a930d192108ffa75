'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { plan, runSession } = require('../../lib/runner/session');
const batch = require('../../lib/drivers/batch');
const { runChild } = require('../../lib/runner/spawn');

// A run's secrets (a database's password, the run's nonce) are handed to its
// child on stdin, so that code of the example's finds them in neither its
// environment, nor the environment the process started with
// (/proc/self/environ), nor its command line; asyncmark's own code is handed
// them all the same. Planted: a runtime that is not the node running
// asyncmark gets them in its environment, where /proc shows them.

const driver = { name: 'secret-child', child: path.join(__dirname, '..', 'fixtures', 'runner', 'secret-child.js'), execArgv: [] };
const scenario = { name: 's', problem: 'doxbee', childOptions: {} };
const jobs = plan({ scenario, driver: batch, examples: ['a'], params: { n: [1] }, runs: 1 });
const PASSWORD = 'pw-9f3c1e77';

describe("runner: a run's secrets reach its child on stdin, nowhere code can read", function () {
  if (process.platform !== 'linux') return;
  this.timeout(60000);

  it('the child is handed the secret, and neither it nor the nonce is in its environment or command line', async () => {
    const [line] = await runSession(jobs, { driver, childEnv: { ASYNCMARK_SECRET_TEST: PASSWORD } });
    assert.equal(line.status, 'ok', line.error);
    const { handed, seen } = JSON.parse(line.error);
    assert.equal(handed, PASSWORD);
    assert.doesNotMatch(seen, new RegExp(PASSWORD));
    assert.doesNotMatch(seen, /ASYNCMARK_NONCE/);
  });

  it('planted: under another path to node, the secret is in the environment the process started with', async () => {
    const link = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-secrets-')), 'node');
    fs.symlinkSync(process.execPath, link);
    try {
      let said = null;
      await runChild(driver.child, jobs[0], {
        execPath: link,
        env: { ...process.env, ASYNCMARK_SECRET_TEST: PASSWORD },
        onMessage: (message, child, sealed) => {
          if (sealed && message.error) said = message;
          return sealed;
        },
      });
      const { handed, seen } = JSON.parse(said.error);
      assert.equal(handed, PASSWORD);
      assert.match(seen, new RegExp(PASSWORD));
    } finally {
      fs.rmSync(path.dirname(link), { recursive: true, force: true });
    }
  });
});
