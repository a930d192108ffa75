'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

// Syntax an example may be written in that not every runtime parses: its
// registry entry says so (`needs: 'await using'`), and a runtime that lacks it
// makes the example's cells UNSUPPORTED with this reason instead of a crash
// when the file fails to load. Each has a probe script in probe/ written in
// it, run under a runtime of --runtime (probe.js, the record's `syntax`) and
// compiled, not run, in the node running asyncmark.

const SYNTAX = {
  'async functions': {
    key: 'asyncFunctions',
    probe: path.join(__dirname, 'probe', 'async-functions.js'),
    what: 'async functions and await',
    where: 'Node 7.6+, every Bun and Deno',
    mark: /\basync\b|\bawait\b/,
  },
  'await using': {
    key: 'awaitUsing',
    probe: path.join(__dirname, 'probe', 'await-using.js'),
    what: 'explicit resource management',
    where: 'Node 24+, Bun 1.x, Deno 2.x',
    mark: /\bawait\s+using\s+[A-Za-z_$]/,
  },
  // Plain `using` parses wherever `await using` does, but the examples that
  // use it hold a DisposableStack, a global a runtime may lack even so.
  using: {
    key: 'using',
    probe: path.join(__dirname, 'probe', 'using.js'),
    what: 'explicit resource management with DisposableStack',
    where: 'Node 24+, or a runtime whose probe finds DisposableStack',
    globals: ['DisposableStack'],
    mark: /(^|[^\w$.])using\s+[A-Za-z_$][\w$]*\s*=/m,
  },
};

const NEEDS = Object.keys(SYNTAX);
const KEYS = Object.values(SYNTAX).map((s) => s.key);

const here = new Map();

/**
 * Whether the node running asyncmark parses the syntax `needs` (a key of
 * SYNTAX), compiled once, and has the globals it names.
 */
function parsesHere(needs) {
  if (!here.has(needs)) {
    const { probe, globals = [] } = SYNTAX[needs];
    let parses = true;
    try {
      new vm.Script(fs.readFileSync(probe, 'utf8'), { filename: probe });
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      parses = false;
    }
    here.set(needs, parses && globals.every((name) => typeof globalThis[name] === 'function'));
  }
  return here.get(needs);
}

/**
 * Why an example that needs a syntax cannot run under a runtime: null when it
 * can, when it needs nothing, or when the runtime's record does not say (a
 * failure to load is then reported as the child finds it).
 * @param {string|undefined} needs the registry entry's `needs`
 * @param {object|null|undefined} runner a runtime record of lib/runtimes, or none for the node running asyncmark
 * @returns {string|null}
 */
function lacking(needs, runner) {
  if (!needs) return null;
  const syntax = SYNTAX[needs];
  if (!syntax) throw new RangeError(`needs must be one of ${NEEDS.join(', ')}; got ${needs}`);
  const supported = runner ? runner.syntax?.[syntax.key] : parsesHere(needs);
  if (supported !== false) return null;
  const which = runner ? `${runner.spec} (${runner.name} ${runner.version})` : `Node ${process.version}`;
  return `needs \`${needs}\` (${syntax.what}): ${syntax.where}; this is ${which}`;
}

/**
 * The syntaxes of SYNTAX that the node running this does not parse, in words:
 * what a child under an old runtime adds to the SyntaxError of an example it
 * cannot load ("this Node parses none of: async functions and await (Node 7.6+...)").
 * Given the file's source, only those it is written in (by a plain match
 * outside comments, since an old runtime cannot load a parser): a file that
 * failed on a syntax of no entry here (`?.`, say) is not said to use one.
 * @param {string|null} [source] the text of the file that failed to load
 * @returns {string[]}
 */
function notParsedHere(source = null) {
  const code = source === null ? null : source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  return NEEDS.filter((needs) => !parsesHere(needs) && (code === null || SYNTAX[needs].mark.test(code))).map(
    (needs) => `${SYNTAX[needs].what} (${SYNTAX[needs].where})`,
  );
}

module.exports = { SYNTAX, NEEDS, KEYS, parsesHere, lacking, notParsedHere };
