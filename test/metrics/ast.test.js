'use strict';

const assert = require('node:assert/strict');
const espree = require('espree');
const { isAstNode, isFunction, walk } = require('../../metrics/ast');

const parse = (source) => espree.parse(source, { ecmaVersion: 'latest', loc: true, range: true });

describe('ast: walking a syntax tree', () => {
  it('visits every node once, each before its children, in source order', () => {
    const types = [];
    walk(parse('f(a, () => b);'), (node) => types.push(node.type));
    assert.deepEqual(types, ['Program', 'ExpressionStatement', 'CallExpression', 'Identifier', 'Identifier', 'ArrowFunctionExpression', 'Identifier']);
  });

  it('gives each node its ancestors, the outermost first, and leaves the list empty', () => {
    const ancestors = [];
    let seen = null;
    walk(
      parse('x = { y: 1 };'),
      (node, above) => {
        if (node.type === 'Literal') seen = above.map((a) => a.type);
      },
      ancestors,
    );
    assert.deepEqual(seen, ['Program', 'ExpressionStatement', 'AssignmentExpression', 'ObjectExpression', 'Property']);
    assert.deepEqual(ancestors, []);
  });

  it('tells nodes and function literals', () => {
    assert.equal(isAstNode({ type: 'Identifier' }), true);
    assert.equal(isAstNode({ line: 1 }), false);
    assert.equal(isAstNode(null), false);
    const functions = [];
    walk(parse('function f() {} const g = function () {}; const h = () => 0; ({ m() {} });'), (node) => {
      if (isFunction(node)) functions.push(node.type);
    });
    assert.deepEqual(functions, ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'FunctionExpression']);
  });
});
