'use strict';

// The one schema of a results line, composed when lib/results loads: the
// common envelope of run.schema.json, the driver named among the drivers
// found, and one branch per driver (if driver is its name, then its params
// and metrics are those of its schema.json).

/**
 * @param {object} envelope run.schema.json
 * @param {Array<{ name: string, schema: { params: object, metrics: object } }>} drivers the declarations, in their order
 * @returns {object} the JSON Schema
 */
function composeSchema(envelope, drivers) {
  const driver = { enum: drivers.map((d) => d.name), ...envelope.properties.driver };
  const branches = drivers.map((d) => ({ if: { properties: { driver: { const: d.name } } }, then: { properties: d.schema } }));
  return {
    ...envelope,
    properties: { ...envelope.properties, driver },
    allOf: [...envelope.allOf, ...branches],
  };
}

module.exports = { composeSchema };
