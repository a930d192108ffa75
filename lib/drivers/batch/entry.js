'use strict';

// What a registry entry of a batch problem must say: how it is called, the
// I/O flavour it takes, what a synchronous throw does, its style family and,
// where its problem makes calls at once, what a failure among them does, and,
// where it can be cancelled, by what means and with what outcome by the
// cancel contract (lib/conformance/cancel.js, cancel-contract.js).
// The libraries are required when asked: they load the problems themselves.
module.exports = function entryFaults(entry, registry) {
  const { CONVENTIONS } = require('../../invoke');
  const { FLAVOURS, MODELS_BY_PROBLEM } = require('../../fakes');
  const { SYNC_BEHAVIOURS, FAILURE_BEHAVIOURS, CANCEL_MEANS, BREACHES, KEEPS } = require('../../conformance');
  const { FAMILIES } = require('../../registry');
  const faults = [];
  if (!CONVENTIONS.includes(entry.call)) faults.push(`call ${entry.call}`);
  if (!FLAVOURS.includes(entry.io)) faults.push(`io ${entry.io}`);
  if (!SYNC_BEHAVIOURS.includes(entry.throws)) faults.push(`throws ${entry.throws}`);
  if (!FAMILIES.includes(entry.family)) faults.push(`family ${entry.family}`);
  if (entry.cancel !== undefined && !CANCEL_MEANS.includes(entry.cancel)) faults.push(`cancel ${entry.cancel}`);
  // A means to cancel comes with the outcome it is held to, and only then.
  if (entry.cancel !== undefined && entry.onCancel === undefined) faults.push(`cancel ${entry.cancel} without an onCancel`);
  if (entry.onCancel !== undefined && ![KEEPS, ...BREACHES].includes(entry.onCancel)) faults.push(`onCancel ${entry.onCancel}`);
  if (entry.onCancel !== undefined && entry.cancel === undefined) faults.push(`onCancel ${entry.onCancel} without a cancel`);
  if (entry.variantOf !== undefined && !registry.examples.some((other) => other.name === entry.variantOf)) faults.push(`variantOf ${entry.variantOf}`);
  if (MODELS_BY_PROBLEM[registry.problem].CONCURRENT) {
    if (!FAILURE_BEHAVIOURS.includes(entry.onFailure)) faults.push(`onFailure ${entry.onFailure}`);
  } else if (entry.onFailure !== undefined) {
    faults.push(`onFailure ${entry.onFailure} for a problem without calls made at once`);
  }
  return faults;
};
