'use strict';

// Every relative link and image of README.md and of every page under docs/
// resolves, in the repository, to a file and, where it names one, to a
// heading of the page it links to; and every page is reached from docs/README.md.
// The packed tarball's test checks the links of what ships.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { brokenLinks, headingAnchors, unreachable } = require('./links');

const ROOT = path.join(__dirname, '..', '..');

// README.md and docs/**/*.md, relative to the root, with forward slashes.
function pages() {
  const found = ['README.md'];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
      const name = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(name);
      else if (name.endsWith('.md')) found.push(name);
    }
  };
  walk('docs');
  return found.sort();
}

const inRepository = {
  read: (page) => fs.readFileSync(path.join(ROOT, page), 'utf8'),
  exists: (file) => fs.existsSync(path.join(ROOT, file)),
};

describe('docs: every link resolves', function () {
  it('resolves every relative link and image of README.md and docs/**/*.md to a file and a heading', function () {
    assert.ok(pages().length > 10, pages().join(', '));
    assert.deepEqual(brokenLinks(pages(), inRepository), []);
  });

  it('planted: the check names a missing page, a missing image and a missing heading, and skips code and the web', function () {
    const fixture = {
      'README.md': [
        '# Title',
        '',
        '## Against a real database (`--db`)',
        '',
        '[here](#against-a-real-database---db) [ok](docs/a.md#the-cost) [no heading](docs/a.md#the-price)',
        '![chart](docs/results/gone.svg) [gone](docs/gone.md) [web](https://example.org/x.md)',
        '```',
        '[in code](docs/not-a-link.md)',
        '```',
      ].join('\n'),
      'docs/a.md': '# A\n\n## The cost\n',
    };
    const broken = brokenLinks(['README.md'], { read: (page) => fixture[page], exists: (file) => file in fixture });
    assert.deepEqual(broken, ['README.md: docs/a.md#the-price', 'README.md: docs/results/gone.svg', 'README.md: docs/gone.md']);
  });

  // The README is read on the registry's page, where relative links break: it
  // names docs/README.md by path, and every page is reached from there.
  it('reaches every page under docs/ from docs/README.md, link by link', function () {
    assert.match(inRepository.read('README.md'), /node_modules\/asyncmark\/docs\/README\.md/);
    assert.deepEqual(
      unreachable(pages(), 'docs/README.md', inRepository.read).filter((page) => page !== 'README.md'),
      [],
    );
  });

  it('planted: the check names a page no link reaches', function () {
    const fixture = { 'README.md': '[docs](docs/README.md)', 'docs/README.md': '[a](a.md) [up](../README.md)', 'docs/a.md': '', 'docs/orphan.md': '[a](a.md)' };
    assert.deepEqual(
      unreachable(Object.keys(fixture), 'README.md', (page) => fixture[page]),
      ['docs/orphan.md'],
    );
  });

  it('gives headings the anchors GitHub gives them', function () {
    const anchors = headingAnchors('# What `bench` does\n## Today\'s styles, and compiled code\n## Runs\n## Runs\n<a id="kept"></a>');
    assert.deepEqual([...anchors], ['what-bench-does', 'todays-styles-and-compiled-code', 'runs', 'runs-1', 'kept']);
  });
});
