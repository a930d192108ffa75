'use strict';

const { cellText, titleOf } = require('./columns');

// A GitHub table; a cell's pipes, backslashes and line breaks escaped.

function markdownCell(text) {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function rowsAsMarkdown(rows, columns) {
  const line = (cells) => `| ${cells.map(markdownCell).join(' | ')} |`;
  const rule = `|${columns.map((column) => (column.align === 'right' ? ' ---: ' : ' --- ')).join('|')}|`;
  const body = rows.map((row) => line(columns.map((column) => cellText(column, row))));
  return [line(columns.map(titleOf)), rule, ...body].join('\n') + '\n';
}

module.exports = rowsAsMarkdown;
