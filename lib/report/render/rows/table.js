'use strict';

const { cellText, titleOf } = require('./columns');
const { wrapLines } = require('../wrap');

// Aligned plain text: two spaces between columns, a rule under the header.
// Given a width, a table wider than it wraps its widest columns of text (left
// aligned, the first column kept whole) onto more lines, until it fits or
// every such column is down to NARROWEST.

const GAP = 2;
const NARROWEST = 10;

function pad(text, width, align) {
  return align === 'right' ? text.padStart(width) : text.padEnd(width);
}

const widest = (lines) => Math.max(0, ...lines.map((line) => line.length));

function rowsAsTable(rows, columns, { width = Infinity } = {}) {
  const header = columns.map(titleOf);
  const texts = rows.map((row) => columns.map((column) => cellText(column, row)));
  // Every cell as its lines: one, until its column is wrapped.
  const body = texts.map((cells) => cells.map((text) => [text]));
  const widths = columns.map((_, i) => Math.max(header[i].length, ...body.map((cells) => widest(cells[i]))));
  const total = () => widths.reduce((sum, each) => sum + each, 0) + GAP * (columns.length - 1);
  const narrowest = (i) => Math.max(NARROWEST, header[i].length);
  for (;;) {
    const over = total() - width;
    if (over <= 0) break;
    const candidates = columns.map((column, i) => i).filter((i) => i > 0 && columns[i].align !== 'right' && widths[i] > narrowest(i));
    if (candidates.length === 0) break;
    // The widest column gives up width first, down to the next widest, so that the narrowing is shared.
    const [i, next = -1] = [...candidates].sort((a, b) => widths[b] - widths[a]);
    const second = next >= 0 ? widths[next] : 0;
    const target = Math.max(narrowest(i), widths[i] - over, Math.min(widths[i] - 1, second));
    body.forEach((cells, r) => {
      cells[i] = wrapLines(texts[r][i], target);
    });
    widths[i] = Math.max(header[i].length, ...body.map((cells) => widest(cells[i])));
  }
  const line = (cells) =>
    cells
      .map((cell, i) => pad(cell, widths[i], columns[i].align))
      .join(' '.repeat(GAP))
      .trimEnd();
  const rowLines = (cells) => {
    const height = Math.max(...cells.map((lines) => lines.length));
    return Array.from({ length: height }, (_, k) => line(cells.map((lines) => lines[k] ?? '')));
  };
  const rule = widths.map((each) => '-'.repeat(each)).join(' '.repeat(GAP));
  return [line(header), rule, ...body.flatMap(rowLines)].join('\n') + '\n';
}

module.exports = rowsAsTable;
