'use strict';

// asyncmark clean in this process (test/hostile/server.test.js runs it in its
// own, at a terminal and without one, and against a served database): what it
// lists and removes with --yes, and its refusals of --db. Only --yes is used
// here: without it, a terminal running the tests would be asked.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const { OWNER_FILE } = require('../../lib/database/owned-folder');

describe('asyncmark clean', function () {
  this.timeout(30000);
  let root;
  let saved;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-test-'));
    saved = process.env.TMPDIR;
    process.env.TMPDIR = root;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    fs.rmSync(root, { recursive: true, force: true });
  });

  function folderOf(name, pid) {
    const folder = path.join(root, name);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, OWNER_FILE), JSON.stringify({ kind: 'asyncmark folder', holds: 'postgres', pid, host: os.hostname(), started: 'then' }));
    return folder;
  }

  it("--yes removes an ended session's folder and leaves a live one's", async () => {
    const ended = folderOf('asyncmark-postgres-ended', 999999999);
    const live = folderOf('asyncmark-postgres-live', process.pid);
    const { code, stdout, stderr } = await runCli('clean', '--yes');
    assert.equal(code, 0, stderr);
    assert.equal(
      stdout,
      `left by earlier sessions in ${root}:\n  ${ended}: a PostgreSQL server's folder of session pid 999999999 (ended), started then, 0.0 MB\nremoved ${ended}\n`,
    );
    assert.equal(fs.existsSync(ended), false);
    assert.equal(fs.existsSync(live), true);
  });

  it('says when there is nothing to remove', async () => {
    const { code, stdout } = await runCli('clean', '--yes');
    assert.equal(code, 0);
    assert.equal(stdout, `nothing left by earlier sessions in ${root}\n`);
  });

  it('refuses a --db that does not parse, without echoing the password it may hold', async () => {
    const { code, stdout, stderr } = await runCli('clean', '--db', 'postgres://me:secret@[bad/db');
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(
      stderr,
      'asyncmark: --db: a value that does not parse as a URL (not shown: it may hold a password); expected a postgres:// or postgresql:// URL of your own server\n',
    );
  });

  it('refuses --db given twice', async () => {
    const { code, stderr } = await runCli('clean', '--db', 'postgres://a/b', '--db', 'postgres://c/d');
    assert.equal(code, 2);
    assert.match(stderr, /^asyncmark: --db/);
  });
});
