'use strict';

const espree = require('espree');
const { isFunction, walk } = require('../ast');

// Locating the failing call in an example's source, by how the probed
// problem writes its operations (the callSites of examples/<problem>/probe.js).

function isNamed(node, name) {
  if (!node) return false;
  if (node.type === 'Identifier') return node.name === name;
  return node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === name;
}

function isCallOf(node, objectName, method) {
  return node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && isNamed(node.callee, method) && isNamed(node.callee.object, objectName);
}

// A query kept in a variable is looked for in the function, or the file, that declares it.
function isScope(node) {
  return node.type === 'Program' || isFunction(node);
}

/**
 * The lines of every call of an operation in a source text, e.g. for
 * 'fileVersion.insert' each `FileVersion.insert(...).execWithin(...)`. A range
 * runs from the start of the expression (an `await` or `yield` before it
 * included) to the line of `.execWithin`; a callback passed to it is not part
 * of the call. When the query is kept in a variable first, each
 * `variable.execWithin(...)` in the same function is a range of its own.
 * @param {string} source
 * @param {string} op an operation with an entry in callSites
 * @param {object} callSites how the probed problem writes each operation that
 *   can be made to fail ({ object, method, then }, by operation name)
 * @returns {{ start: number, end: number }[]} 1-based lines, in source order
 */
function locateCalls(source, op, callSites) {
  const site = Object.hasOwn(callSites, op) ? callSites[op] : null;
  if (!site) throw new RangeError(`op must be one of ${Object.keys(callSites).join(', ')}; got ${op}`);
  const ast = parse(source);
  const ranges = [];
  walk(ast, (node, ancestors) => {
    if (!isCallOf(node, site.object, site.method)) return;
    const parent = ancestors[ancestors.length - 1];
    const grand = ancestors[ancestors.length - 2];
    if (
      parent &&
      parent.type === 'MemberExpression' &&
      parent.object === node &&
      isNamed(parent, site.then) &&
      grand &&
      grand.type === 'CallExpression' &&
      grand.callee === parent
    ) {
      const wrapper = ancestors[ancestors.length - 3];
      const start = isWrapperOf(wrapper, grand) ? wrapper.loc.start.line : node.loc.start.line;
      ranges.push({ start, end: parent.property.loc.end.line });
      return;
    }
    if (parent && parent.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') {
      const scope = ancestors.findLast(isScope);
      const found = laterCalls(scope, parent.id.name, site.then);
      ranges.push({ start: node.loc.start.line, end: node.loc.end.line }, ...found);
      return;
    }
    ranges.push({ start: node.loc.start.line, end: node.loc.end.line });
  });
  return ranges.sort((a, b) => a.start - b.start);
}

function isWrapperOf(node, expression) {
  return Boolean(node) && (node.type === 'AwaitExpression' || node.type === 'YieldExpression') && node.argument === expression;
}

// The calls `name.method(...)` inside a function, as line ranges.
function laterCalls(scope, name, method) {
  const ranges = [];
  walk(scope, (node, ancestors) => {
    if (!isCallOf(node, name, method)) return;
    const wrapper = ancestors[ancestors.length - 1];
    const start = isWrapperOf(wrapper, node) ? wrapper.loc.start.line : node.loc.start.line;
    ranges.push({ start, end: node.callee.property.loc.end.line });
  });
  return ranges;
}

// espree rather than esprima: it knows every syntax Node runs (object spread,
// optional chaining), which esprima 4 does not.
function parse(source) {
  const options = { ecmaVersion: 'latest', loc: true, range: true };
  try {
    return espree.parse(source, { ...options, sourceType: 'script' });
  } catch (error) {
    return espree.parse(source, { ...options, sourceType: 'module' });
  }
}

module.exports = { locateCalls };
