'use strict';

const { countedColumns } = require('../../report/sections/counted-columns');
const { hearingText } = require('../../conformance/time-to-hear');

// The batch driver's time table is the report's generic one: wall time of the
// batch, memory, CPU, GC and the growth exponents against n; with bench
// --measure instructions|both, the counted CPU work per upload and its ratio
// to the baseline's, labelled as what they are: not times; and, where the
// runs recorded it, what the example does when its caller gives up.

// The on-cancel column's meaning, as the table's glossary gives it.
const ON_CANCEL_MEANING =
  'What the example does when its caller gives up by its style\'s own means (an AbortSignal, unsubscribing, halting its task) before the upload starts, while each operation of each branch is in flight and turns after each completed, with many uploads at once, one signal shared, AbortSignal.timeout and AbortSignal.any, the process kept alive after each answer, judged by the cancel contract (docs/explanation/conformance.md), observed in each run on a fresh simulated I/O: keeps the contract, or its worst breach and where ("writes after the abort at version.insert (file found)"); then how soon its caller hears: at once, or within one step (the operation in flight ends first, up to t ms), with the median time from the abort to the answer on real timers at t=300 and t=1 ms per operation. n/a (no means to cancel): the example offers its caller none; its cancellable variant, where there is one, is its own row. —: not recorded.';

module.exports = function columns({ TIME_COLUMNS, show }) {
  return [
    ...TIME_COLUMNS,
    ...countedColumns(show, 'upload', 'batches'),
    {
      key: 'onCancel',
      title: 'on cancel',
      brief: true,
      when: (rows) => rows.some((row) => typeof row.onCancel === 'string'),
      description: ON_CANCEL_MEANING,
      format: (value, row = {}) => {
        if (value === null || value === undefined) return show.DASH;
        const hears = hearingText(row.hearing);
        return hears ? `${value}; ${hears}` : value;
      },
    },
  ];
};
