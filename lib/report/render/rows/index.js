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
 * options.width (table only): the widest a line may be; wider tables wrap their text columns.
 */
function formatRows(rows, columns, format, options = {}) {
  const render = RENDERERS[format];
  if (!render) throw new RangeError(`format must be one of ${FORMATS.join(', ')}; got ${format}`);
  return render(rows, columns, options);
}

// One reporter a file, by its format's name.
const RENDERERS = {
  table: require('./table'),
  markdown: require('./markdown'),
  csv: require('./csv'),
  json: require('./json'),
};

module.exports = { formatRows, FORMATS };
