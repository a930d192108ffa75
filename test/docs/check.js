'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { brokenLinks } = require('../package/links');

// The documentation check (npm run docs:check, and npm test): pure functions
// of the pages' texts. A page is hand-written unless one of its first three
// lines says "generated"; generated pages say in their provenance when, where
// and under what load they were made, so only their links are checked. The
// hand-written pages are held to:
// - a budget: no page over 400 lines, all of them together at most 4,000;
// - prose without dates, clock times, load figures or "issue N" (when and
//   under what load a figure was made is provenance, not prose);
// - command lines a reader can paste: each starts with `npx asyncmark` or `npm`;
// - links that resolve (in every page under docs/, generated ones too), and a
//   README without relative links or images, since it is read on the
//   registry's page, where those break; a README that opens with the two
//   set-up commands, under 150 lines, none of them over 110 characters.

const LIMITS = { page: 400, total: 4000, readme: 150, readmeWidth: 110 };
// The README's first code block: the set-up of a clone, then of a contributor.
const README_START = [
  'npm ci && npx asyncmark bench     # the main job, sensible defaults, about 3 minutes',
  'npm ci && npm test                # every test, with coverage',
];
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const SHORT_MONTHS = 'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
// What prose may not say, each with the words a problem is reported in.
const PROSE_RULES = [
  { what: 'a date', pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { what: 'a date', pattern: new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? (?:${MONTHS})\\b`) },
  { what: 'a date', pattern: new RegExp(`\\b(?:${MONTHS}) \\d{1,2}(?:st|nd|rd|th)?\\b|\\b(?:${MONTHS}) \\d{4}\\b`) },
  { what: 'a date', pattern: new RegExp(`\\b(?:${SHORT_MONTHS})\\.? \\d{1,2}\\b`) },
  { what: 'a clock time', pattern: /\b(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?\s*(?:UTC|GMT|am|pm)\b|\b(?:[01]\d|2[0-3]):[0-5]\d\b/i },
  { what: 'a load figure', pattern: /\bload averages?\b|\bload (?:of |about |around |near )*\d/i },
  { what: 'an "issue N"', pattern: /\bissues? #?\d+/i },
];
const SHELLS = new Set(['bash', 'sh', 'shell', 'zsh', 'console']);
const PASTABLE = /^(?:npx asyncmark|npm)(?:\s|$)/;
// A command written in a code block of any language (a diagram's lines are
// not): asyncmark with one of its commands, or node with a script.
const BARE_COMMAND =
  /^(?:asyncmark\s+(?:bench|clean|compare|complexity|debuggability|list|report|runtimes|verify|help|--help|-h)(?:\s|$)|node\s+\S+\.[cm]?js(?:\s|$))/;

/** Whether a page is generated: one of its first three lines says so. */
function isGenerated(text) {
  return /generated/i.test(text.split('\n').slice(0, 3).join('\n'));
}

/** Lines as `wc -l` counts them. */
function lineCount(text) {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

// The page's lines, each with its number and whether it is in a code block
// (and that block's language), with the generated blocks a person's page
// holds between <!-- name:start --> and <!-- name:end --> markers marked too.
function linesOf(text) {
  const out = [];
  let fence = null;
  let generatedUntil = null;
  text.split('\n').forEach((line, index) => {
    const number = index + 1;
    const opening = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence === null && generatedUntil === null) {
      const start = /^<!-- ([\w-]+):start -->/.exec(line);
      if (start) generatedUntil = `<!-- ${start[1]}:end -->`;
    } else if (generatedUntil !== null && line.startsWith(generatedUntil)) {
      out.push({ number, line, kind: 'generated' });
      generatedUntil = null;
      return;
    }
    if (generatedUntil !== null) {
      out.push({ number, line, kind: 'generated' });
      return;
    }
    if (fence === null && opening) {
      fence = { marker: opening[1], lang: opening[2].toLowerCase() };
      out.push({ number, line, kind: 'fence' });
    } else if (fence !== null && line.startsWith(fence.marker) && line.trim() === fence.marker) {
      fence = null;
      out.push({ number, line, kind: 'fence' });
    } else if (fence !== null) {
      out.push({ number, line, kind: 'code', lang: fence.lang });
    } else {
      out.push({ number, line, kind: 'prose' });
    }
  });
  return out;
}

// A marker block counts as generated only when its first line says so; a
// block a person wrote between markers is prose like the rest.
function withGeneratedBlocks(lines) {
  const out = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i].kind !== 'generated') {
      out.push(lines[i]);
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j].kind === 'generated') j += 1;
    const block = lines.slice(i, j);
    const generated = block.length > 1 && /generated/i.test(block[1].line);
    out.push(...block.map((each) => (generated ? each : { ...each, kind: 'prose' })));
    i = j - 1;
  }
  return out;
}

// The command lines of a page's code blocks: every line of a shell block that
// is not a comment, an output line (console) or a continuation, every line
// starting with "$ ", and, in a block of any language, every line that runs
// asyncmark or node without npx or npm (BARE_COMMAND).
function commandLines(lines) {
  const commands = [];
  let continued = false;
  for (const { number, line, kind, lang } of lines) {
    if (kind !== 'code') {
      continued = false;
      continue;
    }
    const text = line.trim();
    const prompt = /^\$\s+(.*)$/.exec(text);
    let command = null;
    if (prompt) command = prompt[1];
    else if (continued) command = null;
    else if (SHELLS.has(lang) && lang !== 'console' && text !== '' && !text.startsWith('#')) command = text;
    else if (lang !== 'console' && BARE_COMMAND.test(text)) command = text;
    continued = text.endsWith('\\');
    if (command !== null) commands.push({ number, command });
  }
  return commands;
}

/**
 * Every problem of a set of pages, as "<page>[:line]: what": an empty list
 * when the documentation passes. Pure.
 * @param {string[]} pages Markdown pages, paths relative to the root with forward slashes
 * @param {{ read: (page) => string, exists: (file) => boolean }} files
 * @param {{ page: number, total: number }} [limits]
 */
function checkDocs(pages, files, limits = LIMITS) {
  const problems = [];
  let total = 0;
  for (const page of pages) {
    const text = files.read(page);
    if (isGenerated(text)) continue;
    const count = lineCount(text);
    total += count;
    if (count > limits.page) problems.push(`${page}: ${count} lines, over the ${limits.page} a page may have`);
    const lines = withGeneratedBlocks(linesOf(text));
    for (const { number, line, kind } of lines) {
      if (kind !== 'prose') continue;
      for (const { what, pattern } of PROSE_RULES) {
        const found = pattern.exec(line);
        if (found) problems.push(`${page}:${number}: ${what} in prose, "${found[0]}"`);
      }
    }
    for (const { number, command } of commandLines(lines)) {
      if (!PASTABLE.test(command)) problems.push(`${page}:${number}: a command that does not start with \`npx asyncmark\` or \`npm\`: ${command}`);
    }
    if (page === 'README.md') problems.push(...relativeInReadme(lines), ...readmeShape(lines, limits));
  }
  if (total > limits.total) problems.push(`hand-written pages: ${total} lines, over the ${limits.total} they may have together`);
  for (const broken of brokenLinks(pages, files)) problems.push(`${broken}: a broken link`);
  return problems;
}

// The README read first on the registry's page: the two set-up commands
// first, a length read in a minute, lines a phone need not scroll far.
function readmeShape(lines, limits) {
  const problems = [];
  if (lines.length - (lines[lines.length - 1].line === '' ? 1 : 0) > limits.readme) {
    problems.push(`README.md: over the ${limits.readme} lines it may have`);
  }
  const firstCode = [];
  for (const { line, kind } of lines) {
    if (kind === 'code') firstCode.push(line);
    else if (kind === 'fence' && firstCode.length > 0) break;
  }
  if (firstCode.join('\n') !== README_START.join('\n')) {
    problems.push(`README.md: its first code block is not the two set-up commands: ${README_START.join(' / ')}`);
  }
  for (const { number, line } of lines) {
    if (line.length > limits.readmeWidth) problems.push(`README.md:${number}: ${line.length} characters, over ${limits.readmeWidth}`);
  }
  return problems;
}

// The README's relative links and its images, which break on the registry's page.
function relativeInReadme(lines) {
  const problems = [];
  for (const { number, line, kind } of lines) {
    if (kind === 'code' || kind === 'fence') continue;
    for (const match of line.matchAll(/(!?)\[[^\]]*\]\(([^)\s]*)[^)]*\)|<img\b|src="([^"]*)"/g)) {
      const target = match[2] ?? match[3] ?? '';
      if (match[1] === '!' || match[0].startsWith('<img')) problems.push(`README.md:${number}: an image, which the registry's page may not show: ${match[0]}`);
      else if (!/^[a-z]+:/i.test(target)) problems.push(`README.md:${number}: a relative link, broken on the registry's page: ${match[0]}`);
    }
  }
  return problems;
}

/** README.md and every .md under docs/ of a folder, relative to it, sorted. */
function pagesIn(root) {
  const found = fs.existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (folder) => {
    if (!fs.existsSync(path.join(root, folder))) return;
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const name = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(name);
      else if (name.endsWith('.md')) found.push(name);
    }
  };
  walk('docs');
  return found.sort();
}

/** The files of a folder, as checkDocs reads them. */
function filesIn(root) {
  return {
    read: (page) => fs.readFileSync(path.join(root, page), 'utf8'),
    exists: (file) => fs.existsSync(path.join(root, file)),
  };
}

/** The hand-written and generated line counts of a folder's pages, by top folder under docs/. */
function lineCounts(root) {
  const counts = {};
  for (const page of pagesIn(root)) {
    const text = fs.readFileSync(path.join(root, page), 'utf8');
    const kind = page === 'README.md' ? 'README.md' : page.split('/').length > 2 ? `docs/${page.split('/')[1]}/` : 'docs/';
    const key = `${isGenerated(text) ? 'generated' : 'hand-written'} ${kind}`;
    counts[key] = (counts[key] ?? 0) + lineCount(text);
  }
  return counts;
}

module.exports = { LIMITS, isGenerated, lineCount, checkDocs, pagesIn, filesIn, lineCounts, commandLines, linesOf };
