'use strict';

// The failure cases of the debuggability probe: how the I/O fails (mode) and
// where the error is made (placement). A throw inside the I/O layer's timer
// never passes through the example in any style, so it is reported but not
// graded (docs/explanation/debuggability.md).

const CASES = [
  { key: 'callback/timer', mode: 'callback', placement: 'timer', graded: true },
  { key: 'callback/continuation', mode: 'callback', placement: 'continuation', graded: true },
  { key: 'sync', mode: 'sync', placement: 'call', graded: true },
  { key: 'timer/timer', mode: 'timer', placement: 'timer', graded: false },
  { key: 'timer/continuation', mode: 'timer', placement: 'continuation', graded: false },
];
const CASE_KEYS = CASES.map((c) => c.key);
const GRADED_KEYS = CASES.filter((c) => c.graded).map((c) => c.key);

module.exports = { CASES, CASE_KEYS, GRADED_KEYS };
