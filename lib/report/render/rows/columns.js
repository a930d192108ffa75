'use strict';

// What a column shows of a row, for the reporters that people read.

/** A cell as people read it: the column's format, else the raw value. */
function cellText(column, row) {
  const value = row[column.key];
  if (column.format) return String(column.format(value, row));
  return value === undefined || value === null ? '' : String(value);
}

function titleOf(column) {
  return column.title === undefined ? column.key : column.title;
}

module.exports = { cellText, titleOf };
