'use strict';

const { afterHelp } = require('../help-text');
const { TERMINAL_WIDTH, wrapText } = require('../../lib/report/render/wrap');
const { Option } = require('commander');
const fs = require('node:fs');
const path = require('node:path');
const problems = require('../../examples');
const { measureSource, normalise, SourceError } = require('../../metrics/complexity');
const { formatRows, FORMATS } = require('../../lib/report/render/rows');
const { UsageError, parseChoice, parsePath } = require('../usage');

// `asyncmark complexity [FILE...]`: the static measures of metrics/complexity.js
// for every example of every problem, or for the files given. docs/explanation/complexity.md
// defines the columns and the JSON schema.

const ROOT = path.join(__dirname, '..', '..');

const fixed = (digits) => (value) => (Number.isFinite(value) ? value.toFixed(digits) : '');

const MEASURE_COLUMNS = [
  { key: 'tokens', title: 'tokens', align: 'right' },
  { key: 'score', title: 'score', align: 'right', format: fixed(2) },
  { key: 'lines', title: 'lines', align: 'right' },
  { key: 'nesting', title: 'nesting', align: 'right' },
  { key: 'functions', title: 'functions', align: 'right' },
  { key: 'cyclomatic', title: 'cyclomatic', align: 'right' },
  { key: 'errorSites', title: 'error sites', align: 'right' },
];

// Every field of a row, in the order of the JSON schema: what csv prints.
const ALL_KEYS = [
  'problem',
  'example',
  'file',
  'tokens',
  'score',
  'lines',
  'nesting',
  'functions',
  'cyclomatic',
  'errorSites',
  'lexer',
  'parser',
  'generatedFrom',
];

// A transpiled example (npm run build:transpiled) is measured as the code that
// runs, its compiler's helpers included, and marked with the example it was
// compiled from: nobody writes that code, so it is not a style's cost to write.
function generatedFrom(entry) {
  return entry && entry.transpiled ? entry.transpiled.from : null;
}

// A path that names a file that can be read to its end: a FIFO, a device or
// a socket could block forever or never end (/dev/zero), so only a regular
// file is read.
function checkFile(file) {
  parsePath('FILE', file, 'the path of a JavaScript file');
  let stat;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    throw new UsageError(error.code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${error.code})`);
  }
  if (stat.isDirectory()) throw new UsageError(`${file}: is a directory, not a JavaScript file`);
  if (!stat.isFile()) throw new UsageError(`${file}: is not a regular file (a pipe, device or socket); expected the path of a JavaScript file`);
}

function readSource(file) {
  checkFile(file);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${file}: cannot read (${error.code || error.message})`);
  }
}

/** The measures of one file, or a UsageError naming it (and where it stops being JavaScript). */
function measureFile(file) {
  const source = readSource(file);
  try {
    return measureSource(source);
  } catch (error) {
    if (error instanceof SourceError) {
      throw new UsageError(`${file}:${error.line}:${error.column}: not valid JavaScript (${error.description})`);
    }
    throw error;
  }
}

function byTokens(a, b) {
  return a.tokens - b.tokens || String(a.example ?? a.file).localeCompare(String(b.example ?? b.file));
}

function relative(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/** Rows of every registered example whose file exists, normalised and sorted within each problem. */
function exampleRows(registries) {
  const rows = [];
  const missing = [];
  for (const [problem, registry] of Object.entries(registries)) {
    const present = registry.examples.filter((entry) => fs.existsSync(entry.file));
    missing.push(...registry.examples.filter((entry) => !present.includes(entry)).map((e) => `${problem}/${e.name}`));
    const measured = present.map((entry) => ({
      problem,
      example: entry.name,
      file: relative(entry.file),
      ...measureFile(entry.file),
      generatedFrom: generatedFrom(entry),
    }));
    if (measured.length > 0) rows.push(...normalise(measured).sort(byTokens));
  }
  return { rows, missing };
}

// A file given on the command line that is a registered example keeps its names.
function registeredAs(registries, file) {
  const absolute = path.resolve(file);
  for (const [problem, registry] of Object.entries(registries)) {
    const entry = registry.examples.find((e) => path.resolve(e.file) === absolute);
    if (entry) return { problem, example: entry.name, generatedFrom: generatedFrom(entry) };
  }
  return { problem: null, example: null, generatedFrom: null };
}

/** Rows of the files given, normalised among them and sorted by tokens. */
function fileRows(registries, files) {
  const measured = files.map((file) => ({ ...registeredAs(registries, file), file, ...measureFile(file) }));
  return normalise(measured)
    .sort(byTokens)
    .map((row) => pick(row, ALL_KEYS));
}

function pick(row, keys) {
  return Object.fromEntries(keys.map((key) => [key, row[key]]));
}

function legend(rows) {
  const notes = [
    'tokens: Esprima tokens, comments excluded; score: tokens / fewest tokens in the table;' +
      ' nesting, functions, cyclomatic, error sites: see docs/explanation/complexity.md.',
  ];
  const espree = rows.filter((row) => row.lexer === 'espree').map((row) => row.example ?? row.file);
  if (espree.length > 0) notes.push(`lexed by espree (Esprima 4 cannot): ${espree.join(', ')}.`);
  const compiled = rows.filter((row) => row.generatedFrom);
  if (compiled.length > 0) {
    const list = compiled.map((row) => `${row.example} (from ${row.generatedFrom})`).join(', ');
    notes.push(`generated by npm run build:transpiled, measured as the code that runs, helpers included; nobody writes it: ${list}.`);
  }
  return notes.join('\n') + '\n';
}

function renderTables(groups, nameColumn, format) {
  const parts = [];
  for (const [title, rows] of groups) {
    if (title) parts.push(format === 'markdown' ? `### ${title}\n` : `${title}`);
    parts.push(formatRows(rows, [nameColumn, ...MEASURE_COLUMNS], format));
    // A terminal's lines end at 100 columns; markdown keeps a note a line.
    parts.push(format === 'table' ? wrapText(legend(rows), TERMINAL_WIDTH, '  ') : legend(rows));
  }
  return parts.join('\n');
}

/** The report text of `rows` in `format`; `byProblem` gives one table per problem. */
function render(rows, { format, byProblem }) {
  if (format === 'json')
    return formatRows(
      rows.map((row) => pick(row, ALL_KEYS)),
      [],
      'json',
    );
  if (format === 'csv')
    return formatRows(
      rows,
      ALL_KEYS.map((key) => ({ key })),
      'csv',
    );
  if (!byProblem) return renderTables([[null, rows]], { key: 'file', title: 'file' }, format);
  const groups = new Map();
  for (const row of rows) groups.set(row.problem, [...(groups.get(row.problem) || []), row]);
  return renderTables(groups, { key: 'example', title: 'example' }, format);
}

/**
 * Each file once: a file named twice (f.js f.js, or f.js ./f.js, or through a
 * link) would print its row twice and be scored against itself. The note on
 * stderr says which names were dropped.
 */
function distinctFiles(files) {
  const byReal = new Map();
  const dropped = [];
  for (const file of files) {
    checkFile(file);
    const real = fs.realpathSync(file);
    if (byReal.has(real)) dropped.push(`${file} (the same file as ${byReal.get(real)})`);
    else byReal.set(real, file);
  }
  if (dropped.length) process.stderr.write(`asyncmark: note: given more than once, measured once: ${dropped.join(', ')}\n`);
  return [...byReal.values()];
}

function action(files, options) {
  const format = parseChoice('--format', options.format, FORMATS);
  if (files.length > 0) {
    process.stdout.write(render(fileRows(problems, distinctFiles(files)), { format, byProblem: false }));
    return;
  }
  const { rows, missing } = exampleRows(problems);
  if (missing.length > 0) {
    process.stderr.write(`asyncmark: not scored, no file yet: ${missing.join(', ')}\n`);
  }
  process.stdout.write(render(rows, { format, byProblem: true }));
}

function register(program) {
  program
    .command('complexity')
    .description(
      'static measures of each example: Esprima tokens, lines, function nesting, functions, ' +
        'cyclomatic complexity, error-handling sites (see docs/explanation/complexity.md)',
    )
    .argument('[file...]', 'JavaScript files to measure instead of every example of every problem')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addHelpText(
      'after',
      afterHelp({ examples: ['npx asyncmark complexity', 'npx asyncmark complexity my-style.js', 'npx asyncmark complexity --format json > complexity.json'] }),
    )
    .action(action);
}

module.exports = { register };
