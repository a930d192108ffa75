'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { spawn } = require('node:child_process');
const pg = require('pg');
const { personServer, runCli } = require('./person-server');

// Ctrl-C while a session's final drop waits for a lock that a person holds
// (a pg_dump, an open transaction): the session says what it is waiting
// for, a first Ctrl-C lets the drop finish, and a second ends it at once
// naming what is left and the command that removes it. Planted: a close
// that nothing guards ends at the first Ctrl-C, in silence, with the schema
// left.

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'database', 'closing-session.js');

function session(url, env = {}) {
  const child = spawn(process.execPath, [FIXTURE, url], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (out.stdout += chunk));
  child.stderr.on('data', (chunk) => (out.stderr += chunk));
  const ended = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const said = async (pattern, where = 'stderr') => {
    for (let i = 0; i < 600; i++) {
      const match = pattern.exec(out[where]);
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`never said ${pattern}: ${out.stderr}`);
  };
  return { child, out, ended, said };
}

describe("Ctrl-C while a session's final drop waits on a person's lock", function () {
  this.timeout(120000);
  let person;

  before(async () => {
    person = await personServer();
  });
  after(async () => {
    if (person) await person.close();
  });

  const schemas = async () => (await person.admin("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'asyncmark\\_%' ORDER BY 1")).map((row) => row.nspname);

  // The person's transaction that holds a lock on the session's table.
  async function holdLock(schema) {
    const holder = new pg.Client({ connectionString: person.url(), application_name: 'a-person-pg-dump' });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`LOCK TABLE "${schema}".files IN ACCESS SHARE MODE`);
    return holder;
  }

  it('says who holds the lock; a first Ctrl-C waits, a second leaves the schema and names how to remove it', async () => {
    const { child, out, ended, said } = session(person.url());
    const [, schema] = await said(/^open (\S+)$/m, 'stdout');
    const holder = await holdLock(schema);
    child.stdin.write('close\n');
    await said(new RegExp(`waiting \\d+ s for a lock held by pid \\d+ \\(a-person-pg-dump\\) to drop ${schema}`));
    child.kill('SIGINT');
    await said(/SIGINT: waiting \d+ s for a lock held by .*; finishing that first \(SIGINT again to stop at once\)/);
    child.kill('SIGINT');
    const { code } = await ended;
    assert.equal(code, 130);
    assert.match(
      out.stderr,
      new RegExp(
        `stopped at once: schema ${schema} \\(its tables and functions\\) is left in database postgres at 127\\.0\\.0\\.1:\\d+; remove it with: npx asyncmark clean --db postgres://person:\\*\\*\\*@127\\.0\\.0\\.1:\\d+/postgres`,
      ),
    );
    await holder.query('COMMIT');
    await holder.end();
    assert.deepEqual(await schemas(), [schema]);
    const cleaned = await runCli(['clean', '--db', person.url(), '--yes']);
    assert.equal(cleaned.code, 0, cleaned.stderr);
    assert.deepEqual(await schemas(), []);
  });

  it('one Ctrl-C: the drop finishes once the lock is let go, and nothing is left', async () => {
    const { child, out, ended, said } = session(person.url());
    const [, schema] = await said(/^open (\S+)$/m, 'stdout');
    const holder = await holdLock(schema);
    child.stdin.write('close\n');
    await said(/waiting \d+ s for a lock held by/);
    child.kill('SIGINT');
    await said(/finishing that first/);
    await holder.query('COMMIT');
    await holder.end();
    const { code } = await ended;
    assert.equal(code, 130, out.stderr);
    assert.match(out.stderr, /SIGINT: done, and nothing of the session is left/);
    assert.deepEqual(await schemas(), []);
  });

  it('planted: an unguarded close ends at the first Ctrl-C, saying nothing, and leaves the schema', async () => {
    const { child, out, ended, said } = session(person.url(), { ASYNCMARK_PLANTED: 'unguarded' });
    const [, schema] = await said(/^open (\S+)$/m, 'stdout');
    const holder = await holdLock(schema);
    child.stdin.write('close\n');
    await said(/waiting \d+ s for a lock held by/);
    child.kill('SIGINT');
    const { signal } = await ended;
    assert.equal(signal, 'SIGINT');
    assert.doesNotMatch(out.stderr, /remove it with/);
    await holder.query('COMMIT');
    await holder.end();
    assert.deepEqual(await schemas(), [schema]);
    await runCli(['clean', '--db', person.url(), '--yes']);
    assert.deepEqual(await schemas(), []);
  });
});
