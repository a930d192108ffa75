'use strict';

// One run of the http-load driver. This process is the load; the server runs
// in a process of its own (server-host.js), so the two never share an event
// loop. For a problem of servers (http-server: its registry says what every
// answer must be, response()) the example is the server and autocannon the
// load; for a problem of clients (http-client: its registry has no response)
// the example is the load and a fixed, cheap server (target-server.js) answers it. After a warm-up, one bounded
// load is timed, and the server's processes are read from the process table
// before and after it: CPU and peak memory summed over every process, open
// files. The run is verified (every answer 200 with its full body, as many as
// asked, no error, no file left open, no server process left) and its result
// goes to the parent over IPC.

const path = require('node:path');
const { fork } = require('node:child_process');
const { childMain } = require('../../runner/child/main');
const { registryOf, entryOf, loadExample } = require('../../runner/child/example');
const { headline, classifyExit } = require('../../runner/spawn');
const { quantile, mean } = require('../../stats');
const processes = require('./processes');

const HOST = path.join(__dirname, 'server-host.js');
const TARGET = path.join(__dirname, 'target-server.js');
const WARMUP_REQUESTS = 10;
// The run's own limit, when the session does not say: a load waits for an
// answer as long as the run may last, so a slow server is slow, and a server
// that never answers is T/O.
const RUN_TIMEOUT_MS = 60000;
// How long the server gets to close its files after the load, and to be gone after close().
const SETTLE_MS = 2000;
const STOP_MS = 5000;
const STDERR_TAIL = 2000;
const MB = 1024 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Polls `check` until it returns true or `ms` have passed; returns its last answer.
async function eventually(check, ms) {
  const end = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() > end) return false;
    await sleep(10);
  }
}

/** Forks the server host and resolves once it listens: { child, pid, port, stderr, exit, exited }. */
function startServer(file, options) {
  const child = fork(HOST, [JSON.stringify({ file, options })], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const host = { child, pid: child.pid, port: null, stderr: '', exit: null, replies: [] };
  // A message sent just as the host dies fails; its exit tells what happened.
  child.on('error', () => {});
  child.stderr.on('data', (chunk) => {
    host.stderr = (host.stderr + chunk).slice(-STDERR_TAIL);
  });
  host.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      host.exit = { code, signal };
      // Let the last of its stderr arrive; a cluster worker may hold the pipe open.
      setTimeout(resolve, 100);
    });
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.type === 'ready') {
        host.port = message.port;
        resolve(host);
      } else if (message.type === 'unloadable') host.unloadable = message.error;
      else host.replies.push(message);
    });
    host.exited.then(() => reject(serverEnded(host, 'before it listened')));
  });
}

// The server process ended on its own: a crash, or running out of memory.
function serverEnded(host, when) {
  const how = host.exit.signal ? `signal ${host.exit.signal}` : `exit code ${host.exit.code}`;
  const error = new Error(`the server ended with ${how} ${when}: ${headline(host.stderr) || 'no message'}`);
  error.status = classifyExit(host.stderr);
  error.stderr = host.stderr;
  if (host.unloadable) error.unloadable = host.unloadable;
  return error;
}

// Asks the server host something and waits for its reply of the same type.
function ask(host, type) {
  return new Promise((resolve) => {
    const before = host.replies.length;
    host.child.send({ type });
    const poll = setInterval(() => {
      const reply = host.replies.slice(before).find((m) => m.type === type);
      if (reply || host.exit) {
        clearInterval(poll);
        resolve(reply ?? null);
      }
    }, 5);
  });
}

/**
 * Closes the server (its close(), through the host) and makes sure every one
 * of its processes is gone; kills what is left. Returns a problem, or null.
 */
async function stopServer(host, pids) {
  let problem = null;
  if (!host.exit) {
    host.child.send({ type: 'stop' });
    const stopped = await Promise.race([host.exited.then(() => true), sleep(STOP_MS).then(() => false)]);
    // What the host found wrong with close(): it failed, or the port still answers.
    const reply = host.replies.find((m) => m.type === 'stopped');
    if (reply && reply.problem) problem = reply.problem;
    else if (stopped && !reply) problem = `the server ended before close() finished: ${headline(host.stderr) || 'no message'}`;
    else if (!stopped && !reply) problem = `the server did not stop within ${STOP_MS / 1000} s of close()`;
    // close() did its work, and then the host's runtime hung in process.exit()
    // (Node 26 can deadlock there: nodejs/node#64274): not the example's doing.
    // The host is killed (and, once it has exited, reaped), and no problem noted.
    else if (!stopped) {
      host.child.kill('SIGKILL');
      await host.exited;
    }
  }
  const all = [host.pid, ...pids];
  const gone = await eventually(() => all.every((pid) => !processes.alive(pid)), SETTLE_MS);
  const left = all.filter((pid) => processes.alive(pid));
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  if (!gone && !problem) problem = `server process(es) ${left.join(', ')} outlived close()`;
  return problem;
}

/**
 * n requests from autocannon, c connections, one request in flight on each.
 * autocannon keeps every body as a string, which on 1 MB answers costs the
 * load generator more CPU than the server spends (measured: 1.7 s against
 * 0.16 s for 100 × 1 MB); its per-client body hook is replaced by a byte count,
 * which is also what verifies each body's length. Latency is each answer's own
 * time, first byte sent to last byte received, at full precision.
 */
async function autocannonLoad({ port, connections, amount, expected, timeoutMs }) {
  // Loaded only here: a client run's memory must not carry it.
  const autocannon = require('autocannon');
  const seen = { responses: 0, wrongStatus: 0, wrongBodies: [], latencies: [], bodyBytes: 0, lastAnswer: null };
  const setupClient = (client) => {
    const queue = client.pipelinedRequests;
    if (!queue || typeof queue.addBody !== 'function') throw new Error('autocannon no longer has pipelinedRequests.addBody: the body check needs updating');
    let bytes = 0;
    let chunks = [];
    client.on('headers', () => {
      bytes = 0;
      chunks = [];
    });
    queue.addBody = (data) => {
      bytes += data.length;
      if (expected.text !== null && bytes <= expected.bytes) chunks.push(Buffer.from(data));
    };
    client.on('response', (status, _bytes, responseTime) => {
      seen.lastAnswer = performance.now();
      seen.responses++;
      seen.latencies.push(responseTime);
      seen.bodyBytes += bytes;
      if (status !== 200) seen.wrongStatus++;
      else if (bytes !== expected.bytes) seen.wrongBodies.push(`a body of ${bytes} bytes, expected ${expected.bytes}`);
      else if (expected.text !== null && Buffer.concat(chunks).toString() !== expected.text) {
        seen.wrongBodies.push(`the body ${JSON.stringify(Buffer.concat(chunks).toString().slice(0, 40))}, expected ${JSON.stringify(expected.text)}`);
      }
    });
  };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/`,
    connections,
    amount,
    pipelining: 1,
    timeout: Math.ceil(timeoutMs / 1000),
    // autocannon notices that the load is done only at its next sample: every
    // 10 ms instead of every second. The time is taken from the answers anyway.
    sampleInt: 10,
    setupClient,
  });
  return { ...seen, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx };
}

// Answers after the first, from a callback example: a callback called twice.
let doubles = 0;

/** The client example as the load: its result, or its failure. */
function clientLoad(entry, options) {
  const load = entry.load();
  if (entry.call === 'callback') {
    return new Promise((resolve, reject) => {
      let heard = false;
      load(options, (error, result) => {
        if (heard) {
          doubles++;
          return;
        }
        heard = true;
        if (error) reject(error);
        else resolve(result);
      });
    });
  }
  return Promise.resolve().then(() => load(options));
}

async function run(job) {
  const entry = entryOf(job);
  const { requests, c } = job.params;
  // Its examples are clients, which asyncmark serves, when its registry says nothing of answers.
  const registry = registryOf(job);
  const serving = typeof registry.response !== 'function';
  const keepAlive = job.params.keepAlive !== 'off';
  const { workload, bytes, fibN, t, workers } = job.params;
  // What every answer of a server must be (the client problem's server is ours).
  const expected = serving ? null : registry.response({ workload, bytes, fibN, t });
  // A client a runtime of --runtime cannot load is UNSUPPORTED, as in every driver.
  if (serving) {
    const loaded = loadExample(job, () => entry.load());
    if (loaded.unsupported) return loaded.unsupported;
  }

  let host;
  try {
    // Every server is told to bind 127.0.0.1 only; the host checks that it did.
    const host127 = { host: '127.0.0.1', port: 0 };
    host = serving ? await startServer(TARGET, { ...host127, bytes }) : await startServer(entry.file, { ...host127, workload, bytes, fibN, t, workers });
  } catch (error) {
    if (error.unloadable && job.runtime)
      return { status: 'unsupported', metrics: null, error: `${job.runtime} cannot load ${job.example}: ${error.unloadable}` };
    return { status: error.status ?? 'crash', metrics: null, error: error.message };
  }
  const url = `http://127.0.0.1:${host.port}/`;
  const once = (amount) =>
    serving
      ? clientLoad(entry, { url, requests: amount, concurrency: c, keepAlive })
      : autocannonLoad({ port: host.port, connections: Math.min(c, amount), amount, expected, timeoutMs: job.timeoutMs ?? RUN_TIMEOUT_MS });

  let failure;
  let crashed = null;
  let metrics = null;
  let pids = [];
  // The server's processes once it listens: one that is gone by the end crashed.
  const initial = processes.snapshot(host.pid);
  try {
    await once(Math.min(WARMUP_REQUESTS, requests));
    if (serving) {
      // Every client starts the timed load without connections (fetch would keep its warm ones).
      await ask(host, 'closeIdle');
      await sleep(20);
    }
    const before = processes.snapshot(host.pid);
    const countBefore = serving ? (await ask(host, 'stats')).stats.requests : 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    const seen = await once(requests);
    // To the last answer: autocannon may take a moment more to notice it was the last.
    const durationMs = (serving ? performance.now() : (seen.lastAnswer ?? performance.now())) - start;
    const loadCpu = process.cpuUsage(cpu);
    const after = processes.snapshot(host.pid);
    pids = (after ?? []).map((p) => p.pid).filter((pid) => pid !== host.pid);
    // A process of the server (a cluster worker) that died during the load crashed.
    const lost = (initial ?? []).filter((p) => !pids.includes(p.pid) && p.pid !== host.pid).map((p) => p.pid);
    if (lost.length) crashed = `server process(es) ${lost.join(', ')} ended during the load: ${headline(host.stderr) || 'no message'}`;
    const exposed = processes.listeningElsewhere([host.pid, ...pids]);
    if (exposed.length) failure = `the server listens beyond 127.0.0.1: ${exposed.join(', ')}`;
    const server = processes.usage(before, after);
    const loadCpuMs = (loadCpu.user + loadCpu.system) / 1000;
    // n/a on a Node before 12.6, which has no process.resourceUsage().
    const loadRssMB = typeof process.resourceUsage === 'function' ? (process.resourceUsage().maxRSS * 1024) / MB : null;
    const subject = serving ? { userMs: loadCpu.user / 1000, systemMs: loadCpu.system / 1000, peakRssMB: loadRssMB } : server;
    const latency = serving ? null : seen.latencies;
    metrics = {
      durationMs,
      requests,
      requestsPerSec: (requests * 1000) / durationMs,
      latencyMeanMs: latency ? mean(latency) : null,
      latencyP50Ms: latency ? quantile(latency, 0.5) : null,
      latencyP90Ms: latency ? quantile(latency, 0.9) : null,
      latencyP99Ms: latency ? quantile(latency, 0.99) : null,
      latencyMaxMs: latency ? latency.reduce((max, value) => (value > max ? value : max), 0) : null,
      errors: serving ? 0 : seen.errors,
      timeouts: serving ? 0 : seen.timeouts,
      non2xx: serving ? 0 : seen.non2xx,
      bodyBytes: serving ? seen.bytes : seen.bodyBytes,
      serverCpuMs: server ? server.cpuMs : null,
      serverRssMB: server ? server.peakRssMB : null,
      serverProcesses: server ? server.processes : null,
      serverCores: server ? server.cpuMs / durationMs : null,
      loadCpuMs,
      loadRssMB,
      loadCores: loadCpuMs / durationMs,
      // The numbers of the code under test: the server's, or the client's.
      cpuUserMs: subject ? subject.userMs : null,
      cpuSystemMs: subject ? subject.systemMs : null,
      maxRssMB: subject ? subject.peakRssMB : null,
    };
    if (failure) {
      // Already found wrong.
    } else if (serving) {
      const countAfter = (await ask(host, 'stats')).stats.requests;
      failure = checkClient(seen, { requests, bytes, served: countAfter - countBefore });
    } else {
      failure = checkServer(seen, requests);
    }
    if (!failure && after) {
      // Files the server opened for a request and has not closed yet; it gets a moment.
      let leaked = [];
      await eventually(() => (leaked = processes.leakedFiles(before, processes.snapshot(host.pid))).length === 0, SETTLE_MS);
      if (leaked.length) failure = `the server left ${leaked.length} file(s) open after the load: ${[...new Set(leaked)].join(', ')}`;
    }
  } catch (error) {
    failure = serving ? `the client failed: ${error.message}` : `the load failed: ${error.message}`;
  }
  if (host.exit) {
    await host.exited;
    const ended = serverEnded(host, 'during the load');
    return { status: ended.status, metrics: null, error: ended.message };
  }
  const stopProblem = await stopServer(host, pids);
  if (crashed) return { status: 'crash', metrics: null, error: crashed };
  if (doubles > 0) return { status: 'double', metrics, error: `${doubles} callback(s) called more than once` };
  if (failure || stopProblem) return { status: 'invalid', metrics, error: failure ?? stopProblem };
  return { status: 'ok', metrics, error: null };
}

// Every answer 200 with its full body, as many as asked, nothing failed.
function checkServer(seen, requests) {
  // autocannon counts a timeout as an error too.
  if (seen.timeouts > 0) return `${seen.timeouts} request(s) had no answer within the run's time limit`;
  if (seen.errors > 0) return `${seen.errors} request error(s) (connection reset or refused)`;
  if (seen.non2xx > 0 || seen.wrongStatus > 0) return `${Math.max(seen.non2xx, seen.wrongStatus)} answer(s) with a status other than 200`;
  if (seen.wrongBodies.length) return `${seen.wrongBodies.length} answer(s) with a wrong body, the first: ${seen.wrongBodies[0]}`;
  if (seen.responses !== requests) return `${seen.responses} answers to ${requests} requests`;
  return null;
}

// As many answers as asked, every body whole, and as many requests as the server saw.
function checkClient(seen, { requests, bytes, served }) {
  if (!seen || typeof seen.responses !== 'number' || typeof seen.bytes !== 'number') return 'the client did not report { responses, bytes }';
  if (served !== requests) return `the server saw ${served} requests, ${requests} were asked for`;
  if (seen.responses !== requests) return `the client reported ${seen.responses} responses to ${requests} requests`;
  if (seen.bytes !== requests * bytes) return `the client read ${seen.bytes} body bytes, expected ${requests * bytes}`;
  return null;
}

if (require.main === module) childMain(run, { forgot: 'the load never finished before the event loop emptied' });
