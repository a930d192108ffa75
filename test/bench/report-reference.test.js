'use strict';

// docs/reference/report-columns.md is every driver's table in words: the
// committed page is what bench/report-reference.js makes now, it has a row for
// every column of every driver, a column a driver declares shows up on it,
// and the writer never replaces a page a person wrote.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { reportReference, writeReportReference, REFERENCE, MARKER } = require('../../bench/report-reference');
const { columnsOf } = require('../../lib/report/sections/time-columns');
const drivers = require('../../lib/drivers');

// Every temporary folder a case makes, removed when the test process ends.
const madeFolders = [];
function tempFolder(prefix) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeFolders.push(folder);
  return folder;
}
process.on('exit', () => {
  for (const folder of madeFolders) fs.rmSync(folder, { recursive: true, force: true });
});

// "driver: title" of every column that the page has no row for under its driver's heading.
function missingColumns(page, all = drivers) {
  return Object.values(all).flatMap((driver) => {
    const from = page.indexOf(`## The ${driver.name} driver\n`);
    const section = from === -1 ? '' : page.slice(from).split('\n## ')[0];
    return columnsOf(driver)
      .filter((column) => !section.includes(`| ${column.title.replace(/\|/g, '\\|')} |`))
      .map((column) => `${driver.name}: ${column.title}`);
  });
}

describe("the report's column reference (bench/report-reference.js)", function () {
  it('is committed as the drivers declare their columns now (run `npm run docs:reference` when this fails)', function () {
    assert.equal(fs.readFileSync(REFERENCE, 'utf8'), reportReference());
  });

  it('has a row for every column of every driver', function () {
    assert.deepEqual(missingColumns(reportReference()), []);
  });

  it('catches a page that lost a column (planted)', function () {
    assert.deepEqual(missingColumns(reportReference().replace('| heartbeat late p99 |', '| heartbeat |')), ['compute: heartbeat late p99']);
  });

  it('shows a column a driver declares, with when it is shown and its meaning (planted)', function () {
    const planted = {
      name: 'planted',
      description: 'one planted measurement',
      columns: ({ EXAMPLE_COLUMN }) => [
        EXAMPLE_COLUMN,
        { key: 'wobble', title: 'wobble | p99', brief: true, when: () => true, description: 'How much a <planted> run wobbled.' },
      ],
    };
    const page = reportReference({ planted }, { lookup: { problem: 'lookup', driver: 'planted' } });
    assert.deepEqual(missingColumns(page, { planted }), []);
    assert.ok(page.includes('What it measures: one planted measurement. Its problems: `lookup`.'));
    assert.ok(page.includes('| wobble \\| p99 | where recorded; short table | How much a \\<planted> run wobbled. |'));
  });

  it('refuses to replace a page a person wrote, and rewrites its own', function () {
    const file = path.join(tempFolder('asyncmark-report-reference-'), 'report-columns.md');
    writeReportReference(file);
    writeReportReference(file);
    assert.equal(fs.readFileSync(file, 'utf8').split('\n', 1)[0], MARKER);
    fs.writeFileSync(file, '# My notes\n');
    assert.throws(() => writeReportReference(file), /^UsageError: reference: .* generated, or none/);
    assert.equal(fs.readFileSync(file, 'utf8'), '# My notes\n');
  });
});
