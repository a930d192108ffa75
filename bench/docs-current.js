#!/usr/bin/env node
'use strict';

// `npm run docs:current`: whether every committed page that npm run docs and
// npm run published generate is what today's code makes of the committed
// runs. It measures nothing: each page is made again in a temporary folder,
// from docs/results/runs.jsonl (complexity.json, debuggability.json) and
// docs/published/runs.jsonl, by the pipeline's own steps:
// - each bench step's table (docs/results/bench-*.md), from the runs its
//   --resume would find, rendered as bench renders it (no runtime is
//   installed or started: a step whose runs are not all in the file is named);
// - the report (docs/results/README.md, index.html, the charts) and the
//   sections it copies into README.md and docs/explanation/article-2013.md, by
//   `npm run docs -- --report-only`;
// - docs/reference/cli.md, results.md, api.md and report-columns.md, from the code;
// - docs/published.md and its chart, by `npm run published -- --report-only`.
// Then each is compared with the committed page, but for its stamps: the
// generated-by line's machine and time, and the folder it was made in.
// Exit 1 and one line a stale page (its first differing line), or 0.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const drivers = require('../lib/drivers');
const { jobKey, readResults } = require('../lib/runner/session');
const pipeline = require('./docs-pipeline');
const families = require('./readme-families');
const { buildProgram } = require('./cli');
const { resolveOptions, sessionPlan } = require('./commands/bench');
const { floorJobs } = require('./floor-jobs');
const scenarios = require('./scenarios');
const problems = require('../examples');
const { render } = require('./session-table');
const { writeCliReference } = require('./cli-reference');
const { writeResultsReference } = require('./results-reference');
const { writeApiReference } = require('./api-reference');
const { writeReportReference } = require('./report-reference');

const ROOT = path.join(__dirname, '..');
// The page the pipeline copies the report's 2013 section into.
const ARTICLE_PAGE = path.join('docs', 'explanation', 'article-2013.md');
const RESULTS = path.join('docs', 'results');
const PUBLISHED = path.join('docs', 'published');

/**
 * The jobs a bench step of the pipeline plans, as bench plans them, with the
 * settings its page is rendered with; no runtime is installed or started.
 * @param {string[]} args the step's arguments, 'bench' first
 * @returns {{ jobs: object[], settings: object }}
 */
function stepJobs(args) {
  const command = buildProgram().commands.find((c) => c.name() === 'bench');
  // --resume and --out are where the runs are read from, here `done`.
  const given = args.slice(1).filter((arg, i, all) => arg !== '--resume' && arg !== '--out' && all[i - 1] !== '--out');
  command.parseOptions([...given, '--no-out']);
  const options = command.opts();
  const settings = resolveOptions(options);
  // A real database's runs carry its kind (and pool) among their parameters, as
  // bench/db-option.js openDatabase adds them once the database is open.
  if (settings.database) {
    const { kind, pool } = settings.database;
    settings.params = { ...settings.params, db: kind, ...(pool ? { pool } : {}) };
  }
  // The runtimes by name only: the runs say what each was.
  const runtimes = options.runtime === undefined ? [] : options.runtime.split(',').map((spec) => ({ spec, name: spec.split('@')[0] }));
  // As bench runs them: the grid's jobs (with the floor its scenario declares,
  // when it counts only), and with --measure both the floor counted after them.
  const measured = (job) => (settings.measure === 'time' ? job : { ...job, measure: settings.measure });
  const floor = settings.measure === 'both' ? floorJobs({ ...settings, runtimes }, { scenarios, registries: problems }) : null;
  const jobs = [
    ...sessionPlan({ ...settings, runtimes }).map(measured),
    ...(floor && floor.jobs ? floor.jobs.map((job) => ({ ...job, measure: 'instructions' })) : []),
  ];
  return { jobs, settings };
}

// A bench step of the pipeline, made again from the runs in `done` (jobKey → line):
// its stdout, or why it cannot be made without measuring.
function benchPage(args, done) {
  const { jobs, settings } = stepJobs(args);
  const missing = jobs.filter((job) => !done.has(jobKey(job)));
  if (missing.length > 0) return { error: `${missing.length} of its ${jobs.length} runs are not in the runs file (first: ${jobKey(missing[0])})` };
  return {
    text: render(
      jobs.map((job) => done.get(jobKey(job))),
      settings,
    ),
  };
}

function copy(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')}: exit ${result.status}: ${result.stderr.trim().split('\n').pop()}`);
}

/**
 * Every generated page made again under `tmp`, at its path relative to the
 * project. Pages that cannot be made without measuring are returned apart.
 * @returns {{ pages: string[], unmade: { page: string, why: string }[] }}
 */
function regenerate(tmp, root = ROOT) {
  const pages = [];
  const unmade = [];
  const out = path.join(tmp, RESULTS);
  for (const name of ['runs.jsonl', 'complexity.json', 'debuggability.json']) copy(path.join(root, RESULTS, name), path.join(out, name));
  for (const page of ['README.md', ARTICLE_PAGE]) copy(path.join(root, page), path.join(tmp, page));

  // Each bench step's page, from the runs --resume would find.
  const lines = readResults(path.join(out, 'runs.jsonl'), { drivers });
  const done = new Map(lines.map((line) => [jobKey(line), line]));
  const steps = pipeline.plan({ out: path.join(root, RESULTS), test: false, resume: true, reportOnly: false, valgrind: true }).steps;
  for (const step of steps.filter((s) => s.args[0] === 'bench')) {
    const page = path.join(RESULTS, path.basename(step.stdout));
    const made = benchPage(step.args, done);
    if (made.error) unmade.push({ page, why: made.error });
    else {
      fs.writeFileSync(path.join(tmp, page), made.text);
      pages.push(page);
    }
  }

  // The report, its links to the project's pages as they read from
  // docs/results, and what the pipeline copies of it into the README and the 2013 page.
  run([path.join(__dirname, 'docs-pipeline.js'), '--report-only', '--out', out]);
  for (const name of ['README.md', 'index.html']) {
    const file = path.join(out, name);
    fs.writeFileSync(file, relinked(fs.readFileSync(file, 'utf8'), { from: out, tmp, root }));
  }
  // The README's family table, written as npm run docs writes it (bench/readme-families.js).
  families.writeFamilies(path.join(out, 'runs.jsonl'), path.join(tmp, 'README.md'), path.join(RESULTS, 'runs.jsonl'));
  pipeline.copySection(path.join(out, 'README.md'), pipeline.ARTICLE, path.join(tmp, ARTICLE_PAGE), out);
  for (const name of fs.readdirSync(out)) if (/^(README\.md|index\.html|.+\.svg)$/.test(name)) pages.push(path.join(RESULTS, name));
  pages.push('README.md', ARTICLE_PAGE);

  // The references, from the code.
  writeCliReference(path.join(tmp, 'docs', 'reference', 'cli.md'));
  writeResultsReference(path.join(tmp, 'docs', 'reference', 'results.md'));
  writeApiReference(path.join(tmp, 'docs', 'reference', 'api.md'));
  writeReportReference(path.join(tmp, 'docs', 'reference', 'report-columns.md'));
  for (const name of ['cli.md', 'results.md', 'api.md', 'report-columns.md']) pages.push(path.join('docs', 'reference', name));

  // The published figures, judged, from their runs.
  const published = path.join(tmp, PUBLISHED);
  for (const name of ['runs.jsonl', 'load.jsonl']) copy(path.join(root, PUBLISHED, name), path.join(published, name));
  run([
    path.join(__dirname, 'published.js'),
    '--report-only',
    '--results',
    path.join(published, 'runs.jsonl'),
    '--load',
    path.join(published, 'load.jsonl'),
    '--page',
    path.join(tmp, 'docs', 'published.md'),
  ]);
  pages.push(path.join('docs', 'published.md'), path.join(PUBLISHED, 'doxbee-across-node.svg'));
  return { pages, unmade };
}

// A page made in `from` under `tmp`, its relative links into the project
// pointed at the same files under `tmp`: as they read when the page is made
// in the project's own folder.
function relinked(text, { from, tmp, root }) {
  const relink = (link) => {
    if (/^(https?:|#|\/|data:|mailto:)/.test(link)) return link;
    const target = path.resolve(from, decodeURI(link));
    if (!target.startsWith(`${root}${path.sep}`)) return link;
    return encodeURI(
      path
        .relative(from, path.join(tmp, path.relative(root, target)))
        .split(path.sep)
        .join('/'),
    );
  };
  return text.replace(/(\]\(|href="|src=")([^)"\s]+)/g, (match, before, link) => `${before}${relink(link)}`);
}

// A generated page without its stamps: the generated-by line's machine and
// time, and the folder it was made in (a path under it reads as the
// project's). A bench page's generated-by line is the pipeline's, written
// around bench's output, and is left out.
function withoutStamps(text, { tmp }) {
  return text
    .split(`${tmp}${path.sep}`)
    .join('')
    .replace(/ on node v[\d.]+, [^,;]+, at \d{4}-\d\d-\d\dT[\d:.]+Z/g, '')
    .split('\n')
    .filter((line, i) => !(i === 0 && line.startsWith('<!-- generated by `asyncmark bench ')))
    .join('\n');
}

/**
 * The pages (paths relative to both folders) whose text in `committedIn` is
 * not what was made in `madeIn`, but for the stamps, each with its first
 * differing line. A page missing from `committedIn` differs at its first line.
 */
function comparePages(pages, { committedIn, madeIn }) {
  const stale = [];
  const read = (file) => (fs.existsSync(file) ? withoutStamps(fs.readFileSync(file, 'utf8'), { tmp: madeIn }).split('\n') : []);
  for (const page of pages) {
    const committed = read(path.join(committedIn, page));
    const made = read(path.join(madeIn, page));
    const line = made.findIndex((text, i) => text !== committed[i]);
    const at = line === -1 && committed.length !== made.length ? made.length : line;
    if (at !== -1) stale.push({ page, line: at + 1, committed: committed[at] ?? '(none)', made: made[at] ?? '(none)' });
  }
  return stale;
}

/**
 * The pages whose committed text is not what today's code makes, each with
 * its first differing line, and those that could not be made again.
 * @returns {{ stale: { page: string, line: number, committed: string, made: string }[], unmade: { page: string, why: string }[], checked: number }}
 */
function stalePages({ root = ROOT, tmp } = {}) {
  const folder = tmp ?? fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-docs-current-'));
  try {
    const { pages, unmade } = regenerate(folder, root);
    return { stale: comparePages(pages, { committedIn: root, madeIn: folder }), unmade, checked: pages.length };
  } finally {
    if (!tmp) fs.rmSync(folder, { recursive: true, force: true });
  }
}

function main() {
  const { stale, unmade, checked } = stalePages();
  const cut = (text) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);
  for (const { page, line, committed, made } of stale) {
    process.stdout.write(`${page}:${line}: stale\n  committed: ${cut(committed)}\n  today:     ${cut(made)}\n`);
  }
  for (const { page, why } of unmade) process.stdout.write(`${page}: not made again without measuring: ${why}\n`);
  process.stdout.write(`${checked} pages checked, ${stale.length} stale, ${unmade.length} not made again\n`);
  return stale.length + unmade.length > 0 ? 1 : 0;
}

if (require.main === module) process.exitCode = main();

module.exports = { regenerate, comparePages, stalePages, withoutStamps, relinked, benchPage, stepJobs };
