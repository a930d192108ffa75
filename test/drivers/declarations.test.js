'use strict';

// Every driver declares, in one place, what the rest of asyncmark asks of it.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const drivers = require('../../lib/drivers');
const scenarios = require('../../bench/scenarios');
const { resultsSchema } = require('../../lib/results');
const { CHART_KINDS } = require('../../lib/report/sections/scenarios');

const schema = resultsSchema(drivers);
const TYPES = ['integer', 'number', 'choice'];

describe('driver declarations', () => {
  for (const driver of Object.values(drivers)) {
    describe(driver.name, () => {
      it('names its child script, parameters, time metric, growth model and charts', () => {
        assert.ok(fs.existsSync(driver.child), driver.child);
        assert.ok(Array.isArray(driver.execArgv));
        for (const spec of driver.params) {
          assert.ok(TYPES.includes(spec.type), `${spec.name}: type ${spec.type}`);
          assert.equal(typeof spec.description, 'string');
          if (spec.type !== 'choice') assert.ok(spec.min <= spec.max, spec.name);
        }
        assert.equal(typeof driver.time.metric, 'string');
        // A driver without a size axis (http-load) declares no growth.
        if (driver.growth !== null) assert.ok(['power', 'exponential'].includes(driver.growth.model));
        for (const chart of driver.charts) assert.ok(CHART_KINDS.includes(chart), chart);
      });

      it('has a table, and a branch of the results schema that requires its time metric', () => {
        assert.equal(typeof driver.columns, 'function');
        assert.ok(schema.properties.driver.enum.includes(driver.name));
        const branch = schema.allOf.find((part) => part.if?.properties?.driver?.const === driver.name);
        const metrics = branch.then.properties.metrics.oneOf.find((m) => m.type === 'object');
        assert.ok(metrics.required.includes(driver.time.metric));
        for (const key of driver.extra ?? []) assert.ok(metrics.required.includes(key), key);
      });

      it('takes only its own parameters in its scenarios', () => {
        const names = driver.params.map((spec) => spec.name);
        for (const scenario of Object.values(scenarios).filter((s) => s.driver === driver.name)) {
          for (const key of Object.keys(scenario.params)) assert.ok(names.includes(key), `${scenario.name}: ${key}`);
        }
      });
    });
  }
});
