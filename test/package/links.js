'use strict';

const path = require('node:path');

// Every relative link and image of `pages` (Markdown, paths relative to the
// package's root) that names no file, or no heading of the page it names:
// "<page>: <target>". `read(page)` gives a page's text, `exists(file)` whether
// a file or a folder is there. Shared by the repository's link test and the
// packed tarball's, so that both judge a link alike.
function brokenLinks(pages, { read, exists }) {
  const anchorsOf = new Map();
  const anchors = (page) => {
    if (!anchorsOf.has(page)) anchorsOf.set(page, headingAnchors(read(page)));
    return anchorsOf.get(page);
  };
  const broken = [];
  for (const page of pages) {
    for (const match of withoutCode(read(page)).matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)) {
      const [target, anchor] = (match[1] ?? match[2]).split('#');
      if (/^[a-z]+:/i.test(target)) continue;
      const file = target === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
      const missing = !exists(file) || (anchor && file.endsWith('.md') && !anchors(file).has(decodeURIComponent(anchor)));
      if (missing) broken.push(`${page}: ${match[1] ?? match[2]}`);
    }
  }
  return broken;
}

// The pages of `pages` that no chain of relative links from `start` reaches:
// a page a reader of the README cannot find.
function unreachable(pages, start, read) {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const page = queue.shift();
    for (const match of withoutCode(read(page)).matchAll(/\]\(([^)\s]+)\)/g)) {
      const [target] = match[1].split('#');
      if (target === '' || /^[a-z]+:/i.test(target)) continue;
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
      if (pages.includes(file) && !seen.has(file)) {
        seen.add(file);
        queue.push(file);
      }
    }
  }
  return pages.filter((page) => !seen.has(page));
}

// A page's text without its fenced code blocks, whose brackets are code, not links.
function withoutCode(text) {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
}

// The anchors GitHub gives a page's headings: lower case, punctuation dropped,
// spaces as hyphens, a repeated one numbered; and every explicit id="...".
function headingAnchors(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const [, heading] of withoutCode(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of text.matchAll(/\sid="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

module.exports = { brokenLinks, headingAnchors, unreachable };
