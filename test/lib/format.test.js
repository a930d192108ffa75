'use strict';

const assert = require('node:assert/strict');
const { formatRows, FORMATS } = require('../../lib/report/render/rows');

const ROWS = [
  { name: 'async-await', tokens: 311, score: 1 },
  { name: 'callbacks-original', tokens: 444, score: 1.427652733118971 },
];
const COLUMNS = [
  { key: 'name', title: 'example' },
  { key: 'tokens', align: 'right' },
  { key: 'score', title: 'score', align: 'right', format: (value) => value.toFixed(2) },
];

describe('formatRows', () => {
  it('knows four formats and refuses others', () => {
    assert.deepEqual(FORMATS, ['table', 'markdown', 'csv', 'json']);
    assert.throws(() => formatRows(ROWS, COLUMNS, 'xml'), RangeError);
  });

  it('table: aligned columns, a rule under the header, titles defaulting to keys', () => {
    assert.equal(
      formatRows(ROWS, COLUMNS, 'table'),
      [
        'example             tokens  score',
        '------------------  ------  -----',
        'async-await            311   1.00',
        'callbacks-original     444   1.43',
        '',
      ].join('\n'),
    );
  });

  it('table: blank cells for null and undefined, no trailing spaces, a header alone when no rows', () => {
    const columns = [{ key: 'a' }, { key: 'b' }];
    assert.equal(
      formatRows(
        [
          { a: null, b: 'x' },
          { a: 'long', b: undefined },
        ],
        columns,
        'table',
      ),
      'a     b\n----  -\n      x\nlong\n',
    );
    assert.equal(formatRows([], columns, 'table'), 'a  b\n-  -\n');
  });

  it('markdown: a GitHub table with right-aligned columns marked and pipes escaped', () => {
    assert.equal(
      formatRows(ROWS, COLUMNS, 'markdown'),
      ['| example | tokens | score |', '| --- | ---: | ---: |', '| async-await | 311 | 1.00 |', '| callbacks-original | 444 | 1.43 |', ''].join('\n'),
    );
    assert.equal(formatRows([{ a: 'x | y\nz' }], [{ key: 'a' }], 'markdown'), '| a |\n| --- |\n| x \\| y z |\n');
  });

  it('csv: RFC 4180 quoting, CRLF line ends, raw values rather than formatted ones', () => {
    const rows = [
      { a: 'plain', b: 'with, comma' },
      { a: 'say "hi"', b: 'two\nlines' },
      { a: 1.5, b: null },
    ];
    assert.equal(
      formatRows(rows, [{ key: 'a' }, { key: 'b', title: 'b,title' }], 'csv'),
      'a,"b,title"\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"\r\n1.5,\r\n',
    );
    // A value with parts is written as its JSON (planted: an object, once "[object Object]").
    assert.equal(
      formatRows([{ a: { grade: 'at once', times: [{ t: 1, ms: 0.2 }] } }], [{ key: 'a' }], 'csv'),
      'a\r\n"{""grade"":""at once"",""times"":[{""t"":1,""ms"":0.2}]}"\r\n',
    );
    assert.equal(formatRows(ROWS, COLUMNS, 'csv').split('\r\n')[2], `callbacks-original,444,${String(ROWS[1].score)}`);
  });

  it('json: every key of every row, whatever the columns', () => {
    const text = formatRows(ROWS, [{ key: 'name' }], 'json');
    assert.deepEqual(JSON.parse(text), ROWS);
    assert.equal(text, `${JSON.stringify(ROWS, null, 2)}\n`);
  });
});
