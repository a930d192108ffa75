'use strict';

const { countedColumns } = require('../../report/sections/counted-columns');

// The batch driver's time table is the report's generic one: wall time of the
// batch, memory, CPU, GC and the growth exponents against n; with bench
// --measure instructions|both, the counted CPU work per upload and its ratio
// to the baseline's, labelled as what they are: not times; and, where the
// runs recorded it, what the example does when its caller gives up.

// The on-cancel column's meaning, as the table's glossary gives it.
const ON_CANCEL_MEANING =
  "What the example does when its caller gives up mid-upload by its style's own means (an AbortSignal, unsubscribing), observed in each run on a fresh simulated I/O: rolls back, commits anyway, or leaves open (the transaction is neither committed nor rolled back). n/a (no means to cancel): the example offers its caller none, as callbacks and plain promise chains do not. —: not recorded.";

module.exports = function columns({ TIME_COLUMNS, show }) {
  return [
    ...TIME_COLUMNS,
    ...countedColumns(show, 'upload', 'batches'),
    {
      key: 'onCancel',
      title: 'on cancel',
      when: (rows) => rows.some((row) => typeof row.onCancel === 'string'),
      description: ON_CANCEL_MEANING,
      format: (value) => value ?? show.DASH,
    },
  ];
};
