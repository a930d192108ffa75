'use strict';

// What a registry entry of an http-load problem must say. A server says how
// its work is written and what serves it (a process, a cluster, a pool); a
// client, its style family and its convention.
module.exports = function entryFaults(entry) {
  const { families } = require('.');
  const { FAMILIES } = require('../../registry');
  const faults = [];
  if (entry.where) {
    if (!families.includes(entry.family)) faults.push(`family ${entry.family}`);
    if (!['process', 'cluster', 'pool'].includes(entry.where)) faults.push(`where ${entry.where}`);
  } else {
    if (!FAMILIES.includes(entry.family)) faults.push(`family ${entry.family}`);
    if (!['callback', 'promise'].includes(entry.call)) faults.push(`call ${entry.call}`);
  }
  return faults;
};
