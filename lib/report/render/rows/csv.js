'use strict';

const { titleOf } = require('./columns');

// RFC 4180: a header of titles, the raw values (no column `format`), CRLF line ends.

// An absent value, and a number that is not one (the interval of a single
// run is NaN), are an empty field: a program reading the file sees "no value".
// A value with parts (how soon a caller hears: a grade and times) is its JSON,
// which a program can read back, never "[object Object]".
function csvField(value) {
  const missing = value === undefined || value === null || (typeof value === 'number' && !Number.isFinite(value));
  const text = missing ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function rowsAsCsv(rows, columns) {
  const header = columns.map((column) => csvField(titleOf(column)));
  const body = rows.map((row) => columns.map((column) => csvField(row[column.key])));
  return [header, ...body].map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

module.exports = rowsAsCsv;
