'use strict';

// Every key of every row, not only the columns: JSON.stringify(rows, null, 2).

function rowsAsJson(rows) {
  return JSON.stringify(rows, null, 2) + '\n';
}

module.exports = rowsAsJson;
