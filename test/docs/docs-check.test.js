'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { LIMITS, checkDocs, pagesIn, filesIn, lineCounts } = require('./check');

// The documentation check (test/docs/check.js) passes the project's README
// and docs/, and each rule fails on a planted page of its own
// (test/fixtures/docs/planted/docs/<rule>.md), checked alone so that the one
// problem it reports is the rule's.

const ROOT = path.join(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'docs');
const PLANTED = filesIn(path.join(FIXTURES, 'planted'));

// The problems of one planted page, checked alone.
function plantedProblems(name) {
  return checkDocs([`docs/${name}.md`], PLANTED);
}

describe('docs: the documentation check', function () {
  it("passes the project's README.md and docs/", function () {
    assert.deepEqual(checkDocs(pagesIn(ROOT), filesIn(ROOT)), []);
  });

  it('keeps the hand-written pages within their budget, and counts them by kind', function () {
    const counts = lineCounts(ROOT);
    const hand = Object.entries(counts)
      .filter(([kind]) => kind.startsWith('hand-written'))
      .reduce((sum, [, lines]) => sum + lines, 0);
    assert.ok(hand > 1000 && hand <= LIMITS.total, JSON.stringify(counts));
  });

  it('passes a planted folder that breaks no rule: its generated pages and blocks may carry dates and loads', function () {
    const root = path.join(FIXTURES, 'passing');
    assert.deepEqual(pagesIn(root), ['README.md', 'docs/README.md', 'docs/guide.md', 'docs/results/table.md']);
    assert.deepEqual(checkDocs(pagesIn(root), filesIn(root)), []);
  });

  it('planted: a page over 400 lines', function () {
    assert.deepEqual(plantedProblems('over-page'), [`docs/over-page.md: 401 lines, over the ${LIMITS.page} a page may have`]);
  });

  it('planted: hand-written pages over 4,000 lines together (one page of 370 lines, eleven times)', function () {
    const pages = Array.from({ length: 11 }, (_, i) => `docs/copy-${i}.md`);
    const text = PLANTED.read('docs/over-total.md');
    const problems = checkDocs(pages, { read: () => text, exists: () => true });
    assert.deepEqual(problems, [`hand-written pages: 4070 lines, over the ${LIMITS.total} they may have together`]);
    assert.deepEqual(checkDocs(pages.slice(0, 10), { read: () => text, exists: () => true }), []);
  });

  it('planted: a date, as digits and as words', function () {
    assert.deepEqual(plantedProblems('date-iso'), ['docs/date-iso.md:3: a date in prose, "2026-11-26"']);
    assert.deepEqual(plantedProblems('date-words'), ['docs/date-words.md:3: a date in prose, "14 December"']);
  });

  it('planted: a clock time', function () {
    assert.deepEqual(plantedProblems('clock'), ['docs/clock.md:3: a clock time in prose, "05:22"']);
  });

  it('planted: a load figure', function () {
    assert.deepEqual(plantedProblems('load'), ['docs/load.md:3: a load figure in prose, "load average"']);
  });

  it('planted: an "issue N"', function () {
    assert.deepEqual(plantedProblems('issue'), ['docs/issue.md:3: an "issue N" in prose, "issue 22"']);
  });

  it('planted: a command that is not `npx asyncmark` or `npm`, in a shell block, after a prompt, in a plain block', function () {
    assert.deepEqual(plantedProblems('command-shell'), [
      'docs/command-shell.md:4: a command that does not start with `npx asyncmark` or `npm`: asyncmark bench --n 1000',
    ]);
    assert.deepEqual(plantedProblems('command-prompt'), [
      'docs/command-prompt.md:4: a command that does not start with `npx asyncmark` or `npm`: node bench/cli.js bench --n 1000',
    ]);
    assert.deepEqual(plantedProblems('command-plain'), [
      'docs/command-plain.md:4: a command that does not start with `npx asyncmark` or `npm`: asyncmark verify my-style.js --io promises',
    ]);
  });

  it('planted: a link to a missing page, and to a missing heading', function () {
    assert.deepEqual(plantedProblems('link-file'), ['docs/link-file.md: gone.md: a broken link']);
    assert.deepEqual(plantedProblems('link-anchor'), ['docs/link-anchor.md: clock.md#the-hour: a broken link']);
  });

  it('planted: a README that does not open with the two set-up commands, runs over 150 lines, or has a line over 110 characters', function () {
    const problems = (name) => {
      const root = path.join(FIXTURES, name);
      return checkDocs(pagesIn(root), filesIn(root));
    };
    assert.deepEqual(problems('planted-readme-start'), [
      'README.md: its first code block is not the two set-up commands: npm ci && npx asyncmark bench     # the main job, sensible defaults, about 3 minutes / npm ci && npm test                # every test, with coverage',
    ]);
    assert.deepEqual(problems('planted-readme-long'), ['README.md: over the 150 lines it may have']);
    assert.deepEqual(problems('planted-readme-wide'), ['README.md:8: 132 characters, over 110']);
  });

  it('planted: a README with a relative link, or with an image', function () {
    const root = path.join(FIXTURES, 'planted-readme');
    assert.deepEqual(checkDocs(pagesIn(root), filesIn(root)), ["README.md:3: a relative link, broken on the registry's page: [the guide](docs/README.md)"]);
    const image = path.join(FIXTURES, 'planted-readme-image');
    assert.deepEqual(checkDocs(pagesIn(image), filesIn(image)), [
      "README.md:3: an image, which the registry's page may not show: ![the answer](https://example.org/answer.svg)",
    ]);
  });
});
