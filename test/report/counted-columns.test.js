'use strict';

const assert = require('node:assert/strict');
const show = require('../../lib/report/display');
const { countedColumns } = require('../../lib/report/sections/counted-columns');

describe("report: the counted columns' share in V8's collections", () => {
  const column = countedColumns(show, 'upload', 'batches').find((c) => c.key === 'inCollector');
  const row = (inCollector) => ({ instructionsPerInvocation: 21000, inCollector });

  it('shows the share as a percentage, and a dash for a count that did not record it', () => {
    assert.equal(column.title, 'CPU work: in GC');
    assert.equal(column.format(0.4412, row(0.4412)), '44.1%');
    assert.equal(column.format(0, row(0)), '0.0%');
    assert.equal(column.format(null, row(null)), show.DASH);
  });

  it('is shown only where some count recorded it (counts made before it have no column of dashes)', () => {
    assert.equal(column.when([row(null), row(0.1)]), true);
    assert.equal(column.when([row(null), row(undefined)]), false);
  });
});
