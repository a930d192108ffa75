'use strict';

const assert = require('node:assert/strict');
const article = require('../../lib/article-2013.json');
const doxbee = require('../../examples/doxbee');

// The 2013 article's published figures, kept as data for a reference column:
// every file it compared, each mapped to one of our examples.

describe('the 2013 article figures', () => {
  it('list the 18 files the article compared, with their token counts, in its order', () => {
    assert.equal(article.rows.length, 18);
    assert.equal(new Set(article.rows.map((row) => row.file)).size, 18);
    const tokens = article.rows.map((row) => row.tokens);
    assert.ok(tokens.every(Number.isInteger));
    assert.deepEqual(
      tokens,
      [...tokens].sort((a, b) => a - b),
    );
  });

  it('give a time and a memory for the 16 files the article timed, at n = 1000 and t = 10 ms', () => {
    assert.deepEqual(article.benchmark, { n: 1000, t: 10 });
    const timed = article.rows.filter((row) => row.timeMs !== null);
    assert.equal(timed.length, 16);
    for (const row of timed) assert.ok(row.timeMs > 0 && row.memoryMB > 0, row.file);
    const untimed = article.rows.filter((row) => row.timeMs === null).map((row) => row.file);
    assert.deepEqual(untimed.sort(), ['flattened-class-ctx', 'streamline']);
  });

  it('map every file to a registered doxbee example, each to a different one', () => {
    const names = doxbee.examples.map((entry) => entry.name);
    for (const row of article.rows) assert.ok(names.includes(row.example), `${row.file}: ${row.example}`);
    assert.equal(new Set(article.rows.map((row) => row.example)).size, article.rows.length);
  });
});
