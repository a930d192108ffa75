'use strict';

const fs = require('node:fs');
const { Option } = require('commander');
const { MODELS_BY_PROBLEM } = require('../lib/fakes');
const { NAMES: FLAVOURS } = require('../lib/fakes/flavours');
const { CONVENTIONS } = require('../lib/invoke');
const { SYNC_BEHAVIOURS, FAILURE_BEHAVIOURS, CANCEL_MEANS } = require('../lib/conformance');
const { VERIFIABLE, entryForFile, callFor, throwsFor } = require('../lib/verify');
const { UsageError, shown, parseChoice, parsePath } = require('./usage');
const { NEEDS, lacking } = require('../lib/runtimes/syntax');
const { parse, SourceError } = require('../metrics/complexity');

// The problem a file of one's own solves unless --problem says: the first
// verifiable one (DoxBee, the main problem).
const DEFAULT_PROBLEM = VERIFIABLE[0];

// The verifiable problems that make several calls at once, which --on-failure is for.
const CONCURRENT_PROBLEMS = VERIFIABLE.filter((problem) => MODELS_BY_PROBLEM[problem].CONCURRENT).join(', ');
// The verifiable problems whose model says where a caller gives up (lib/conformance/cancel.js), which --cancel is for.
const CANCELLABLE_PROBLEMS = VERIFIABLE.filter((problem) => MODELS_BY_PROBLEM[problem].CANCEL).join(', ');

// Examples of one's own, given by their file (asyncmark verify FILE, asyncmark
// bench --add FILE): the options that say how such a file is called, shared by
// both commands, and the checks of the file itself at the edge.

/** The options that say how a file of one's own is called, for a command to add. */
function styleOptions() {
  return [
    new Option('--io <flavour>', `the I/O flavour the file is given (required): one of ${FLAVOURS.join(', ')}`),
    new Option(
      '--call <convention>',
      `how it is called: ${CONVENTIONS.join(', ')} (default: from --io: callback for callbacks, observable for observables, else promise)`,
    ),
    new Option(
      '--throws <behaviour>',
      `what it does with a synchronous throw from the I/O: ${SYNC_BEHAVIOURS.join(', ')} (default: escapes for --call callback, else caught)`,
    ),
    new Option(
      '--on-failure <behaviour>',
      `${CONCURRENT_PROBLEMS} only: when one of the calls made at once fails, ${FAILURE_BEHAVIOURS.join(' or ')} (default: fail-fast)`,
    ),
    new Option(
      '--cancel <means>',
      `how its caller gives up mid-upload, as a registry entry's cancel says: signal (the upload takes { signal } last, an AbortSignal), unsubscribe (the caller unsubscribes from the observable it returns) or halt (the upload returns a task with halt(), as Effection's run() does) (default: none, so the cancel outcome is n/a)`,
    ),
  ];
}

function given(options) {
  return ['io', 'call', 'throws', 'onFailure', 'cancel'].filter((key) => options[key] !== undefined);
}

const FLAG = { io: '--io', call: '--call', throws: '--throws', onFailure: '--on-failure', cancel: '--cancel' };

/**
 * { io, call?, throws?, onFailure?, cancel? } from the options; what is not
 * given is left to lib/verify.js entryForFile to infer. --io is required.
 */
function resolveStyle(options, problem) {
  if (options.io === undefined) throw new UsageError(`--io: missing; expected the I/O flavour the file is given, one of ${FLAVOURS.join(', ')}`);
  const style = { io: parseChoice('--io', options.io, FLAVOURS) };
  if (options.call !== undefined) style.call = parseChoice('--call', options.call, CONVENTIONS);
  if (options.throws !== undefined) style.throws = parseChoice('--throws', options.throws, SYNC_BEHAVIOURS);
  if (options.onFailure !== undefined) {
    if (!MODELS_BY_PROBLEM[problem].CONCURRENT) {
      throw new UsageError(`--on-failure: only for a problem with calls made at once (${CONCURRENT_PROBLEMS}); this one is ${problem}`);
    }
    style.onFailure = parseChoice('--on-failure', options.onFailure, FAILURE_BEHAVIOURS);
  }
  if (options.cancel !== undefined) {
    style.cancel = parseChoice('--cancel', options.cancel, CANCEL_MEANS);
    if (!MODELS_BY_PROBLEM[problem].CANCEL) {
      throw new UsageError(`--cancel: only for a problem with a cancel case (${CANCELLABLE_PROBLEMS}); this one is ${problem}`);
    }
  }
  return style;
}

const firstLine = (text) => String(text).split('\n')[0];

/**
 * The registry entry of a file of one's own, once it is known to be a file;
 * a UsageError naming `parameter` otherwise. The file is not loaded here: it
 * runs only in a child (lib/verify-fenced.js), and refuseUnloadable says
 * what that child found when it cannot be loaded.
 */
function ownEntry(file, style, problem, parameter) {
  parsePath(parameter, file, 'the path of a JavaScript file');
  let stat;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    throw new UsageError(
      `${parameter}: ${shown(file)}: ${error.code === 'ENOENT' ? 'no such file' : `cannot read (${error.code})`}; expected the path of a JavaScript file`,
    );
  }
  if (stat.isDirectory()) throw new UsageError(`${parameter}: ${shown(file)} is a directory; expected the path of a JavaScript file`);
  // A FIFO or device would block the child that loads it, or never end.
  if (!stat.isFile())
    throw new UsageError(`${parameter}: ${shown(file)} is not a regular file (a pipe, device or socket); expected the path of a JavaScript file`);
  return entryForFile(file, style);
}

/** A UsageError when the fenced child could not load the file or found no function exported; null otherwise. */
function refuseUnloadable(verdict, file, problem, parameter) {
  if (verdict.loadError !== undefined) {
    // A file that no parser of today's JavaScript reads (prose, Markdown,
    // a typo) is said to be so, where it stops; only one that espree reads
    // and this node does not gets the hint of the syntax this node lacks.
    const read = verdict.syntax ? readJavaScript(file) : null;
    if (read && read.error) {
      const { line, column, description } = read.error;
      return new UsageError(`${parameter}: ${shown(file)} is not valid JavaScript (${line}:${column}: ${description})`);
    }
    const lacks = read ? read.uses.map((needs) => lacking(needs, null)).filter(Boolean) : [];
    const hint = lacks.map((reason) => `; this node cannot parse all syntax: it ${reason}`).join('');
    return new UsageError(`${parameter}: ${shown(file)} cannot be loaded (${firstLine(verdict.loadError)}${hint})`);
  }
  if (verdict.exports !== undefined) {
    return new UsageError(`${parameter}: ${shown(file)} exports ${verdict.exports}; expected a function (io) => upload, as examples/${problem}/*.js do`);
  }
  return null;
}

/**
 * A file read by the parsers of metrics/complexity.js (espree knows today's
 * JavaScript): { error } with the SourceError of one that is not JavaScript,
 * or { uses } with the declarations of NEEDS it is written in (`await using x`,
 * plain `using x`); null when it cannot be read.
 */
function readJavaScript(file) {
  let source;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  let ast;
  try {
    ({ ast } = parse(source));
  } catch (error) {
    if (error instanceof SourceError) return { error };
    throw error;
  }
  const kinds = new Set();
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (node.type === 'VariableDeclaration') kinds.add(node.kind);
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(ast);
  return { uses: NEEDS.filter((needs) => kinds.has(needs)) };
}

/**
 * The syntaxes of lib/runtimes/syntax.js's NEEDS a file of one's own is
 * written in (`await using`, plain `using`), as a registry's `needs` says them:
 * none for a file the parsers cannot read (the fenced child then says why).
 */
function syntaxOf(file) {
  const read = readJavaScript(file);
  return read && read.uses ? read.uses : [];
}

/** The asyncmark verify command line that checks `entry` as it was given. */
function verifyCommand(file, problem, entry) {
  const words = ['asyncmark verify', file];
  if (problem !== DEFAULT_PROBLEM) words.push(`--problem ${problem}`);
  words.push(`--io ${entry.io}`);
  if (entry.call !== callFor(entry.io)) words.push(`--call ${entry.call}`);
  if (entry.throws !== throwsFor(entry.call)) words.push(`--throws ${entry.throws}`);
  if (MODELS_BY_PROBLEM[problem].CONCURRENT && entry.onFailure !== 'fail-fast') words.push(`--on-failure ${entry.onFailure}`);
  if (entry.cancel !== undefined) words.push(`--cancel ${entry.cancel}`);
  return words.join(' ');
}

/** Refuses the style options where no file of one's own is given. */
function refuseStyleWithout(options, what) {
  const stray = given(options);
  if (stray.length > 0) throw new UsageError(`${FLAG[stray[0]]}: only with ${what}`);
}

module.exports = { VERIFIABLE, DEFAULT_PROBLEM, styleOptions, resolveStyle, ownEntry, refuseUnloadable, refuseStyleWithout, verifyCommand, syntaxOf };
