'use strict';

const { countedColumns } = require('../../report/sections/counted-columns');

// The batch driver's time table is the report's generic one: wall time of the
// batch, memory, CPU, GC and the growth exponents against n; with bench
// --measure instructions|both, the counted CPU work per upload and its ratio
// to the baseline's, labelled as what they are: not times.
module.exports = function columns({ TIME_COLUMNS, show }) {
  return [...TIME_COLUMNS, ...countedColumns(show, 'upload', 'batch')];
};
