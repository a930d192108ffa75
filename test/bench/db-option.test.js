'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { runCli } = require('./capture');
const { readResults } = require('../../lib/runner/session');
const drivers = require('../../lib/drivers');
const { resolveOptions } = require('../../bench/commands/bench');
const { gridScenario } = require('../../bench/db-option');
const scenarios = require('../../bench/scenarios');

// bench --db and --pool: a bad value is refused in one line with exit code 2
// before anything runs; a run against PGlite records its backend in its line.

// A port nothing listens on: one the system handed out and that was closed again.
function closedPort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

describe('bench --db', function () {
  this.timeout(120000);

  const BAD = [
    [['--db', 'mysql'], /^asyncmark: --db: "mysql" is not allowed; expected fake, pglite, postgres or a postgres:\/\/ URL\n$/],
    [['--db', 'pglite', '--pool', '3'], /^asyncmark: --pool: applies only with --db postgres or a postgres:\/\/ URL, not pglite/],
    [['--pool', '3'], /^asyncmark: --pool: applies only with --db postgres/],
    [['--db', 'postgres', '--pool', '0'], /^asyncmark: --pool: "0" is not allowed; expected a whole number >= 1/],
    [
      ['--db', 'pglite', '--measure', 'instructions'],
      /^asyncmark: --measure instructions: cannot be used with --db pglite: valgrind counts only the Node process, and PGlite's PostgreSQL runs as WebAssembly inside the Node process/,
    ],
    [
      ['--db', 'postgres', '--measure', 'both'],
      /^asyncmark: --measure both: cannot be used with --db postgres: valgrind counts only the Node process, and its count, the client's work against a server, does not repeat there: 3 counts of one cell were 8\.2% apart/,
    ],
    [
      ['--db', 'postgres://me:secret@127.0.0.1:1/db', '--measure', 'instructions'],
      /^asyncmark: --measure instructions: cannot be used with --db a postgres:\/\/ URL: .* does not repeat/,
    ],
    [['--scenario', 'fib', '--db', 'pglite'], /^asyncmark: --db: scenario fib \(problem fib\) has no database model; --db applies to doxbee-sequential/],
  ];
  for (const [args, expected] of BAD) {
    it(`refuses ${args.join(' ')}`, async () => {
      const { code, stderr } = await runCli('bench', ...args, '--no-out', '--quiet');
      assert.equal(code, 2);
      assert.match(stderr, expected);
      assert.equal(stderr.trim().split('\n').length, 1);
    });
  }

  describe('the grid under a real database', () => {
    const grid = (options) => resolveOptions({ scenario: 'doxbee-sequential', out: false, ...options }).params.n;

    it("is the scenario's againstDatabase grid, for every real backend, and the scenario's own on fake", () => {
      const own = scenarios['doxbee-sequential'].params.n;
      const against = scenarios['doxbee-sequential'].againstDatabase.params.n;
      assert.notDeepEqual(against, own);
      for (const db of ['pglite', 'postgres', 'postgres://me@127.0.0.1:5432/db']) assert.deepEqual(grid({ db }), against, db);
      assert.deepEqual(grid({}), own);
      assert.deepEqual(grid({ db: 'fake' }), own);
    });

    it('still takes the options given, and --test cuts it', () => {
      assert.deepEqual(grid({ db: 'pglite', n: '1000,10000' }), [1000, 10000]);
      assert.deepEqual(grid({ db: 'pglite', test: true }), [10]);
    });

    it('keeps the whole grid of a scenario that gives none for a database (planted)', () => {
      const { againstDatabase, ...planted } = scenarios['doxbee-sequential'];
      assert.ok(againstDatabase);
      assert.equal(gridScenario(planted, { kind: 'pglite' }), planted);
      assert.deepEqual(gridScenario(scenarios['doxbee-sequential'], { kind: 'pglite' }).params.n, againstDatabase.params.n);
    });

    it("is listed beside the scenario's own (asyncmark list)", async () => {
      const { code, stdout } = await runCli('list');
      assert.equal(code, 0);
      // The params column of each scenario's row, its wrapped lines joined (list fits 100 columns).
      const lines = stdout.split('\n');
      const header = lines.findIndex((line) => /^name +driver +problem +params +description$/.test(line));
      const [from, to] = [lines[header].indexOf('params'), lines[header].indexOf('description')];
      const paramsOf = (name) => {
        const start = lines.findIndex((line) => line.startsWith(`${name} `));
        const end = lines.findIndex((line, i) => i > start && !line.startsWith(' '));
        return lines
          .slice(start, end)
          .map((line) => line.slice(from, to).trim())
          .join(' ');
      };
      for (const scenario of Object.values(scenarios).filter((s) => s.againstDatabase)) {
        assert.match(paramsOf(scenario.name), new RegExp(`; with --db: n=${scenario.againstDatabase.params.n.join(',')}$`));
      }
    });
  });

  it('refuses a URL whose server refuses the connection, its password not shown', async () => {
    const port = await closedPort();
    const { code, stderr } = await runCli('bench', '--db', `postgres://me:secret@127.0.0.1:${port}/db`, '--no-out', '--quiet');
    assert.equal(code, 2);
    assert.match(stderr, new RegExp(`^asyncmark: --db: cannot connect to 127\\.0\\.0\\.1:${port}: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\n$`));
    assert.doesNotMatch(stderr, /secret/);
  });

  it('runs against PGlite and records db=pglite in each results line', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-db-option-'));
    try {
      const out = path.join(folder, 'results.jsonl');
      // The temporary directory is shared: only what this session made counts.
      const templates = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('asyncmark-pglite-'));
      const before = new Set(templates());
      const { code, stderr } = await runCli(
        'bench',
        '--db',
        'pglite',
        '--scenario',
        'doxbee-errors',
        '--examples',
        'callbacks-original,async-await',
        '--test',
        '--out',
        out,
        '--quiet',
      );
      assert.equal(code, 0, stderr);
      const lines = readResults(out, { drivers });
      assert.deepEqual(
        lines.map((line) => [line.example, line.status, line.params.db]),
        [
          ['callbacks-original', 'ok', 'pglite'],
          ['async-await', 'ok', 'pglite'],
        ],
      );
      // The session's template folder is gone with the session.
      assert.deepEqual(
        templates().filter((name) => !before.has(name)),
        [],
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
