'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { readOwner } = require('../../lib/database/owned-folder');

// Ctrl-C in a bench session against a server of its own (--db postgres):
// asyncmark stops the server and deletes its folder before it exits, and no
// PostgreSQL process of the session is left. No time is asserted: the test
// waits for what the session says on stderr, within a generous limit.

const CLI = path.join(__dirname, '..', '..', 'bench', 'cli.js');

function serverFolders() {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('asyncmark-postgres-'));
}

// PostgreSQL processes serving a data folder named like the session's.
function serverProcesses(folders) {
  const text = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return text.split('\n').filter((line) => folders.some((folder) => line.includes(folder)));
}

describe('bench --db postgres interrupted', function () {
  this.timeout(120000);

  it('stops its server and deletes its folder on Ctrl-C', async () => {
    const before = new Set(serverFolders());
    const child = spawn(process.execPath, [CLI, 'bench', '--db', 'postgres', '--examples', 'callbacks-original', '--n', '10', '--runs', '200', '--no-out'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const started = new Promise((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (/database server started/.test(stderr)) resolve();
      });
      child.once('exit', () => reject(new Error(`bench exited first: ${stderr}`)));
    });
    await started;
    // The session's own: another test file's server (mocha --parallel) may make a folder meanwhile.
    const ours = serverFolders().filter((name) => !before.has(name) && readOwner(path.join(os.tmpdir(), name))?.pid === child.pid);
    assert.equal(ours.length, 1, 'one server folder of the session');
    assert.ok(serverProcesses(ours).length > 0, 'its server runs');
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    assert.equal(await exited, 130);
    assert.deepEqual(
      serverFolders().filter((name) => ours.includes(name)),
      [],
    );
    // The postmaster's children end once it has.
    for (let i = 0; i < 100 && serverProcesses(ours).length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(serverProcesses(ours), []);
  });
});
