'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const batch = require('../../lib/drivers/batch');
const { runCounted, V8_FLAGS } = require('../../lib/runner/count');
const { findValgrind } = require('../../lib/runner/count-plan');
const { countedCommand, refusedV8Flag } = require('../../lib/runner/count-runtime');
const { launch } = require('../../lib/runner/launch');
const { resolveRuntimes, cacheFolder, parseSpec } = require('../../lib/runtimes');
const { folderName } = require('../../lib/runtimes/spec');
const { job, planted, relative, TOLERANCE } = require('./count-cell');

// Counted CPU work under Deno (lib/runner/count-runtime.js): its V8 flags go
// in --v8-flags=, and its os.loadavg() reaches libc's sysinfo, not libuv's
// uv_loadavg. The counts themselves are taken under the real Deno of
// asyncmark's cache when valgrind and it are there (asyncmark runtimes
// --install deno); pending otherwise, since a test never downloads a runtime.

const deno = { name: 'deno', spec: 'deno' };

describe('counting under Deno: its command line and its mark', () => {
  it("gives Node the count's V8 flags as they are, Deno inside --v8-flags=, beside its own", () => {
    const node = countedCommand(undefined, { execPath: '/n/node', execArgv: ['--expose-gc'], v8Flags: V8_FLAGS, late: true });
    assert.deepEqual(node, { command: ['/n/node', ...V8_FLAGS, '--expose-gc'], marker: 'uv_loadavg', startupMarks: 0 });
    const execArgv = ['--allow-all', '--unstable-detect-cjs', '--v8-flags=--expose-gc'];
    const counted = countedCommand(deno, { execPath: '/d/deno', execArgv, v8Flags: V8_FLAGS, late: true });
    assert.deepEqual(counted.command, [
      '/d/deno',
      '--v8-flags=--single-threaded,--predictable,--no-incremental-marking,--no-memory-reducer',
      '--allow-all',
      '--unstable-detect-cjs',
      '--v8-flags=--expose-gc',
    ]);
    assert.equal(counted.marker, 'sysinfo');
    // Deno calls sysinfo once at start-up: seen only when callgrind
    // instruments the run from the start.
    assert.equal(counted.startupMarks, 0);
    assert.equal(countedCommand(deno, { execPath: '/d/deno', execArgv, v8Flags: V8_FLAGS, late: false }).startupMarks, 1);
  });

  it('reads the V8 flag Node or Deno refused; another line is not one', () => {
    assert.equal(refusedV8Flag('node: bad option: --single-threaded'), '--single-threaded');
    assert.equal(refusedV8Flag("error: V8 did not recognize flag '--predictable'\n\nFor a list of V8 flags, use '--v8-flags=--help'"), '--predictable');
    assert.equal(refusedV8Flag('error: unexpected argument --predictable found'), null);
  });

  it('a Deno whose V8 refuses a flag of the count is UNSUPPORTED, naming it; another refusal stays CRASH', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-deno-refuses-'));
    try {
      // A stand-in for valgrind running a Deno that refuses the option.
      const refusing = (option) => {
        const file = path.join(dir, `refuses${option}`);
        fs.writeFileSync(file, `#!/bin/sh\necho "error: V8 did not recognize flag '${option}'" >&2\nexit 1\n`, { mode: 0o755 });
        return file;
      };
      const options = { driver: batch, script: batch.child, execPath: '/d/deno', execArgv: [], timeoutMs: 60000, runner: deno };
      const old = await runCounted(job({ runtime: 'deno@1' }), { ...options, valgrind: refusing('--no-memory-reducer') });
      assert.equal(old.status, 'unsupported');
      assert.equal(old.error, 'deno@1: its V8 has no --no-memory-reducer, which a count needs to repeat (docs/explanation/counted-work.md)');
      // Planted: a flag that is not the count's is the child's crash.
      const other = await runCounted(job(), { ...options, valgrind: refusing('--no-such-flag') });
      assert.equal(other.status, 'crash');
      assert.match(other.error, /^under valgrind: .*did not recognize flag '--no-such-flag'/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const installed = fs.existsSync(path.join(cacheFolder(), folderName(parseSpec('deno')), 'asyncmark-runtime.json'));
const missing = [!findValgrind() && 'valgrind', !installed && `deno (not in ${cacheFolder()}; asyncmark runtimes --install deno)`].filter(Boolean);
const title = 'counted instructions under the real Deno (tiny cells)';

describe(title, function () {
  this.timeout(600000);
  if (missing.length > 0 || process.env.NYC_CONFIG) {
    it(
      `counts a cell twice alike, instrumented late or from the start, and refuses a run that marks itself (pending: ${missing.join(' and ') || 'not under coverage'})`,
    );
    return;
  }
  let runner;
  let first;
  const count = (j, options = {}) =>
    runCounted(
      { ...j, capabilities: runner.capabilities },
      { driver: batch, script: batch.child, timeoutMs: 60000, runner, ...launch(batch, runner), ...options },
    );

  before(async () => {
    [runner] = await resolveRuntimes(['deno'], { install: false });
    first = await count(job());
    assert.equal(first.status, 'ok', first.error);
  });

  it('two counts of the same cell agree within the tolerance', async () => {
    const m = first.metrics;
    assert.ok(m.instructionsPerInvocation > 0);
    assert.deepEqual([m.countedSegments, m.invocations], [8, 20]);
    const again = await count(job());
    assert.equal(again.status, 'ok', again.error);
    assert.ok(relative(again.metrics.instructions, m.instructions) < TOLERANCE, `${again.metrics.instructions} vs ${m.instructions}`);
  });

  it("counts alike instrumented from the start, past Deno's own mark at start-up", async () => {
    // Without that mark skipped, the run would read one file too many and be
    // CRASH. The bound is count-valgrind.test.js's for the same comparison (1%;
    // measured under Deno: 0.05%).
    const whole = await count(job(), { late: false });
    assert.equal(whole.status, 'ok', whole.error);
    assert.ok(
      relative(whole.metrics.instructions, first.metrics.instructions) < 10 * TOLERANCE,
      `${whole.metrics.instructions} vs ${first.metrics.instructions}`,
    );
  });

  it('a run that marks the region itself cannot be counted: CRASH, naming the mark Deno reaches', async () => {
    const marks = await count(job(planted('reads-loadavg', path.join(__dirname, '..', 'fixtures', 'count', 'reads-loadavg.js'))));
    assert.equal(marks.status, 'crash');
    assert.match(marks.error, /^under valgrind: the region's mark was reached \d+ times, not \d+: something else in the run calls sysinfo/);
  });
});
