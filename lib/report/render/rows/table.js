'use strict';

const { cellText, titleOf } = require('./columns');

// Aligned plain text: two spaces between columns, a rule under the header.

function pad(text, width, align) {
  return align === 'right' ? text.padStart(width) : text.padEnd(width);
}

function rowsAsTable(rows, columns) {
  const header = columns.map(titleOf);
  const body = rows.map((row) => columns.map((column) => cellText(column, row)));
  const widths = columns.map((_, i) => Math.max(header[i].length, ...body.map((cells) => cells[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => pad(cell, widths[i], columns[i].align))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n') + '\n';
}

module.exports = rowsAsTable;
