'use strict';

// Made-up results lines of one session run under three runtimes on one
// machine (node@22, node@26, bun) and of the node running asyncmark on a
// second machine, in the shape asyncmark bench --runtime writes them (see
// test/runner/runtime-session.test.js): doxbee-sequential at the 2013
// article's cell and the http-client problem at two cells. Every time is
// mean × 0.98, 1, 1.02 over three runs (× 0.995, 1, 1.005 where SPREAD_NARROW
// says so), so that every ratio and interval of the runtime tables can be
// worked out by hand.

const CPU_A = 'Test CPU A';
const CPU_B = 'Test CPU B';

const ENVS = {
  'node@22': { node: 'v22.11.0', v8: '12.4.254.21-node.33', cpu: CPU_A, runtime: { name: 'node', version: '22.11.0' } },
  'node@26': { node: 'v26.10.0', v8: '14.6.202.9-node.14', cpu: CPU_A, runtime: { name: 'node', version: '26.10.0' } },
  bun: { node: 'v24.3.0', v8: '13.6.233.10-node.18', cpu: CPU_A, runtime: { name: 'bun', version: '1.4.5' } },
  // Deno, used only where a test asks for it: its baseline crashes.
  deno: { node: 'v24.2.0', v8: '14.0.365.4-rusty', cpu: CPU_A, runtime: { name: 'deno', version: '2.9.6' } },
  // The node running asyncmark on the other machine: no --runtime, so no runtime recorded.
  'B:node': { node: 'v26.10.0', v8: '14.6.202.9-node.14', cpu: CPU_B },
  'B:node@22': { node: 'v22.11.0', v8: '12.4.254.21-node.33', cpu: CPU_B, runtime: { name: 'node', version: '22.11.0' } },
};

const COMMON_ENV = { platform: 'linux', release: '6.1.0', arch: 'x64', cpus: 2, memoryGB: 8, packages: {}, asyncmark: '0.1.0', commit: 'test' };

const DOXBEE_CELL = { n: 1000, t: 10, latency: 'constant', dt: 0.1, e: 0, seed: 1 };
const HTTP_CELL = { requests: 1000, c: 1, keepAlive: 'off', bytes: 100 };
const HTTP_BUSY = { requests: 1000, c: 16, keepAlive: 'on', bytes: 100 };

// Mean ms per runtime and example; 'unsupported' where the runtime cannot load it.
const DOXBEE = {
  'node@22': { 'callbacks-original': 100, 'promises-native': 130, 'async-await': 120, 'async-await-using': 'unsupported' },
  'node@26': { 'callbacks-original': 80, 'promises-native': 96, 'async-await': 81.6, 'async-await-using': 88 },
  bun: { 'callbacks-original': 60, 'promises-native': 90, 'async-await': 82 },
  deno: { 'callbacks-original': 'crash', 'promises-native': 70, 'async-await': 65 },
  'B:node': { 'callbacks-original': 200, 'promises-native': 300, 'async-await': 250 },
  'B:node@22': { 'callbacks-original': 210, 'promises-native': 280, 'async-await': 260 },
};
const HTTP = {
  'node@22': { 'recursive-callback': 500, 'promise-chain': 550, 'async-await': 540 },
  'node@26': { 'recursive-callback': 400, 'promise-chain': 404, 'async-await': 424 },
  bun: { 'recursive-callback': 300, 'promise-chain': 360, 'async-await': 330 },
};
// At c=16 with keep-alive only node@26 and bun ran; bun's async-await once.
const HTTP_BUSY_TIMES = {
  'node@26': { 'recursive-callback': 100, 'promise-chain': 110, 'async-await': 105 },
  bun: { 'recursive-callback': 80, 'promise-chain': 96, 'async-await': 84 },
};
const ONCE = { runtime: 'bun', example: 'async-await', params: HTTP_BUSY };
// node@22's http runs vary less: its callback/promise interval falls within the published range.
const SPREAD = [0.98, 1, 1.02];
const SPREAD_NARROW = [0.995, 1, 1.005];

const UNSUPPORTED_ERROR = "node@22 cannot load async-await-using: SyntaxError: Unexpected identifier 'using'";
const CRASH_ERROR = 'child ended with exit code 1: TypeError: io.blob.put is not a function';

function envOf(runtime) {
  return { ...ENVS[runtime], ...COMMON_ENV };
}

function line(runtime, { scenario, problem, driver, example, params, run, status = 'ok', error = null, metrics }) {
  const out = {
    schema: 'asyncmark/run@2',
    session: runtime.startsWith('B:') ? 's2' : 's1',
    time: '2026-11-20T10:00:00.000Z',
    scenario,
    problem,
    driver,
    example,
    params,
    run,
    status,
    error,
    stderrTail: '',
    metrics,
    env: envOf(runtime),
  };
  if (ENVS[runtime].runtime) out.runtime = runtime.replace(/^B:/, '');
  return out;
}

function batchMetrics(wallMs, runtime) {
  // Bun has no GC observer: those figures are null (n/a), as bench records them.
  const gc = runtime === 'bun' ? null : 1;
  return {
    wallMs,
    cpuUserMs: wallMs / 2,
    cpuSystemMs: 1,
    maxRssMB: 50,
    heapBeforeMB: 4,
    heapPeakMB: 6,
    gcCount: gc,
    gcMs: gc,
    elu: 0.5,
    loopDelayP50Ms: 1,
    loopDelayP99Ms: 2,
    latencyP50Ms: 1,
    latencyP90Ms: 1,
    latencyP99Ms: 1,
    invocations: 1000,
    failed: 0,
    operations: 9000,
  };
}

function httpMetrics(durationMs) {
  return {
    durationMs,
    requests: 1000,
    requestsPerSec: 1e6 / durationMs,
    latencyMeanMs: null,
    latencyP50Ms: null,
    latencyP90Ms: null,
    latencyP99Ms: null,
    latencyMaxMs: null,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    bodyBytes: 100000,
    serverCpuMs: durationMs / 4,
    serverRssMB: 45,
    serverProcesses: 1,
    serverCores: 0.25,
    loadCpuMs: durationMs / 2,
    loadRssMB: 60,
    loadCores: 0.5,
    cpuUserMs: durationMs / 3,
    cpuSystemMs: durationMs / 10,
    maxRssMB: 60,
  };
}

/** The lines of the given runtimes (keys of ENVS), runs interleaved as a session writes them. */
function runtimeLines(runtimes = ['node@22', 'node@26', 'bun', 'B:node']) {
  const lines = [];
  for (let run = 0; run < 3; run++) {
    for (const runtime of runtimes) {
      for (const [example, mean] of Object.entries(DOXBEE[runtime] ?? {})) {
        const at = { scenario: 'doxbee-sequential', problem: 'doxbee', driver: 'batch', example, params: DOXBEE_CELL, run };
        if (mean === 'unsupported') lines.push(line(runtime, { ...at, status: 'unsupported', error: UNSUPPORTED_ERROR, metrics: null }));
        else if (mean === 'crash') lines.push(line(runtime, { ...at, status: 'crash', error: CRASH_ERROR, metrics: null }));
        else lines.push(line(runtime, { ...at, metrics: batchMetrics(mean * SPREAD[run], runtime) }));
      }
      for (const [times, params] of [
        [HTTP, HTTP_CELL],
        [HTTP_BUSY_TIMES, HTTP_BUSY],
      ]) {
        for (const [example, mean] of Object.entries(times[runtime] ?? {})) {
          if (run > 0 && ONCE.runtime === runtime && ONCE.example === example && ONCE.params === params) continue;
          const spread = runtime === 'node@22' ? SPREAD_NARROW : SPREAD;
          lines.push(
            line(runtime, {
              scenario: 'http-client',
              problem: 'http-client',
              driver: 'http-load',
              example,
              params,
              run,
              metrics: httpMetrics(mean * spread[run]),
            }),
          );
        }
      }
    }
  }
  return lines;
}

function resultsText(lines) {
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

module.exports = { CPU_A, CPU_B, DOXBEE_CELL, HTTP_CELL, HTTP_BUSY, UNSUPPORTED_ERROR, CRASH_ERROR, runtimeLines, resultsText };
