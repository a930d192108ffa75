'use strict';

// What a registry entry of a batch problem must say: how it is called, the
// I/O flavour it takes, what a synchronous throw does, its style family and,
// where its problem makes calls at once, what a failure among them does, and,
// where it can be cancelled, by what means (lib/conformance/cancel.js).
// The libraries are required when asked: they load the problems themselves.
module.exports = function entryFaults(entry, registry) {
  const { CONVENTIONS } = require('../../invoke');
  const { FLAVOURS, MODELS_BY_PROBLEM } = require('../../fakes');
  const { SYNC_BEHAVIOURS, FAILURE_BEHAVIOURS, CANCEL_MEANS } = require('../../conformance');
  const { FAMILIES } = require('../../registry');
  const faults = [];
  if (!CONVENTIONS.includes(entry.call)) faults.push(`call ${entry.call}`);
  if (!FLAVOURS.includes(entry.io)) faults.push(`io ${entry.io}`);
  if (!SYNC_BEHAVIOURS.includes(entry.throws)) faults.push(`throws ${entry.throws}`);
  if (!FAMILIES.includes(entry.family)) faults.push(`family ${entry.family}`);
  if (entry.cancel !== undefined && !CANCEL_MEANS.includes(entry.cancel)) faults.push(`cancel ${entry.cancel}`);
  if (MODELS_BY_PROBLEM[registry.problem].CONCURRENT) {
    if (!FAILURE_BEHAVIOURS.includes(entry.onFailure)) faults.push(`onFailure ${entry.onFailure}`);
  } else if (entry.onFailure !== undefined) {
    faults.push(`onFailure ${entry.onFailure} for a problem without calls made at once`);
  }
  return faults;
};
