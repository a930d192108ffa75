'use strict';

const assert = require('node:assert/strict');
const { createIO } = require('../../lib/fakes');
const { checkOptions } = require('../../lib/fakes/parameters');
const { runCli } = require('../bench/capture');

// createIO refuses what bench refuses, with the same words: the simulated
// I/O's parameters are declared once (lib/fakes/parameters.js) and the batch
// driver takes its bench options from them.

// The line bench prints for `--<name> <text>`, without "asyncmark: --".
async function benchRefusal(name, text) {
  // e is a parameter of the scenario of failures only.
  const scenario = name === 'e' ? ['--scenario', 'doxbee-errors'] : [];
  const { code, stderr } = await runCli('bench', ...scenario, '--test', '--no-out', `--${name}`, text);
  assert.equal(code, 2, stderr);
  return stderr.replace(/^asyncmark: --/, '').trim();
}

describe('lib/fakes: createIO refuses bad options as the command line does', () => {
  const CASES = [
    // [option, value, the error's class]
    ['t', -1, RangeError],
    ['t', 'abc', TypeError],
    ['e', 2, RangeError],
    ['dt', -5, RangeError],
    ['seed', 1.5, RangeError],
    ['latency', 'slow', RangeError],
  ];
  for (const [name, value, kind] of CASES) {
    it(`refuses ${name}: ${JSON.stringify(value)} with a ${kind.name} in bench's words`, async () => {
      const options = name === 'dt' ? { latency: 'load', dt: value } : { [name]: value };
      assert.throws(() => createIO('callbacks', options), kind);
      let message;
      try {
        createIO('callbacks', options);
      } catch (error) {
        message = error.message;
      }
      // The command line quotes what was typed; the library shows the value it was given.
      const typed = await benchRefusal(name, String(value));
      const allowed = typed.slice(typed.indexOf(' is not allowed; '));
      assert.equal(message, `${name}: ${JSON.stringify(value)}${allowed}`);
    });
  }

  it('refuses an option it does not take, naming the ones it does', () => {
    assert.throws(
      () => createIO('callbacks', { tt: 1 }),
      (error) =>
        error instanceof TypeError &&
        /^tt: is not an option of the simulated I\/O; expected one of latency, t, dt, e, p, seed, .*fileExists$/.test(error.message),
    );
  });

  it("takes every value bench takes, the model's own options and asyncmark's internal ones", () => {
    const { engine } = createIO('callbacks', { latency: 'load', dt: 0.5, e: 1, seed: 7, fileExists: true, trace: false, t: undefined });
    assert.equal(engine.e, 1);
    assert.doesNotThrow(() => createIO('promises', { latency: 'jitter', t: 0, e: 0 }));
    assert.doesNotThrow(() => createIO('promises', { p: 3 }, 'parallel'));
  });

  it('refuses them for a bare flavour too (the instrument problem: no engine behind it)', () => {
    assert.throws(() => createIO('timers', { t: -1 }, 'instrument'), {
      name: 'RangeError',
      message: 't: -1 is not allowed; expected a number >= 0 and <= 60000',
    });
    assert.doesNotThrow(() => createIO('minimal', { t: 1, fileExists: false }, 'instrument'));
  });

  it('planted: a check handed no option names refuses even the known ones by name', () => {
    assert.throws(() => checkOptions({ fileExists: true }), /^TypeError: fileExists: is not an option/);
    assert.throws(() => checkOptions(null), TypeError);
  });
});
