'use strict';

const { MARKER } = require('./child/region');

// How a counted child (lib/runner/count.js) is started under each runtime
// that can be counted: where V8's flags go on its command line, and which C
// function its mark of a window's edge reaches (the child calls
// os.loadavg() under every runtime; lib/runner/child/region.js).
//
// Deno, measured with deno 2.9.6 (V8 15.0) under valgrind 3.x:
// - it takes V8's flags only through --v8-flags=, and several of those add
//   up (a refused flag in the first one is refused even when a second one
//   follows), so the count's flags go in one of their own beside the
//   --v8-flags=--expose-gc the timed runs already have. --single-threaded
//   takes effect: a child's threads go from 6 to 4.
// - its os.loadavg() does not reach libuv (Deno has none): it calls libc's
//   sysinfo, once per call (3 calls, 3 dumps). Deno itself calls sysinfo
//   once more at start-up, before any script runs; with callgrind's
//   instrumentation off until the counted rounds that call is not seen, but
//   a run instrumented from the start sees one mark more than Node does.
// - it refuses an unknown V8 flag with "error: V8 did not recognize flag
//   '--x'" and exit code 1, where Node says "bad option: --x".
const RUNTIMES = {
  node: {
    marker: MARKER,
    startupMarks: 0,
    withV8Flags: (flags, execArgv) => [...flags, ...execArgv],
  },
  deno: {
    marker: 'sysinfo',
    startupMarks: 1,
    withV8Flags: (flags, execArgv) => [`--v8-flags=${flags.join(',')}`, ...execArgv],
  },
};

/**
 * Whether runs under this runtime can be counted (the node running
 * asyncmark, a Node of --runtime, Deno).
 * @param {object|null|undefined} runner a runtime record, or none
 */
function countable(runner) {
  return !runner || runner.name in RUNTIMES;
}

/**
 * The counted child's command line after valgrind's own arguments, and the
 * function whose calls mark its windows' edges.
 * @param {object|null|undefined} runner the job's runtime record (none: the node running asyncmark)
 * @param {{ execPath?: string, execArgv: string[], v8Flags: string[], late: boolean }} how
 *   execPath and execArgv as lib/runner/launch.js gives them; late, the
 *   instrumentation turned on only for the counted rounds
 * @returns {{ command: string[], marker: string, startupMarks: number }} startupMarks: how many
 *   marks the runtime itself makes before the child's first, which callgrind sees
 */
function countedCommand(runner, { execPath, execArgv, v8Flags, late }) {
  const runtime = RUNTIMES[runner ? runner.name : 'node'];
  return {
    command: [execPath ?? process.execPath, ...runtime.withV8Flags(v8Flags, execArgv)],
    marker: runtime.marker,
    startupMarks: late ? 0 : runtime.startupMarks,
  };
}

// The V8 flag a runtime refused at start, from its stderr, or null: Node's
// "bad option: --x" (Node 6 has no --single-threaded), Deno's "V8 did not
// recognize flag '--x'".
function refusedV8Flag(text) {
  const match = /bad option: (--[\w-]+)|did not recognize flag '(--[\w-]+)'/.exec(text);
  return match ? (match[1] ?? match[2]) : null;
}

module.exports = { countable, countedCommand, refusedV8Flag };
