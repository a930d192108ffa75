'use strict';

// docs/reference/cli.md is the CLI's own --help: the committed page is what
// bench/cli-reference.js makes now, it names every option of every command,
// and the writer never replaces a page a person wrote.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { cliReference, writeCliReference, REFERENCE, MARKER } = require('../../bench/cli-reference');
const { buildProgram } = require('../../bench/cli');

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

const ROOT = path.join(__dirname, '..', '..');

// The options of each command that its section of `page` does not name.
function missingOptions(page) {
  const missing = [];
  for (const command of buildProgram().commands.filter((c) => c.name() !== 'help')) {
    const start = page.indexOf(`\n## asyncmark ${command.name()}\n`);
    const end = page.indexOf('\n## ', start + 1);
    const section = start === -1 ? '' : page.slice(start, end === -1 ? undefined : end);
    for (const option of command.options) if (!section.includes(option.flags)) missing.push(`${command.name()} ${option.flags}`);
  }
  return missing;
}

// Every option of an `asyncmark <command>` line in `pages` ({ file: text })
// that the command does not have: "<file>: asyncmark <command> <option>".
function unknownOptions(pages) {
  const commands = buildProgram().commands;
  const options = new Map(commands.map((c) => [c.name(), new Set(['--help', '-h', ...c.options.flatMap((o) => [o.long, o.short])])]));
  const names = [...options.keys()].join('|');
  const unknown = [];
  for (const [file, text] of Object.entries(pages)) {
    for (const [, command, rest] of text.matchAll(new RegExp(`asyncmark (${names})((?: +[^\\s\`|)#]+)*)`, 'g'))) {
      for (const [, option] of rest.matchAll(/ (--?[a-z][a-z-]*)/g))
        if (!options.get(command).has(option)) unknown.push(`${file}: asyncmark ${command} ${option}`);
    }
  }
  return unknown;
}

// README.md and the pages people wrote under docs/ (not the generated results, reference or published page).
function writtenPages() {
  const generated = (name) => name.startsWith('results') || name === path.join('reference', 'cli.md') || name === 'published.md';
  const names = fs.readdirSync(path.join(ROOT, 'docs'), { recursive: true }).filter((name) => name.endsWith('.md') && !generated(name));
  const files = ['README.md', ...names.map((name) => path.join('docs', name))];
  return Object.fromEntries(files.map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]));
}

describe('the command-line reference (bench/cli-reference.js)', function () {
  // Loading every command's module and the drivers they discover, on a busy machine.
  this.timeout(30000);

  it('is committed as the CLI prints its help now (run `npm run docs:reference` when this fails)', function () {
    assert.equal(fs.readFileSync(REFERENCE, 'utf8'), cliReference());
  });

  it('names every option of every command in its section', function () {
    assert.deepEqual(missingOptions(cliReference()), []);
  });

  it('catches a page that lost an option (planted)', function () {
    const page = cliReference().replace('--precision <', '--precisionless <');
    assert.deepEqual(missingOptions(page), ['bench --precision <percent>']);
  });

  it('the commands README.md and docs/ show use only options their command has', function () {
    assert.deepEqual(unknownOptions(writtenPages()), []);
  });

  it('catches a command shown with an option it lacks (planted)', function () {
    const pages = { 'README.md': '```\nnpx asyncmark report --in runs.jsonl --html\nasyncmark bench --runs 3 # --not-an-option in a comment\n```' };
    assert.deepEqual(unknownOptions(pages), ['README.md: asyncmark report --html']);
  });

  it('writes a fresh page, and rewrites its own', function () {
    const file = path.join(tempFolder('asyncmark-cli-reference-'), 'cli.md');
    writeCliReference(file);
    writeCliReference(file);
    assert.equal(fs.readFileSync(file, 'utf8').split('\n', 1)[0], MARKER);
  });

  it('refuses to replace a page a person wrote', function () {
    const file = path.join(tempFolder('asyncmark-cli-reference-'), 'cli.md');
    fs.writeFileSync(file, '# My notes on the CLI\n');
    assert.throws(() => writeCliReference(file), /^UsageError: reference: .* generated, or none/);
    assert.equal(fs.readFileSync(file, 'utf8'), '# My notes on the CLI\n');
  });
});
