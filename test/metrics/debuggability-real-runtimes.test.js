'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const problems = require('../../examples');
const { probe } = require('../../metrics/debuggability/probe');
const { resolveRuntimes, cacheFolder, parseSpec } = require('../../lib/runtimes');
const { folderName } = require('../../lib/runtimes/spec');

// One small check under the real Bun and Deno of asyncmark's cache, when they
// are there (asyncmark runtimes --install bun,deno); pending otherwise, since
// a test never downloads a runtime. One example, one setting: `none`, the
// one each runtime takes its own way (Deno inside --v8-flags, Bun through its
// JavaScriptCore options), so that a flag silently ignored would show as an
// async frame that should not be there.

const WANTED = ['bun', 'deno'];
const missing = WANTED.filter((spec) => !fs.existsSync(path.join(cacheFolder(), folderName(parseSpec(spec)), 'asyncmark-runtime.json')));
const title = 'names the line of a synchronous throw, and no awaiting frame with async stack traces off, under Bun and Deno as under Node';

describe('debuggability under the real Bun and Deno', function () {
  this.timeout(60000);

  if (missing.length > 0) {
    it(`${title} (pending: ${missing.join(' and ')} not in ${cacheFolder()}; asyncmark runtimes --install ${missing.join(',')})`);
    return;
  }

  it(title, async () => {
    const entry = problems.doxbee.examples.find((e) => e.name === 'async-await-native-io');
    const runtimes = await resolveRuntimes(['node', ...WANTED], { install: false });
    const report = await probe([entry], { settings: ['none'], cases: ['callback/continuation', 'sync'], runtimes });
    const how = Object.fromEntries(report.runtimes.map((r) => [r.spec, r.settings.none]));
    // Node takes the flags as they are. (Under the whole suite with coverage
    // its first form was once judged ineffective and the next, the same flags
    // with a JavaScriptCore variable Node ignores, taken: the same run either way.)
    assert.deepEqual(how.node.execArgv, ['--no-async-stack-traces', '--stack-trace-limit=10']);
    assert.deepEqual(how.deno.execArgv, ['--v8-flags=--no-async-stack-traces,--stack-trace-limit=10']);
    assert.deepEqual(how.bun.env, { BUN_JSC_useAsyncStackTrace: '0' });
    // Under coverage (npm test) the examples this process loads are
    // instrumented, so the line the probe looks for is not the file's: the
    // distance is checked only without it.
    const covered = Boolean(process.env.NYC_CONFIG);
    for (const example of report.examples) {
      const run = (kase) => example.runs.find((r) => r.case === kase);
      assert.equal(example.status, 'probed', `${example.runtime}: ${example.gradeReason}`);
      assert.deepEqual([run('sync').outcome, run('sync').injected], ['caller', true], example.runtime);
      if (!covered) assert.equal(run('sync').distance, 0, example.runtime);
      const continuation = run('callback/continuation');
      assert.deepEqual([continuation.outcome, continuation.namesFile, continuation.injected], ['caller', false, true], example.runtime);
      assert.doesNotMatch(continuation.stack, /at async /, example.runtime);
    }
  });
});
