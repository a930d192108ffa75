'use strict';

// Walking an ESTree syntax tree, as Esprima and espree produce it. The one
// walker behind metrics/complexity.js (counting nodes, measuring nesting) and
// metrics/debuggability/locate.js (locating the failing call), so that both see the
// same nodes in the same order.

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** A syntax-tree node: an object with a string `type`. */
function isAstNode(value) {
  return value !== null && typeof value === 'object' && typeof value.type === 'string';
}

/** A function literal: declaration, expression or arrow (methods and accessors are expressions). */
function isFunction(node) {
  return isAstNode(node) && FUNCTION_TYPES.has(node.type);
}

/**
 * Calls visit(node, ancestors) for `node` and every node under it, in source
 * order, each before its children. `ancestors` holds the nodes above, the
 * outermost first; it is the walker's own list, changed as the walk goes on,
 * so a visitor that keeps it must copy it.
 */
function walk(node, visit, ancestors = []) {
  visit(node, ancestors);
  ancestors.push(node);
  for (const key of Object.keys(node)) {
    // Positions are plain objects and arrays, never nodes; skipping them is only quicker.
    if (key === 'loc' || key === 'range') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (isAstNode(child)) walk(child, visit, ancestors);
    } else if (isAstNode(value)) {
      walk(value, visit, ancestors);
    }
  }
  ancestors.pop();
}

module.exports = { isAstNode, isFunction, walk };
