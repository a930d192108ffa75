'use strict';

// An option given twice, or with its negation, on every command: one line,
// exit code 2, and the command never runs. Generic over every option the
// commands declare (the drivers' generated ones included), so that an option
// added later is held to the same rule.

const assert = require('node:assert/strict');
const { Command } = require('commander');
const { buildProgram } = require('../../bench/cli');
const { refuseRepeats } = require('../../bench/repeated-options');
const { UsageError } = require('../../bench/usage');

// The program with every action replaced, so that nothing runs when a check fails.
function parseOnly(args) {
  const program = buildProgram();
  let ran = false;
  for (const command of program.commands) command.action(() => (ran = true));
  return program.parseAsync(['node', 'asyncmark', ...args]).then(
    () => ({ ran, error: null }),
    (error) => ({ ran, error }),
  );
}

const words = (option, value) => (option.required || option.optional ? [option.long, value] : [option.long]);

describe('options given twice', function () {
  this.timeout(30000);

  const program = buildProgram();
  for (const command of program.commands) {
    for (const option of command.options.filter((o) => !o.negate && !o.variadic)) {
      it(`${command.name()} ${option.long} twice is refused`, async () => {
        // An option with choices takes only those (commander checks them first).
        const [one, two] = option.argChoices ?? ['x1', 'x2'];
        const { ran, error } = await parseOnly([command.name(), ...words(option, one), ...words(option, two)]);
        assert.equal(ran, false);
        assert.ok(error instanceof UsageError, String(error));
        assert.match(error.message, new RegExp(`^${option.long}: given twice`));
        if (option.required) assert.ok(error.message.includes(`"${one}", then "${two}"`));
      });
    }
    for (const negation of command.options.filter((o) => o.negate)) {
      const positive = command.options.find((o) => !o.negate && o.attributeName() === negation.attributeName());
      if (!positive) continue;
      it(`${command.name()} ${positive.long} with ${negation.long} is refused, in either order`, async () => {
        for (const args of [
          [...words(positive, 'f.jsonl'), negation.long],
          [negation.long, ...words(positive, 'f.jsonl')],
        ]) {
          const { ran, error } = await parseOnly([command.name(), ...args]);
          assert.equal(ran, false);
          assert.match(error.message, /contradict each other; expected one or the other$/);
        }
      });
    }
  }

  it('says a list option takes one comma-separated list', async () => {
    const { error } = await parseOnly(['bench', '--n', '10', '--n=20']);
    assert.equal(error.message, '--n: given twice ("10", then "20"); expected it once; for several values give one comma-separated list');
  });

  it('collects the words of an option that takes several, whether after one flag or two', async () => {
    for (const args of [
      ['--in', 'a.jsonl', 'b.jsonl'],
      ['--in', 'a.jsonl', '--in', 'b.jsonl'],
    ]) {
      const program = buildProgram();
      const report = program.commands.find((c) => c.name() === 'report');
      let seen;
      report.action((options) => (seen = options.in));
      await program.parseAsync(['node', 'asyncmark', 'report', ...args]);
      assert.deepEqual(seen, ['a.jsonl', 'b.jsonl']);
    }
  });

  it('exits 2 with one line from the command line', async () => {
    const { runCli } = require('./capture');
    const { code, stdout, stderr } = await runCli('complexity', '--format', 'json', '--format', 'csv');
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, 'asyncmark: --format: given twice ("json", then "csv"); expected it once\n');
  });

  // The planted instance: commander alone keeps the last value in silence, which is what the check is for.
  it('planted: without the check the second value silently wins', async () => {
    const make = () => new Command().exitOverride().option('--n <list>').option('--out <file>').option('--no-out');
    const plain = make();
    plain.parse(['node', 'x', '--n', '10', '--n', '20', '--out', 'F', '--no-out']);
    assert.deepEqual(plain.opts(), { n: '20', out: false });
    const watched = make();
    refuseRepeats(watched);
    assert.throws(() => watched.parse(['node', 'x', '--n', '10', '--n', '20']), /--n: given twice/);
  });
});
