'use strict';

const js = require('@eslint/js');
const globals = require('globals');

// ESLint's recommended rules, plus what this code base needs: CommonJS on
// Node, mocha's globals in the tests, the browser in the report's page script.
module.exports = [
  // The complexity fixtures are read as text, never run; the transpiled
  // examples are compilers' output (npm run build:transpiled).
  {
    ignores: [
      'examples/*/transpiled/',
      'test/fixtures/debuggability/transpiled-wrong-map.js',
      'node_modules/',
      'coverage/',
      '.nyc_output/',
      'docs/results/',
      'asyncmark-report/',
      '.stryker-tmp/',
      'reports/',
      'test/fixtures/complexity/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'commonjs', globals: { ...globals.node } },
    rules: {
      // A name that starts with _ is unused on purpose (a callback's first argument).
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'prefer-const': 'error',
      'no-var': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      strict: ['error', 'global'],
    },
  },
  {
    // The ES module entry (lib/index.mjs) and the consumers that import the package as one.
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    // Written in `using` or `await using` (ES2026), which Node 20 and 22 cannot
    // parse: the registry says so (needs), and only these files may use it.
    files: [
      'examples/*/async-await-using.js',
      'examples/*/async-await-using-cancellable.js',
      'test/fixtures/doxbee/async-await-using-*.js',
      'lib/runtimes/probe/await-using.js',
      'lib/runtimes/probe/using.js',
    ],
    languageOptions: { ecmaVersion: 2026 },
  },
  {
    // An example keeps the problem's whole signature, upload(stream, idOrPath,
    // tag, done), whether or not its style reads every argument; so do the
    // planted-bug fixtures shaped like them.
    files: ['examples/**/*.js', 'test/fixtures/**/*.js', 'test/fakes/fixtures/**/*.js'],
    rules: { 'no-unused-vars': ['error', { args: 'none', ignoreRestSiblings: true }] },
  },
  {
    files: ['test/**/*.js'],
    languageOptions: { globals: { ...globals.mocha } },
    // Generators without yield are what the runner's tests feed it on purpose.
    rules: { 'require-yield': 'off' },
  },
  {
    // Functions passed to page.evaluate run in the browser.
    files: ['test/report/browser.test.js', 'test/report/pictures.test.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
];
