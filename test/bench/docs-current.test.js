'use strict';

// Every page npm run docs (and npm run published) generates is what today's
// code makes of the committed runs: bench/docs-current.js makes each again
// in a temporary folder, measuring nothing, and compares, but for the stamps.
// A planted stale page, and a page that differs only in its stamps, show
// what the comparison catches and what it lets pass.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { regenerate, comparePages, relinked } = require('../../bench/docs-current');

const ROOT = path.join(__dirname, '..', '..');

describe('npm run docs:current: every generated page is current', function () {
  this.timeout(600000);
  let tmp;
  let made;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-docs-current-'));
    made = regenerate(tmp);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('makes again the report, its copies, the references, the published page and the bench pages', () => {
    for (const page of [
      'docs/results/README.md',
      'docs/results/index.html',
      'README.md',
      'docs/explanation/article-2013.md',
      'docs/reference/cli.md',
      'docs/published.md',
    ]) {
      assert.ok(made.pages.includes(page), page);
    }
    assert.ok(made.pages.filter((page) => /^docs\/results\/bench-.+\.md$/.test(page)).length >= 10);
    assert.ok(made.pages.filter((page) => page.endsWith('.svg')).length >= 50);
  });

  it('each committed page reads as it is made today, but for its stamps', () => {
    assert.deepEqual(comparePages(made.pages, { committedIn: ROOT, madeIn: tmp }), []);
  });

  it('bench pages whose runs the committed file lacks are named (measure them: npm run docs -- --resume --only FILE)', function () {
    if (made.unmade.length === 0) return;
    // Pending, not failed: making these pages again means measuring.
    for (const { page, why } of made.unmade) process.stdout.write(`      ${page}: ${why}\n`);
    this.skip();
  });

  it('fails on a planted stale page, and not on a page whose stamps alone differ', () => {
    const planted = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-planted-'));
    try {
      const page = 'docs/results/README.md';
      const text = fs.readFileSync(path.join(tmp, page), 'utf8');
      const [first, ...rest] = text.split('\n');
      const stamped = first.replace(/at \d{4}-\d\d-\d\dT[\d:.]+Z/, 'at 2001-01-01T00:00:00.000Z').replace(/on node v[\d.]+/, 'on node v99.0.0');
      assert.notEqual(stamped, first);
      fs.mkdirSync(path.join(planted, 'docs', 'results'), { recursive: true });
      fs.writeFileSync(path.join(planted, page), [stamped, ...rest].join('\n'));
      assert.deepEqual(comparePages([page], { committedIn: planted, madeIn: tmp }), []);
      // The interval the log-scale intervals replaced, in one row.
      const row = rest.findIndex((line) => /^\| .+ ms \(/.test(line));
      const stale = rest.map((line, i) => (i === row ? line.replace(/ms \([^)]+\)/, 'ms (-58.9–239)') : line));
      fs.writeFileSync(path.join(planted, page), [stamped, ...stale].join('\n'));
      const [found] = comparePages([page], { committedIn: planted, madeIn: tmp });
      assert.equal(found.page, page);
      assert.equal(found.line, row + 2);
      assert.match(found.committed, /-58\.9–239/);
    } finally {
      fs.rmSync(planted, { recursive: true, force: true });
    }
  });

  it("points a page's links into the project as they read from the project's own folder", () => {
    const from = path.join('/t', 'docs', 'results');
    const text = '[guide](../../../root/docs/README.md) [web](https://x.org/a) <a href="#x">x</a> ![c](fib.svg)';
    assert.equal(relinked(text, { from, tmp: '/t', root: '/root' }), '[guide](../README.md) [web](https://x.org/a) <a href="#x">x</a> ![c](fib.svg)');
  });
});
