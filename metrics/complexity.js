'use strict';

// Static measures of how much code a style costs: Esprima tokens (the metric of
// the 2013 article "Analysis of generators and other async patterns in node"),
// code lines, function nesting, function count, cyclomatic complexity and
// explicit error-handling sites. Every measure is a pure function of the source
// text (measureFile only reads it); docs/explanation/complexity.md defines each exactly.

const fs = require('node:fs');
const esprima = require('esprima');
const espree = require('espree');
const { isAstNode, isFunction, walk } = require('./ast');

const ESPRIMA_OPTIONS = { range: true, loc: true };
const ESPREE_OPTIONS = { ecmaVersion: 'latest', range: true, loc: true };
// espree's 'commonjs' is a script that may `return` at top level, as Node allows.
const SOURCE_TYPES = ['commonjs', 'module'];

/** The source is not JavaScript that Esprima or espree can read. */
class SourceError extends SyntaxError {
  constructor(description, line, column) {
    super(`${line}:${column}: ${description}`);
    this.name = 'SourceError';
    this.description = description;
    this.line = line;
    this.column = column;
  }
}

// A hashbang line is a comment since ES2023, which Esprima 4 predates: blank it
// out (keeping every offset) so both lexers see the same code.
function withoutHashbang(source) {
  const match = /^#![^\r\n\u2028\u2029]*/.exec(source);
  return match ? ' '.repeat(match[0].length) + source.slice(match[0].length) : source;
}

// ---------------------------------------------------------------- tokens

// Esprima 4 predates ES2020/ES2021 and lexes these operators as several
// punctuators; espree lexes each as one. Merging pieces that touch (no space
// between them) gives both lexers the same token model. Checked by experiment
// and by test/metrics/complexity.test.js: `**`, `**=`, `=>`, `...` are whole.
const MERGES = new Map([
  ['?|.', '?.'],
  ['?|?', '??'],
  ['??|=', '??='],
  ['|||=', '||='],
  ['&&|=', '&&='],
]);

function mergeSplitOperators(tokens) {
  const merged = [];
  for (const token of tokens) {
    const previous = merged[merged.length - 1];
    const touching = previous && previous.type === 'Punctuator' && token.type === 'Punctuator' && previous.range[1] === token.range[0];
    const value = touching && MERGES.get(`${previous.value}|${token.value}`);
    if (value) {
      merged[merged.length - 1] = {
        type: 'Punctuator',
        value,
        range: [previous.range[0], token.range[1]],
        loc: { start: previous.loc.start, end: token.loc.end },
      };
    } else {
      merged.push(token);
    }
  }
  return merged;
}

function firstSuccess(attempts) {
  const errors = [];
  for (const attempt of attempts) {
    try {
      return { value: attempt(), errors };
    } catch (error) {
      errors.push(error);
    }
  }
  return { value: undefined, errors };
}

/**
 * The tokens of `source`, comments excluded: Esprima's lexer with its split
 * operators merged, or espree's where Esprima cannot lex the text.
 * Returns { tokens: [{ type, value, range, loc }], lexer: 'esprima' | 'espree' }.
 */
function tokenize(source) {
  const text = withoutHashbang(source);
  const byEsprima = firstSuccess([() => esprima.tokenize(text, ESPRIMA_OPTIONS)]);
  if (byEsprima.value) return { tokens: mergeSplitOperators(byEsprima.value), lexer: 'esprima' };
  const byEspree = firstSuccess(SOURCE_TYPES.map((sourceType) => () => espree.tokenize(text, { ...ESPREE_OPTIONS, sourceType })));
  if (byEspree.value) return { tokens: byEspree.value, lexer: 'espree' };
  throw sourceError(text, byEspree.errors);
}

// ---------------------------------------------------------------- parsing

/**
 * The ESTree syntax tree of `source`: Esprima (script, then module) where it
 * can, espree (CommonJS script, then module) otherwise.
 * Returns { ast, parser: 'esprima' | 'espree' }; throws SourceError.
 */
function parse(source) {
  const text = withoutHashbang(source);
  const byEsprima = firstSuccess([() => esprima.parseScript(text, ESPRIMA_OPTIONS), () => esprima.parseModule(text, ESPRIMA_OPTIONS)]);
  if (byEsprima.value) return { ast: byEsprima.value, parser: 'esprima' };
  const byEspree = firstSuccess(SOURCE_TYPES.map((sourceType) => () => espree.parse(text, { ...ESPREE_OPTIONS, sourceType })));
  if (byEspree.value) return { ast: byEspree.value, parser: 'espree' };
  throw sourceError(text, byEspree.errors);
}

// espree's messages describe modern syntax correctly; of its attempts (CommonJS,
// module) the one that read furthest is the likelier reading of the file.
function sourceError(text, errors) {
  const furthest = errors.reduce((a, b) => ((b.index || 0) > (a.index || 0) ? b : a));
  const index = Number.isInteger(furthest.index) ? furthest.index : 0;
  const { line, column } = position(text, index);
  const description = furthest.description || String(furthest.message).replace(/^Line \d+: /, '');
  return new SourceError(description, line, column);
}

// 1-based line and column of a character offset.
function position(text, index) {
  const before = text.slice(0, index);
  const lineStarts = before.split(/\r\n|[\n\r\u2028\u2029]/);
  return { line: lineStarts.length, column: lineStarts[lineStarts.length - 1].length + 1 };
}

// ---------------------------------------------------------------- tree walking

function countNodes(root, predicate) {
  let count = 0;
  walk(root, (node) => {
    if (predicate(node)) count += 1;
  });
  return count;
}

// ---------------------------------------------------------------- lines, functions, nesting

/** Lines holding at least part of a token: blank and comment-only lines do not count. */
function countLines(tokens) {
  const lines = new Set();
  for (const { loc } of tokens) {
    for (let line = loc.start.line; line <= loc.end.line; line += 1) lines.add(line);
  }
  return lines.size;
}

/** Function literals: declarations, expressions, arrows, methods, accessors, generators. */
function countFunctions(ast) {
  return countNodes(ast, isFunction);
}

/**
 * The deepest function nesting: code outside every function is at depth 0, a
 * function literal adds 1 to the depth of the code around it. Blocks, classes
 * and object literals add nothing.
 */
function nestingDepth(root) {
  let deepest = 0;
  walk(root, (node, ancestors) => {
    if (isFunction(node)) deepest = Math.max(deepest, 1 + ancestors.filter(isFunction).length);
  });
  return deepest;
}

// ---------------------------------------------------------------- cyclomatic complexity

const LOOP_TYPES = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const SHORT_CIRCUIT_ASSIGNMENTS = new Set(['&&=', '||=', '??=']);

/**
 * A point where control can take one of two ways: if (each `else if` too),
 * `?:`, `&&` `||` `??`, `&&=` `||=` `??=`, each `?.` link, each `case` with a
 * test (not `default`), each loop, each `catch`.
 */
function isDecision(node) {
  switch (node.type) {
    case 'IfStatement':
    case 'ConditionalExpression':
    case 'LogicalExpression':
    case 'CatchClause':
      return true;
    case 'SwitchCase':
      return node.test !== null;
    case 'AssignmentExpression':
      return SHORT_CIRCUIT_ASSIGNMENTS.has(node.operator);
    case 'MemberExpression':
    case 'CallExpression':
      return node.optional === true;
    default:
      return LOOP_TYPES.has(node.type);
  }
}

/**
 * Decision points under `node` (nested functions included) + 1. The commands
 * apply it to the whole file: an example file is one routine, and a style may
 * spread it over functions that the one named `upload` only calls.
 */
function cyclomatic(node) {
  return countNodes(node, isDecision) + 1;
}

// ---------------------------------------------------------------- error-handling sites

// Names a value an error: e, er, err, error, ex, exc, exception, reason, and
// camelCase names ending in Err or Error (writeErr, lastError, TypeError).
const ERROR_NAME = /^(?:e|er|err|error|ex|exc|exception|reason)$|(?:Err|Error)$/;
const COMPARISONS = new Set(['==', '!=', '===', '!==', 'instanceof']);

// `err` or `err.code`, `err.cause.code`...
function isErrorValue(node) {
  if (node.type === 'Identifier') return ERROR_NAME.test(node.name);
  if (node.type === 'MemberExpression') return isErrorValue(node.object);
  return false;
}

// A condition that asks about an error: `err`, `!err`, `err != null`,
// `e instanceof TypeError`, `err && err.code === 'X'`...
function isErrorTest(node) {
  switch (node.type) {
    case 'Identifier':
    case 'MemberExpression':
      return isErrorValue(node);
    case 'UnaryExpression':
      return node.operator === '!' && isErrorTest(node.argument);
    case 'LogicalExpression':
      return isErrorTest(node.left) || isErrorTest(node.right);
    case 'BinaryExpression':
      return COMPARISONS.has(node.operator) && (isErrorValue(node.left) || isErrorValue(node.right));
    default:
      return false;
  }
}

// `err && done(err)` used as a statement, or as an arrow's whole body.
function isErrorGuard(expression) {
  return (
    isAstNode(expression) &&
    expression.type === 'LogicalExpression' &&
    (expression.operator === '&&' || expression.operator === '||') &&
    isErrorTest(expression.left)
  );
}

// The name of the method a call invokes: `x.name(...)` or `x['name'](...)`.
function methodName(call) {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression') return undefined;
  if (!callee.computed) return callee.property.name;
  return callee.property.type === 'Literal' ? String(callee.property.value) : undefined;
}

function isAbsent(node) {
  return (node.type === 'Literal' && node.value === null) || (node.type === 'Identifier' && node.name === 'undefined');
}

// The name of an object literal's key: `error`, `'error'`, `['error']`.
function keyName(property) {
  const key = property.key;
  if (key.type === 'Literal') return String(key.value);
  return !property.computed && key.type === 'Identifier' ? key.name : undefined;
}

function hasErrorProperty(node) {
  return (
    isAstNode(node) && node.type === 'ObjectExpression' && node.properties.some((property) => property.type === 'Property' && keyName(property) === 'error')
  );
}

// x.catch(f), .caught(f) (bluebird), .tapCatch(f) (bluebird), .fail(f) (q), .catchError(f).
const CATCH_METHODS = new Set(['catch', 'caught', 'tapCatch', 'fail', 'catchError']);
// x.then(ok, fail), .done(ok, fail), .subscribe(next, error), .tap(next, error).
const SECOND_ARGUMENT_METHODS = new Set(['then', 'done', 'subscribe', 'tap']);
// x.subscribe({ error }), x.tap({ error }), and rxjs's bare tap({ error }).
const OBSERVER_CALLS = new Set(['subscribe', 'tap']);
// emitter.on('error', f), .once('error', f), .addListener('error', f).
const LISTENER_METHODS = new Set(['on', 'once', 'addListener', 'prependListener']);

function isErrorHandlingCall(call) {
  const [first, second] = call.arguments;
  if (call.callee.type === 'Identifier') {
    // rxjs operators are imported and called bare: catchError(f), tap({ error }).
    const name = call.callee.name;
    return name === 'catchError' || (OBSERVER_CALLS.has(name) && hasErrorProperty(first));
  }
  const name = methodName(call);
  if (CATCH_METHODS.has(name)) return true;
  if (SECOND_ARGUMENT_METHODS.has(name) && second !== undefined && !isAbsent(second)) return true;
  if (OBSERVER_CALLS.has(name) && hasErrorProperty(first)) return true;
  return LISTENER_METHODS.has(name) && first !== undefined && first.type === 'Literal' && first.value === 'error';
}

/** One explicit place where the code deals with an error (see docs/explanation/complexity.md). */
function isErrorSite(node) {
  switch (node.type) {
    case 'IfStatement':
    case 'ConditionalExpression':
      return isErrorTest(node.test);
    case 'ExpressionStatement':
      return isErrorGuard(node.expression);
    case 'ArrowFunctionExpression':
      return isErrorGuard(node.body);
    case 'CatchClause':
      return true;
    case 'CallExpression':
      return isErrorHandlingCall(node);
    default:
      return false;
  }
}

function countErrorSites(ast) {
  return countNodes(ast, isErrorSite);
}

// ---------------------------------------------------------------- putting it together

/**
 * Every measure of one source text:
 * { tokens, lines, nesting, functions, cyclomatic, errorSites,
 *   lexer: 'esprima' | 'espree', parser: 'esprima' | 'espree' }.
 * Throws SourceError when the text is not JavaScript.
 */
function measureSource(source) {
  const { ast, parser } = parse(source);
  const { tokens, lexer } = tokenize(source);
  return {
    tokens: tokens.length,
    lines: countLines(tokens),
    nesting: nestingDepth(ast),
    functions: countFunctions(ast),
    cyclomatic: cyclomatic(ast),
    errorSites: countErrorSites(ast),
    lexer,
    parser,
  };
}

/** measureSource of a file read as UTF-8. */
function measureFile(file) {
  return measureSource(fs.readFileSync(file, 'utf8'));
}

/** The rows with `score`: tokens divided by the fewest tokens among them (that row scores 1). */
function normalise(rows) {
  const fewest = Math.min(...rows.map((row) => row.tokens));
  return rows.map((row) => ({ ...row, score: fewest > 0 ? row.tokens / fewest : null }));
}

module.exports = {
  SourceError,
  parse,
  countFunctions,
  nestingDepth,
  cyclomatic,
  countErrorSites,
  measureSource,
  measureFile,
  normalise,
};
