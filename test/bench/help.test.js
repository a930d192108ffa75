'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildProgram } = require('../../bench/cli');
const { briefDescription } = require('../../bench/help-text');
const { runCli } = require('./capture');
const { cliReference } = require('../../bench/cli-reference');

// Every --help reads on one screen: under 60 lines at 80 columns, with two or
// three examples a person can paste (npx asyncmark ...); what it leaves out is
// in the generated reference. Short options and one list syntax.

// A command's help as --help prints it at 80 columns, or as the reference has it (detail).
function helpOf(name, { detail = false } = {}) {
  const program = buildProgram({ detail });
  const command = name ? program.commands.find((c) => c.name() === name) : program;
  let text = '';
  command.configureOutput({ writeOut: (part) => (text += part), getOutHelpWidth: () => 80, getOutHasColors: () => false });
  command.outputHelp();
  return text;
}

// What is wrong with a help text: too long, too few or too many examples, an example not to paste.
function helpProblems(name, text) {
  const problems = [];
  const lines = text.trimEnd().split('\n');
  if (lines.length >= 60) problems.push(`${name}: ${lines.length} lines`);
  const examples = text.split('\nExamples:\n')[1]?.split('\n\n')[0].split('\n').filter(Boolean) ?? [];
  if (examples.length < 2 || examples.length > 3) problems.push(`${name}: ${examples.length} examples`);
  for (const line of examples) if (!/^ {2}npx asyncmark /.test(line)) problems.push(`${name}: example ${line.trim()}`);
  return problems;
}

const COMMANDS = buildProgram()
  .commands.map((c) => c.name())
  .filter((name) => name !== 'help');

describe('the terminal: help', () => {
  it('every --help is under 60 lines, with two or three examples that start npx asyncmark', () => {
    const problems = [null, ...COMMANDS].flatMap((name) => helpProblems(name ?? 'asyncmark', helpOf(name)));
    assert.deepEqual(problems, []);
  });

  it("planted: bench's help with every option and the long text (the reference's) fails the check", () => {
    const problems = helpProblems('bench', helpOf('bench', { detail: true }));
    assert.ok(
      problems.some((problem) => /^bench: \d+ lines$/.test(problem)),
      problems.join('; '),
    );
  });

  it('the reference names every option of every command and keeps the long explanations', () => {
    const page = cliReference();
    for (const command of buildProgram().commands.filter((c) => c.name() !== 'help')) {
      for (const option of command.options) assert.ok(page.includes(option.flags), `${command.name()} ${option.flags}`);
    }
    assert.match(page, /A run that does not check out is reported, not averaged/);
    // bench --help names the options it leaves out, and where they are described.
    const help = helpOf('bench');
    assert.match(help, /^Other options:\n(.*\n)*.*--cycles/m);
    assert.match(help, /Every option in detail: docs\/reference\/cli\.md/);
  });

  it('describes an option briefly, keeping its default, its choices and that it is required', () => {
    assert.equal(
      briefDescription("runs per cell, each in a fresh process; more narrow each cell's 95% interval (docs/results uses 5) (default: 3)"),
      'runs per cell, each in a fresh process (default: 3)',
    );
    assert.equal(
      briefDescription('the I/O flavour the file is given (required): one of callbacks, callbacks-ctx, native, promises, bluebird, q'),
      'the I/O flavour the file is given (required)',
    );
    assert.equal(briefDescription('output format (one of: table, json; default: table)'), 'output format (one of: table, json; default: table)');
    // A short description is whole.
    assert.equal(briefDescription('comma-separated stack settings: none, node, long'), 'comma-separated stack settings: none, node, long');
  });

  it('describes --format one way in every command', () => {
    for (const command of buildProgram().commands) {
      const format = command.options.find((option) => option.long === '--format');
      if (format) assert.equal(format.description, 'output format', command.name());
    }
  });
});

describe('the terminal: short options and lists', function () {
  this.timeout(120000);

  it('-n, -r, -e and -o are --n, --runs, --examples and --out', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-short-'));
    try {
      const file = path.join(folder, 'runs.jsonl');
      const { code, stderr } = await runCli('bench', '-n', '7', '-r', '1', '-e', 'callbacks-original,promises-native', '-o', file, '--quiet');
      assert.equal(code, 0, stderr);
      const lines = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.deepEqual(lines.map((line) => [line.example, line.params.n, line.run]).sort(), [
        ['callbacks-original', 7, 0],
        ['promises-native', 7, 0],
      ]);
      // The same option in both forms is given twice.
      const twice = await runCli('bench', '-n', '7', '--n', '8', '--test', '--no-out');
      assert.equal(twice.code, 2);
      assert.match(twice.stderr, /^asyncmark: --n: given twice/);
      // report -o
      const report = await runCli('report', '--in', `${file},${file}`, '-o', path.join(folder, 'report'));
      assert.equal(report.code, 0, report.stderr);
      assert.ok(fs.existsSync(path.join(folder, 'report', 'README.md')));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('report --in takes a comma-separated list, and still the words it took before', async () => {
    const fixture = path.join(__dirname, '..', 'fixtures', 'report', 'results.jsonl');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-in-'));
    try {
      const comma = await runCli('report', '--in', `${fixture},${fixture}`, '-o', path.join(folder, 'a'));
      const words = await runCli('report', '--in', fixture, fixture, '-o', path.join(folder, 'b'));
      assert.equal(comma.code, 0, comma.stderr);
      assert.equal(words.code, 0, words.stderr);
      assert.equal(comma.stderr.replace(/\/a\b/g, '/b'), words.stderr);
      const empty = await runCli('report', '--in', `${fixture},`, '-o', path.join(folder, 'c'));
      assert.equal(empty.code, 2);
      assert.match(empty.stderr, /--in: ".*results\.jsonl,"(?: \(\d+ characters\))? is not allowed; expected a comma-separated list of results files/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
