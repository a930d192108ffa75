'use strict';

const show = require('../display');
const { columnMeaning } = require('./metric-files');
const { glossary } = require('./glossary');

// A complexity or debuggability file as a table, whatever columns it has. Pure.

/**
 * A complexity or debuggability file as a table, whatever columns it has.
 * @param {{ rows, columns, notes?, cells? }} data cells: glossary entries for the cells' codes
 * @param {string} what "complexity" or "debuggability", for the columns this does not know
 */
function metricTable({ rows, columns, notes = [], cells = [] }, what) {
  const cols = [
    { key: 'example', title: 'example', description: 'The example, a file under examples/<problem>/.' },
    ...columns.map((key) => ({
      key,
      title: key,
      description: columnMeaning(key) ?? `As the ${what} file gives it; see docs/${what}.md.`,
      align: rows.every((row) => row[key] === undefined || row[key] === null || typeof row[key] === 'number') ? 'right' : 'left',
      format: (value) => (value === undefined || value === null ? show.DASH : typeof value === 'number' ? show.number(value) : String(value)),
    })),
  ];
  return { columns: cols, rows, notes, glossary: glossary(cols, cells) };
}

module.exports = { metricTable };
