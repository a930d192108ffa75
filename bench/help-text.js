'use strict';

const { Help } = require('commander');

// Every --help is short: what the command does, its common options, two or
// three examples, and where the rest is. The rest (every option, the long
// explanations) is in the command-line reference, docs/reference/cli.md,
// which bench/cli-reference.js writes from the same program built with
// detail: true. Nothing here names a command.

const REFERENCE = 'docs/reference/cli.md';
// The width help is wrapped at when the terminal does not say.
const WIDTH = 80;

/** Whether `command` prints its help for the reference (every option, the long text). */
function detailed(command) {
  return Boolean(command.configureHelp().detail);
}

/**
 * The options --help shows of a command that has many: these, by attribute
 * name; the others are listed by flag under them, and described in the reference.
 * @param {import('commander').Command} command
 * @param {string[]} names
 */
function briefOptions(command, names) {
  command.briefOptions = names;
  return command;
}

/** The help configuration of the program: options filtered and described briefly unless detail. */
function helpConfiguration({ detail, optionDescription }) {
  return {
    detail,
    optionDescription(option) {
      const text = optionDescription(option);
      return detail ? text : briefDescription(text);
    },
    visibleOptions(command) {
      const all = Help.prototype.visibleOptions.call(this, command);
      if (detail || !command.briefOptions) return all;
      return all.filter((option) => command.briefOptions.includes(option.attributeName()) || option.long === '--help');
    },
  };
}

// An option's description as --help gives it: whole when it is short, else
// up to its first clause after the first few words; its default and choices kept.
const SHORT = 60;
function briefDescription(text) {
  const tail = /( \((default|one of)[^()]*(\([^()]*\)[^()]*)*\))+$/.exec(text);
  const body = tail ? text.slice(0, tail.index) : text;
  if (body.length <= SHORT) return text;
  const cut = /(: |; | \((?!required\))|, e\.g\.)/g;
  let match;
  let end = body.length;
  while ((match = cut.exec(body))) {
    if (match.index >= 20) {
      end = match.index;
      break;
    }
  }
  return body.slice(0, end) + (tail ? tail[0] : '');
}

// The options left out of a command's brief help, by flag, wrapped.
function otherOptions(command) {
  if (!command.briefOptions) return '';
  const others = command.options.filter((option) => !option.hidden && !command.briefOptions.includes(option.attributeName()));
  if (!others.length) return '';
  const lines = ['Other options:'];
  for (const option of others) {
    const flag = option.long ?? option.short;
    const last = lines.length - 1;
    if (last > 0 && lines[last].length + 1 + flag.length <= WIDTH) lines[last] += ` ${flag}`;
    else lines.push(`  ${flag}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The text after a command's options: for --help its examples and where the
 * rest is; for the reference the long explanation (which ends with examples).
 * @param {{ examples: string[], long?: string }} text examples: command lines, each starting npx asyncmark
 * @returns {(context: { command: import('commander').Command }) => string} for addHelpText('after', ...)
 */
function afterHelp({ examples, long = '' }) {
  return ({ command }) => {
    const block = `Examples:\n${examples.map((line) => `  ${line}`).join('\n')}\n`;
    if (detailed(command)) return `\n${long ? `${long.trim()}\n` : block}`;
    const more = otherOptions(command);
    return `\n${more}${more ? '\n' : ''}${block}\nEvery option in detail: ${REFERENCE} in the package.\n`;
  };
}

module.exports = { helpConfiguration, briefOptions, afterHelp, briefDescription, detailed, REFERENCE };
