'use strict';

const assert = require('node:assert/strict');
const { resolveParams } = require('../../bench/params');

// bench/params.js on declarations of its own: a parameter a driver declares
// but no scenario takes is refused in words a person can read.
describe('bench parameters: where an option applies', () => {
  const driver = {
    params: [
      { name: 'n', type: 'int', list: true, min: 1 },
      { name: 'signal', type: 'choice', choices: ['none', 'live'], list: true },
    ],
  };
  const scenarios = { one: { name: 'one', params: { n: [1] } }, two: { name: 'two', params: { n: [2] } } };

  it('says "no scenario" where no scenario takes the parameter (planted: once "applies to , not one")', () => {
    assert.throws(() => resolveParams(scenarios.one, driver, { signal: 'live' }, scenarios), { message: '--signal: applies to no scenario, not one' });
  });
});
