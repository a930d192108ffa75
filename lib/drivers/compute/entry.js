'use strict';

// What a registry entry of a compute problem must say: how it is called and
// how its recursion is written, among the values the declaration lists.
module.exports = function entryFaults(entry) {
  const { calls, families } = require('.');
  const faults = [];
  if (!calls.includes(entry.call)) faults.push(`call ${entry.call}`);
  if (!families.includes(entry.family)) faults.push(`family ${entry.family}`);
  return faults;
};
