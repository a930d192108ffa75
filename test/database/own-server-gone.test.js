'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const { openSessionDatabase } = require('../../lib/database/session');

// A session's own server (--db postgres) is started afresh once when it
// exits; after a second exit the session is told it is gone for good
// (reachable() says why), so that bench starts no further run. Before that,
// reachable() says nothing: one exit does not end a session.

// The server's processes: the postmaster and its children, from /proc.
function processesOf(pid) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children];
}

// Kills the server and its children. A child that ended between the reading
// of /proc and its kill (a backend, a worker) is already what this wants.
function killServer(pid) {
  for (const each of processesOf(pid)) {
    try {
      process.kill(each, 'SIGKILL');
    } catch (error) {
      if (error.code !== 'ESRCH') throw error;
    }
  }
}

async function until(condition) {
  for (let i = 0; i < 1200 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  return condition();
}

describe("a session's own PostgreSQL server that exits twice", function () {
  this.timeout(300000);

  it('is restarted once, then said to be gone for good', async () => {
    const warnings = [];
    const session = await openSessionDatabase({ kind: 'postgres', pool: 2 }, { onWarning: (message) => warnings.push(message) });
    try {
      const first = session.server();
      killServer(first.pid);
      assert.ok(await until(() => session.server() !== first && session.server().alive()), warnings.join('\n'));
      assert.equal(await session.reachable(), null, 'one exit does not end the session');
      killServer(session.server().pid);
      assert.ok(await until(async () => (await session.reachable()) !== null), warnings.join('\n'));
      assert.match(await session.reachable(), /^database server exited \((SIGKILL|code \d+)\) again; not restarted$/);
    } finally {
      await session.close();
    }
  });
});
