'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const yaml = require('js-yaml');
const { parseSpec } = require('../../lib/runtimes');

// .github/workflows/matrix.yml, the runtime matrix on many machines: its
// runtimes are ones asyncmark takes, and its bench and report commands, with
// the workflow's defaults filled in, run as written (the bench in its cheap
// --test mode under the node running the tests, the report over what it wrote).

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bench', 'cli.js');
const workflow = yaml.load(fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'matrix.yml'), 'utf8'));

// A step's command with ${{ inputs.x }} and ${{ matrix.x }} filled in.
function fill(text, values) {
  return text.replace(/\$\{\{\s*(inputs|matrix)\.(\w+)\s*\}\}/g, (match, scope, name) => {
    assert.ok(name in values[scope], `${match} has no value`);
    return String(values[scope][name]);
  });
}

function commandOf(job, words) {
  const step = job.steps.find((s) => typeof s.run === 'string' && s.run.includes(words));
  assert.ok(step, `a step runs ${words}`);
  return step.run.trim();
}

// "npx asyncmark bench --n 5" -> ['bench', '--n', '5'] (the workflow quotes nothing).
function argsOf(command) {
  const words = command.split(/\s+/);
  assert.deepEqual(words.slice(0, 2), ['npx', 'asyncmark']);
  return words.slice(2);
}

describe('the matrix workflow (.github/workflows/matrix.yml)', function () {
  this.timeout(120000);
  const inputs = Object.fromEntries(Object.entries(workflow.on.workflow_dispatch.inputs).map(([name, input]) => [name, input.default]));

  it('runs one bench job per operating system and runtime asyncmark takes, then one report of them all', () => {
    const { matrix } = workflow.jobs.bench.strategy;
    assert.ok(matrix.os.length >= 2 && matrix.runtime.length >= 4);
    for (const runtime of matrix.runtime) assert.doesNotThrow(() => parseSpec(runtime), runtime);
    // Ten years of Node (issue 25): the old lines too, on Linux only where macOS (arm64) has no build.
    for (const old of ['node@6', 'node@8', 'node@10', 'node@12']) {
      assert.ok(matrix.runtime.includes(old), old);
      assert.ok(
        matrix.exclude.some((e) => e.os === 'macos-latest' && e.runtime === old),
        `${old} excluded on macOS`,
      );
    }
    assert.ok(matrix.exclude.every((e) => matrix.os.includes(e.os) && matrix.runtime.includes(e.runtime)));
    assert.equal(workflow.jobs.bench.strategy['fail-fast'], false);
    assert.deepEqual(workflow.jobs.report.needs, 'bench');
    assert.deepEqual(workflow.permissions, { contents: 'read' });
    // Each bench job uploads its results file under a name of its own.
    const upload = workflow.jobs.bench.steps.find((s) => String(s.uses).startsWith('actions/upload-artifact'));
    assert.match(upload.with.name, /\$\{\{ matrix\.os \}\}.*\$\{\{ matrix\.runtime \}\}/);
  });

  it("has bench and report commands that run as written and read each other's files", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-workflow-'));
    try {
      const bench = argsOf(fill(commandOf(workflow.jobs.bench, 'asyncmark bench'), { inputs, matrix: { os: 'ubuntu-latest', runtime: 'node' } }));
      // --test makes one run of each cell and refuses --runs: the workflow's --runs goes.
      const runs = bench.indexOf('--runs');
      const cheap = runs < 0 ? bench : [...bench.slice(0, runs), ...bench.slice(runs + 2)];
      const ran = spawnSync(process.execPath, [CLI, ...cheap, '--test', '--examples', 'callbacks-original', '--quiet'], { cwd: dir, encoding: 'utf8' });
      assert.equal(ran.status, 0, ran.stderr);
      const written = fs.readdirSync(dir);
      assert.deepEqual(written, ['results-ubuntu-latest-node.jsonl']);
      // What download-artifact gathers into results/, and the report over it (the shell expands the glob).
      fs.mkdirSync(path.join(dir, 'results'));
      fs.renameSync(path.join(dir, written[0]), path.join(dir, 'results', written[0]));
      const report = argsOf(commandOf(workflow.jobs.report, 'asyncmark report')).flatMap((word) =>
        word === 'results/*.jsonl' ? fs.readdirSync(path.join(dir, 'results')).map((name) => `results/${name}`) : [word],
      );
      const reported = spawnSync(process.execPath, [CLI, ...report], { cwd: dir, encoding: 'utf8' });
      assert.equal(reported.status, 0, reported.stderr);
      assert.ok(fs.existsSync(path.join(dir, 'report', 'README.md')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
