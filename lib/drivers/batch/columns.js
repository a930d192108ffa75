'use strict';

// The batch driver's time table is the report's generic one: wall time of the
// batch, memory, CPU, GC and the growth exponents against n.
module.exports = function columns({ TIME_COLUMNS }) {
  return TIME_COLUMNS;
};
