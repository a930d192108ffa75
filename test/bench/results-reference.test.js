'use strict';

// docs/reference/results.md is the results schemas in words: the committed
// page is what bench/results-reference.js makes now, it names every field of
// the envelope and of every driver, and the writer never replaces a page a
// person wrote.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { resultsReference, writeResultsReference, REFERENCE, MARKER } = require('../../bench/results-reference');
const envelope = require('../../lib/results/run.schema.json');
const drivers = require('../../lib/drivers');

// Every temporary folder a case makes, removed when the test process ends
// (a folder per case was left in the temporary directory).
const madeFolders = [];
function tempFolder(prefix) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeFolders.push(folder);
  return folder;
}
process.on('exit', () => {
  for (const folder of madeFolders) fs.rmSync(folder, { recursive: true, force: true });
});

// The top-level fields of the envelope and of each driver's params and metrics that `page` has no row for.
function missingFields(page) {
  const object = (schema) => (schema.properties ? schema : (schema.oneOf ?? []).find((variant) => variant.properties));
  const names = [
    ...Object.keys(envelope.properties),
    ...Object.values(drivers).flatMap((driver) => [
      ...Object.keys(object(driver.schema.params).properties),
      ...Object.keys(object(driver.schema.metrics).properties),
    ]),
  ];
  return names.filter((name) => !page.includes(`| \`${name}\` |`));
}

describe('the results file reference (bench/results-reference.js)', function () {
  it('is committed as the schemas say now (run `npm run docs:reference` when this fails)', function () {
    assert.equal(fs.readFileSync(REFERENCE, 'utf8'), resultsReference());
  });

  it('has a row for every field of every line and of every driver', function () {
    assert.deepEqual(missingFields(resultsReference()), []);
  });

  it('catches a page that lost a field (planted)', function () {
    assert.deepEqual(missingFields(resultsReference().replace('| `stderrTail` |', '| `stderr` |')), ['stderrTail']);
  });

  it('refuses to replace a page a person wrote, and rewrites its own', function () {
    const file = path.join(tempFolder('asyncmark-results-reference-'), 'results.md');
    writeResultsReference(file);
    writeResultsReference(file);
    assert.equal(fs.readFileSync(file, 'utf8').split('\n', 1)[0], MARKER);
    fs.writeFileSync(file, '# My notes\n');
    assert.throws(() => writeResultsReference(file), /^UsageError: reference: .* generated, or none/);
    assert.equal(fs.readFileSync(file, 'utf8'), '# My notes\n');
  });
});
