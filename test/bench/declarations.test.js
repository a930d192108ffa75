'use strict';

// bench/declarations.js reads a .d.ts of lib/index.d.ts's shape: exports with
// their doc comments and tags, an interface's members with theirs, a function's
// overloads as one declaration, and a declaration over several lines as one line.

const assert = require('node:assert/strict');
const { declarations } = require('../../bench/declarations');

const TEXT = `// A header comment, not a doc comment.

/** A colour. */
export type Colour = 'red' | 'blue';

/**
 * Paints a wall.
 * @param colour the paint
 * @throws RangeError for a colour it lacks
 */
export function paint(colour: Colour): void;
/** With a brush. */
export function paint(colour: Colour, brush: string): void;

/** A wall. */
export interface Wall extends Thing {
  /** Its height in metres. */
  height: number;
  paint(
    colour: Colour,
  ): void;
}
export const WALLS: readonly Wall[];
`;

describe('bench/declarations.js: the declarations of a .d.ts', function () {
  const found = declarations(TEXT);

  it('reads each export in order, overloads merged', function () {
    assert.deepEqual(
      found.map((each) => `${each.kind} ${each.name}`),
      ['type Colour', 'function paint', 'interface Wall', 'const WALLS'],
    );
    assert.deepEqual(found[1].signatures, ['function paint(colour: Colour): void', 'function paint(colour: Colour, brush: string): void']);
  });

  it('reads doc comments, their tags, and none where there is none', function () {
    assert.deepEqual(found[1].docs[0], {
      text: 'Paints a wall.',
      params: [{ name: 'colour', text: 'the paint' }],
      throws: ['RangeError for a colour it lacks'],
    });
    assert.equal(found[1].docs[1].text, 'With a brush.');
    assert.equal(found[3].docs[0], null);
  });

  it("reads an interface's members, each on one line, with their doc comments", function () {
    assert.equal(found[2].signatures[0], 'interface Wall extends Thing');
    assert.deepEqual(
      found[2].members.map((member) => [member.code, member.doc?.text ?? null]),
      [
        ['height: number', 'Its height in metres.'],
        ['paint(colour: Colour): void', null],
      ],
    );
  });
});
