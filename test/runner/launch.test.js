'use strict';

const assert = require('node:assert/strict');
const { launch, cannotRun } = require('../../lib/runner/launch');

// How a child is started under a runtime of --runtime: pure, from the
// runtime's record, so these need no runtime at all.

const ALL = { ipcFork: true, exposeGc: true, commonJs: true };

function record(name, { capabilities = ALL, flags = { exposeGc: ['--expose-gc'], commonJs: [] } } = {}) {
  return { spec: name, name, version: '1.0.0', path: `/opt/${name}`, capabilities, flags };
}

describe('runner: launching a child under a runtime', () => {
  it('leaves the node running asyncmark as it is: no execPath, the flags asked for', () => {
    assert.deepEqual(launch({ execArgv: ['--expose-gc'] }, null), { execArgv: ['--expose-gc'] });
    assert.deepEqual(launch({}, undefined), { execArgv: [] });
  });

  it("starts the runtime's binary with its gc flag, and none where gc cannot be exposed", () => {
    assert.deepEqual(launch({ execArgv: ['--expose-gc', '--x'] }, record('bun')), { execPath: '/opt/bun', execArgv: ['--expose-gc', '--x'] });
    const noGc = record('custom', { capabilities: { ...ALL, exposeGc: false }, flags: { exposeGc: null, commonJs: [] } });
    assert.deepEqual(launch({ execArgv: ['--expose-gc'] }, noGc), { execPath: '/opt/custom', execArgv: [] });
  });

  it('gives Deno every permission, its CommonJS detection and its V8 gc flag', () => {
    const deno = record('deno', { flags: { exposeGc: ['--v8-flags=--expose-gc'], commonJs: ['--allow-read', '--unstable-detect-cjs'] } });
    assert.deepEqual(launch({ execArgv: ['--expose-gc'] }, deno), {
      execPath: '/opt/deno',
      execArgv: ['--allow-all', '--unstable-detect-cjs', '--v8-flags=--expose-gc'],
    });
  });

  it('says why a runtime cannot run a child at all', () => {
    assert.equal(cannotRun(null), null);
    assert.equal(cannotRun(record('bun')), null);
    assert.match(cannotRun(record('x', { capabilities: { ...ALL, ipcFork: false } })), /^x cannot be a forked child that reports over IPC$/);
    assert.match(cannotRun(record('x', { capabilities: { ...ALL, commonJs: false } })), /^x cannot run asyncmark's CommonJS child scripts$/);
  });
});
