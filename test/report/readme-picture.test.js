'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

// The README's picture is the forest plot of the headline cell: the summary
// block that `npm run docs` copies into README.md opens with it, and the
// file it names is in docs/results, a forest plot (time relative to the
// baseline, one row per example).

const ROOT = path.join(__dirname, '..', '..');

/** The first picture of README.md's summary block, and whether its file is a forest plot. */
function readmePicture(readme, root) {
  const block = readme.slice(readme.indexOf('<!-- summary:start -->'), readme.indexOf('<!-- summary:end -->'));
  const first = block.match(/!\[([^\]]*)\]\(([^)]+)\)/);
  if (!first) return { file: null, forest: false };
  const file = path.join(root, decodeURI(first[2]));
  const svg = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return { alt: first[1], file: first[2], forest: /-forest\.svg$/.test(first[2]) && /time relative to/.test(svg) };
}

describe("README: the summary's picture", () => {
  it('is the forest plot the docs pipeline writes', () => {
    const picture = readmePicture(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), ROOT);
    assert.match(picture.file, /^docs\/results\/.+-forest\.svg$/);
    assert.ok(picture.forest, `${picture.file} is a forest plot in docs/results`);
    assert.match(picture.alt, /time relative to/);
  });

  it('catches a planted README whose picture is the complexity chart', () => {
    const planted = '<!-- summary:start -->\n![complexity against time](docs/results/complexity-vs-time.svg)\n<!-- summary:end -->';
    assert.equal(readmePicture(planted, ROOT).forest, false);
  });
});
