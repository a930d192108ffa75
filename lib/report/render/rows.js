'use strict';

// Rendering rows of results for people (table, markdown) and for programs
// (csv, json). A reporter is a lookup by name, so commands only pick one.

const FORMATS = ['table', 'markdown', 'csv', 'json'];

/**
 * Render `rows` (plain objects) as text ending with a newline.
 *
 * columns: [{ key, title = key, align = 'left' | 'right', format(value, row) }]
 * format:  'table'    aligned plain text, two spaces between columns, a rule under the header;
 *          'markdown' a GitHub table;
 *          'csv'      RFC 4180: header of titles, raw values (no `format`), CRLF line ends,
 *                     an empty field for null, undefined and NaN;
 *          'json'     JSON.stringify(rows, null, 2): every key of every row, not only the columns.
 * `format(value, row)` shapes the cells of table and markdown only, so csv and
 * json keep the numbers at full precision for further processing.
 */
function formatRows(rows, columns, format) {
  const render = RENDERERS[format];
  if (!render) throw new RangeError(`format must be one of ${FORMATS.join(', ')}; got ${format}`);
  return render(rows, columns);
}

/** A cell as people read it: the column's format, else the raw value. */
function cellText(column, row) {
  const value = row[column.key];
  if (column.format) return String(column.format(value, row));
  return value === undefined || value === null ? '' : String(value);
}

function titleOf(column) {
  return column.title === undefined ? column.key : column.title;
}

function pad(text, width, align) {
  return align === 'right' ? text.padStart(width) : text.padEnd(width);
}

function renderTable(rows, columns) {
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

function markdownCell(text) {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function renderMarkdown(rows, columns) {
  const line = (cells) => `| ${cells.map(markdownCell).join(' | ')} |`;
  const rule = `|${columns.map((column) => (column.align === 'right' ? ' ---: ' : ' --- ')).join('|')}|`;
  const body = rows.map((row) => line(columns.map((column) => cellText(column, row))));
  return [line(columns.map(titleOf)), rule, ...body].join('\n') + '\n';
}

// An absent value, and a number that is not one (the interval of a single
// run is NaN), are an empty field: a program reading the file sees "no value".
function csvField(value) {
  const missing = value === undefined || value === null || (typeof value === 'number' && !Number.isFinite(value));
  const text = missing ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function renderCsv(rows, columns) {
  const header = columns.map((column) => csvField(titleOf(column)));
  const body = rows.map((row) => columns.map((column) => csvField(row[column.key])));
  return [header, ...body].map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

function renderJson(rows) {
  return JSON.stringify(rows, null, 2) + '\n';
}

const RENDERERS = {
  table: renderTable,
  markdown: renderMarkdown,
  csv: renderCsv,
  json: renderJson,
};

module.exports = { formatRows, cellText, FORMATS };
