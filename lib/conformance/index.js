'use strict';

const { cases, describeCase } = require('./cases');
const { observe } = require('./observe');
const { SYNC_BEHAVIOURS, FAILURE_BEHAVIOURS, checkCase, firstDifference, describeDifference } = require('./check');
const { CANCEL_MEANS, NO_MEANS, NO_ABORT_CONTROLLER, observeCancel, kindOf } = require('./cancel');
const { BREACHES, KEEPS, BEFORE_START, worse } = require('./cancel-contract');
const { hearingText, HEAR_AT_T, AT_ONCE, WITHIN_ONE_STEP } = require('./time-to-hear');

// Proves that examples do the same work. One case runs an example once, in this
// process, against a fresh engine with tick latency, and observes everything: the
// engine's trace, what the caller heard, what escaped to the process, what was
// left pending. The checks then compare that with the reference example.
// What is particular to a problem (its arguments, branches, operations, result
// and what follows a failure) the harness reads from the problem's model
// (examples/<problem>/model.js; lib/problems.js lists the members).
// Besides one upload at a time with every completion in the order it was
// started, a case may make several uploads at once on one io, or one twice in
// a row, vary the upload's path, or deliver completions one by one (the
// engine's stepped order: issue, reverse, shuffle), so that an example which
// shares state between uploads, reads a fixed path shape, takes the last
// started for the last completed, works before it is subscribed to, or waits
// where the reference does not, is told apart.
// The suite is three jobs, a file each: the cases a model gives (cases.js),
// one run of a case (observe.js), and its comparison with the reference's
// (check.js). The cancel case (cancel.js) is not compared with the reference:
// the caller gives up at every cancel point, and the cancel contract
// (cancel-contract.js) judges what the example then does.

module.exports = {
  SYNC_BEHAVIOURS,
  FAILURE_BEHAVIOURS,
  CANCEL_MEANS,
  BREACHES,
  KEEPS,
  BEFORE_START,
  NO_MEANS,
  NO_ABORT_CONTROLLER,
  worse,
  kindOf,
  hearingText,
  HEAR_AT_T,
  AT_ONCE,
  WITHIN_ONE_STEP,
  cases,
  describeCase,
  observe,
  observeCancel,
  checkCase,
  firstDifference,
  describeDifference,
};
