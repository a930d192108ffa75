'use strict';

const { countedColumns } = require('../../report/sections/counted-columns');

// The batch driver's time table is the report's generic one: wall time of the
// batch, memory, CPU, GC and the growth exponents against n; with bench
// --measure instructions|both, the counted CPU work per upload and its ratio
// to the baseline's, labelled as what they are: not times; and, where the
// runs recorded it, what the example does when its caller gives up.

// The on-cancel column's meaning, as the table's glossary gives it.
const ON_CANCEL_MEANING =
  'What the example does when its caller gives up by its style\'s own means (an AbortSignal, unsubscribing) before the upload starts and while each operation of each branch is in flight, judged by the cancel contract (docs/conformance.md), observed in each run on a fresh simulated I/O: keeps the contract, or its worst breach and where ("writes after the abort at version.insert (file found)"). n/a (no means to cancel): the example offers its caller none; its cancellable variant, where there is one, is its own row. —: not recorded.';

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
      format: (value) => value ?? show.DASH,
    },
  ];
};
