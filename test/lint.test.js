'use strict';

// The lint and format checks npm test runs can fail: each is shown a planted
// fault. The checks of the real tree run in `npm run lint`, before mocha.

const assert = require('node:assert/strict');
const path = require('node:path');
const { ESLint } = require('eslint');
const prettier = require('prettier');

const ROOT = path.join(__dirname, '..');

describe('lint and format checks', () => {
  it('ESLint refuses an unused variable and an undefined name', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const [result] = await eslint.lintText("'use strict';\n\nconst unused = 1;\nmodule.exports = () => missing;\n", {
      filePath: path.join(ROOT, 'lib', 'planted.js'),
    });
    assert.deepEqual(result.messages.map((m) => m.ruleId).sort(), ['no-undef', 'no-unused-vars']);
  });

  it('Prettier, with the project configuration, refuses code it would lay out otherwise', async () => {
    const file = path.join(ROOT, 'lib', 'planted.js');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    assert.equal(await prettier.check('const a = {b:1}\n', options), false);
    assert.equal(await prettier.check('const a = { b: 1 };\n', options), true);
  });
});
