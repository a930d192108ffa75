'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SETTINGS, SETTING_NAMES, effectsOf, applySettings } = require('../../metrics/debuggability/stack-settings');
const { plantRuntime } = require('../fixtures/runtimes/plant');

// How a runtime applies each stack setting, found by running it: here the
// node running the tests, as itself and behind a fake that drops a flag (as
// Bun drops the flags it does not take), so nothing is installed.

const NODE_CAPABILITIES = { ipcFork: true, exposeGc: true, commonJs: true };

function record(spec, name, binary) {
  return { spec, name, version: '1.0.0', path: binary, capabilities: NODE_CAPABILITIES, flags: { exposeGc: ['--expose-gc'], commonJs: [] } };
}

describe('debuggability: stack settings under a runtime', function () {
  this.timeout(20000);
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-stack-settings-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads what each setting asks of a trace from its flags', () => {
    assert.deepEqual(effectsOf(SETTINGS.none.execArgv), { asyncFrames: false, stackTraceLimit: 10 });
    assert.deepEqual(effectsOf(SETTINGS.node.execArgv), { asyncFrames: true, stackTraceLimit: 10 });
    assert.throws(() => effectsOf(['--expose-gc']), /--expose-gc/);
  });

  it('gives Node its own flags, and says which Node and V8 it reports', async () => {
    const { reported, settings } = await applySettings(record('node', 'node', process.execPath), SETTING_NAMES);
    assert.deepEqual(reported, { node: process.version, v8: process.versions.v8 });
    for (const name of SETTING_NAMES) {
      assert.deepEqual(settings[name], { applies: true, form: 'flags', execArgv: SETTINGS[name].execArgv, env: {} });
    }
  });

  it('finds a setting a runtime cannot apply, with what it did instead, and applies the others', async () => {
    const binary = plantRuntime(dir, { spec: 'bun', version: '9.9.9', delegate: true, ignore: ['--no-async-stack-traces'] });
    const { settings } = await applySettings(record('bun', 'bun', binary), ['none', 'node']);
    assert.equal(settings.none.applies, false);
    assert.match(settings.none.reason, /^its traces keep async frames under bun, whether given --no-async-stack-traces --stack-trace-limit=10, or /);
    assert.match(settings.none.reason, /BUN_JSC_useAsyncStackTrace=0$/);
    assert.deepEqual(settings.node, { applies: true, form: 'flags', execArgv: SETTINGS.node.execArgv, env: {} });
  });

  it('says so when a runtime refuses the flags in every form', async () => {
    const binary = plantRuntime(dir, { spec: 'deno', version: '9.9.9' });
    const { reported, settings } = await applySettings(record('deno', 'deno', binary), ['node']);
    assert.equal(reported, null);
    assert.equal(settings.node.applies, false);
    assert.match(settings.node.reason, /^deno refuses the flags in every form tried/);
  });
});
