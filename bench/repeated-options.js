'use strict';

const { UsageError, shown } = require('./usage');

// An option given twice would silently keep its last value (commander's way):
// "--n 10 --n 20" runs n=20 only, and "--out F --no-out" writes no file. Every
// option of every command, the drivers' generated ones and those added later
// alike, is watched here instead: a second occurrence of the same option is
// refused, and so is an option and its negation (--out, --no-out), each in
// one line, exit code 2. A list option takes its values comma-separated in
// one occurrence, so that there is one way to give several. The exception is
// an option whose values are separate words (report --in a.jsonl b.jsonl):
// commander collects each word as an occurrence, so there a second --in adds
// to the list as the words after the first do.

// "--examples <a,b>", "--n <list>", "--add <file,file>": an option that takes a list.
const takesList = (option) => /<[^>]*(,|list)[^>]*>/.test(option.flags);

/** The flag a person typed for it: "--out", "--no-out". */
const flagOf = (option) => option.long || option.short;

/**
 * Watches every option of `command` for this one parse. commander emits
 * "option:<name>" once per occurrence on the command line.
 * @param {import('commander').Command} command
 */
function refuseRepeats(command) {
  // The first occurrence per attribute (out for both --out and --no-out).
  const seen = new Map();
  for (const option of command.options) {
    command.on(`option:${option.name()}`, (value) => {
      const key = option.attributeName();
      const first = seen.get(key);
      if (!first || (first.option === option && option.variadic)) {
        seen.set(key, { option, value });
        return;
      }
      if (first.option === option) {
        const values = value === undefined ? '' : ` (${shown(first.value)}, then ${shown(value)})`;
        const list = takesList(option) ? '; for several values give one comma-separated list' : '';
        throw new UsageError(`${flagOf(option)}: given twice${values}; expected it once${list}`);
      }
      throw new UsageError(`${flagOf(first.option)} and ${flagOf(option)}: contradict each other; expected one or the other`);
    });
  }
  for (const sub of command.commands) refuseRepeats(sub);
}

module.exports = { refuseRepeats };
