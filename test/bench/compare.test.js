'use strict';

// asyncmark compare at the command line, and asyncmark report given files from
// different runtimes and machines: what a user sees, and that environments are
// never pooled. Made-up seeded runs (test/fixtures/compare/make-runs.js).

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCli } = require('./capture');
const stats = require('../../lib/stats');
const show = require('../../lib/report/display');
const { parseResults } = require('../../lib/results');
const drivers = require('../../lib/drivers');
const { sessionLines, planted, jsonl } = require('../fixtures/compare/make-runs');

function oneLine(stderr) {
  const lines = stderr.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, `one line on stderr, got: ${stderr}`);
  return lines[0];
}

// "async-await 1000" → its stars, from the rows of a printed table: of times
// (ms) or of ratios to the baseline (×), whose own rows are no test.
function starsByCell(stdout) {
  const stars = {};
  for (const line of stdout.split('\n')) {
    const match = /^([a-z-]+) +(\d+) +[\d.]+×? +[\d.]+×? +[-+][\d.]+% .* +(< 0\.001|[\d.]+)( +\*+)?$/.exec(line);
    if (match) stars[`${match[1]} ${match[2]}`] = (match[4] ?? '').trim();
  }
  return stars;
}

// A command's section of the command-line reference (docs/reference/cli.md, as cli-reference.js makes it now).
function referenceSection(name) {
  const page = require('../../bench/cli-reference').cliReference();
  const start = page.indexOf(`\n## asyncmark ${name}\n`);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

describe('asyncmark compare', function () {
  this.timeout(60000);
  let dir;
  const { old, now } = planted();
  const at = (name) => path.join(dir, name);
  const write = (name, lines) => {
    const text = jsonl(lines);
    // Every line is one the results reader takes.
    assert.deepEqual(parseResults(text, name, { drivers }).skipped, []);
    fs.writeFileSync(at(name), text);
    return at(name);
  };

  // Node 24 runs, for a file of three environments.
  const node24 = sessionLines({ seed: 4, env: { node: 'v24.11.0' }, examples: { 'callbacks-original': 100 } });

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-compare-'));
    write('old.jsonl', old);
    write('new.jsonl', now);
    write('both.jsonl', [...old, ...now]);
    write('three.jsonl', [...old, ...node24, ...now]);
  });

  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Judged on the ratios to callbacks-original, the baseline, whose own rows are no test.
  const PLANTED_STARS = {
    'async-await 100': '***',
    'promises-bluebird 100': '***',
    'promises-native 100': '',
    'async-await 1000': '***',
    'promises-bluebird 1000': '***',
  };

  it('compares two files: stars per planted cell, the false positives, the cells not compared; exit 0 despite the slowdown', async () => {
    const { code, stdout, stderr } = await runCli('compare', at('old.jsonl'), at('new.jsonl'));
    assert.equal(stderr, '');
    assert.equal(code, 0);
    assert.ok(
      stdout.startsWith(
        `old: node v22.12.0 on Fixture CPU @ 2.00GHz, 40 runs of ${at('old.jsonl')}\nnew: node v26.1.0 on Fixture CPU @ 2.00GHz, 50 runs of ${at('new.jsonl')}\n`,
      ),
    );
    assert.deepEqual(starsByCell(stdout), PLANTED_STARS);
    assert.match(
      stdout,
      /^5 cells compared on time: .* about 0\.25 of them \* or more \(p < 0\.05\), 0\.05 \*\* or more \(p < 0\.01\) and 0\.005 \*\*\* \(p < 0\.001\)\.$/m,
    );
    assert.match(stdout, /^doxbee-sequential +generators-co +n=100, .* only in new$/m);
    assert.match(stdout, /^doxbee-sequential +generators-co +n=1000, .* only in new$/m);
    assert.match(stdout, /^doxbee-sequential +promises-native +n=1000, .* new: 1 of 5 runs CRASH \(child exited with code 1\)$/m);
  });

  it('exits 1, saying so in one line, when no cell could be compared (one run a side)', async () => {
    const one = (name, seed, node) => write(name, sessionLines({ seed, runs: 1, env: { node }, examples: { 'callbacks-original': 100, 'async-await': 120 } }));
    const { code, stdout, stderr } = await runCli('compare', one('one-old.jsonl', 7, 'v22.12.0'), one('one-new.jsonl', 8, 'v26.1.0'));
    assert.equal(code, 1);
    assert.match(stdout, /No cell could be compared: each is listed below with the reason\./);
    assert.equal(stderr, 'asyncmark: nothing was compared: no cell could be (each is listed with the reason)\n');
    // Planted: the same sessions with two runs a side compare, and exit 0.
    const two = (name, seed, node) => write(name, sessionLines({ seed, runs: 2, env: { node }, examples: { 'callbacks-original': 100, 'async-await': 120 } }));
    assert.equal((await runCli('compare', two('two-old.jsonl', 7, 'v22.12.0'), two('two-new.jsonl', 8, 'v26.1.0'))).code, 0);
  });

  it('compares the two environments of one file (Node 22 and 26) as it compares two files', async () => {
    const both = at('both.jsonl');
    const one = await runCli('compare', both);
    assert.equal(one.code, 0, one.stderr);
    assert.deepEqual(starsByCell(one.stdout), PLANTED_STARS);
    const two = await runCli('compare', at('old.jsonl'), at('new.jsonl'));
    const body = (stdout) => stdout.split('\n').slice(2).join('\n');
    assert.equal(body(one.stdout), body(two.stdout));
    assert.match(one.stdout, /^old: node v22\.12\.0 .*, 40 runs of .*both\.jsonl\nnew: node v26\.1\.0 .*, 50 runs of .*both\.jsonl\n/);
    // Turned round with --old and --new: the slowdown becomes a speed-up.
    const swapped = await runCli('compare', both, '--old', 'v26', '--new', 'v22');
    assert.equal(swapped.code, 0, swapped.stderr);
    assert.match(swapped.stdout, /^async-await +1000 +[\d.]+× +[\d.]+× +-2\d\.\d% .* \*\*\*$/m);
  });

  it('compares files from two machines, one environment picked from each, never pooling the others', async () => {
    // Each file also holds Node 26 runs ten times faster: pooled in, they would show.
    const laptop = write('laptop.jsonl', [
      ...sessionLines({ seed: 5, env: { cpu: 'Laptop CPU' }, examples: { 'callbacks-original': 100, 'async-await': 130 } }),
      ...sessionLines({ seed: 6, env: { cpu: 'Laptop CPU', node: 'v26.1.0' }, examples: { 'callbacks-original': 10, 'async-await': 13 } }),
    ]);
    const server = write('server.jsonl', [
      ...sessionLines({ seed: 7, env: { cpu: 'Server CPU', node: 'v26.1.0' }, examples: { 'callbacks-original': 5, 'async-await': 10 } }),
      ...sessionLines({ seed: 8, env: { cpu: 'Server CPU' }, examples: { 'callbacks-original': 50, 'async-await': 65 } }),
    ]);
    // Two machines: the question is their times, not the ratios.
    const { code, stdout, stderr } = await runCli('compare', laptop, server, '--old', 'v22', '--new', 'v22', '--basis', 'absolute', '--format', 'json');
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout);
    assert.equal(result.old.env, 'node v22.12.0 on Laptop CPU');
    assert.equal(result.new.env, 'node v22.12.0 on Server CPU');
    assert.deepEqual([result.old.runs, result.new.runs], [20, 20]);
    const change = Object.fromEntries(result.rows.map((row) => [`${row.example} ${row.params.n}`, row.changePercent]));
    assert.deepEqual(Object.keys(change), ['async-await 100', 'callbacks-original 100', 'async-await 1000', 'callbacks-original 1000']);
    for (const [key, value] of Object.entries(change)) assert.ok(Math.abs(value + 50) < 3, `${key}: ${value}`);
    assert.deepEqual(
      result.rows.map((row) => row.stars),
      ['***', '***', '***', '***'],
    );
    assert.deepEqual(result.notCompared, []);
  });

  it('writes csv and markdown, and json with the false positives to expect', async () => {
    const csv = await runCli('compare', at('old.jsonl'), at('new.jsonl'), '--format', 'csv');
    assert.equal(csv.code, 0);
    const lines = csv.stdout.trimEnd().split('\r\n');
    assert.equal(lines.length, 1 + 7 + 3);
    assert.match(lines[0], /^scenario,example,n,.*,basis,baseline,.*,oldRatio,newRatio,changePercent,lowPercent,highPercent,pValue,stars,note,reason$/);
    const markdown = await runCli('compare', at('old.jsonl'), at('new.jsonl'), '--format', 'markdown');
    assert.equal(markdown.code, 0);
    assert.match(markdown.stdout, /^\| async-await \| 1000 \| .* \| \*\*\* \| +\|$/m);
    const json = JSON.parse((await runCli('compare', at('old.jsonl'), at('new.jsonl'), '--format', 'json')).stdout);
    assert.deepEqual(json.expectedFalsePositives, {
      measure: 'time',
      comparisons: 5,
      levels: [
        { stars: '*', alpha: 0.05, expected: 5 * 0.05 },
        { stars: '**', alpha: 0.01, expected: 5 * 0.01 },
        { stars: '***', alpha: 0.001, expected: 5 * 0.001 },
      ],
    });
  });

  it('says the session shift at the top, judges on the ratios to the baseline, and on times with --basis absolute', async () => {
    // The same code in a second session on a machine 15% slower in every cell, async-await 15% more on top.
    const times = { 'callbacks-original': 100, 'async-await': 120, 'promises-bluebird': 110, 'promises-native': 130 };
    const scaled = (by) => Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, ms * by * (name === 'async-await' ? 1.15 : 1)]));
    const before = write('before.jsonl', sessionLines({ seed: 1, ns: [100, 1000], examples: times }));
    const after = write('after.jsonl', sessionLines({ seed: 5, ns: [100, 1000], examples: scaled(1.15) }));
    const byRatio = await runCli('compare', before, after);
    assert.equal(byRatio.code, 0, byRatio.stderr);
    const lines = byRatio.stdout.split('\n');
    assert.match(
      lines[3],
      /^Session shift: the new session is 1\d\.\d% slower than the old in the median cell \(95% interval .*, sign test over 8 cells, p = 0\.008\): a move of every cell alike is the machine's, not the code's\.$/,
    );
    assert.match(lines[4], /^Judged on each example's ratio to the baseline \(callbacks-original\) measured in its own session/);
    assert.deepEqual(starsByCell(byRatio.stdout), {
      'async-await 100': '***',
      'promises-bluebird 100': '',
      'promises-native 100': '',
      'async-await 1000': '***',
      'promises-bluebird 1000': '',
      'promises-native 1000': '',
    });
    const byTime = await runCli('compare', before, after, '--basis', 'absolute');
    assert.match(byTime.stdout, /^Judged on absolute mean times: across two sessions they hold the moves of the machine too/m);
    assert.ok(
      Object.values(starsByCell(byTime.stdout)).every((stars) => stars !== ''),
      byTime.stdout,
    );
    const otherBase = await runCli('compare', before, after, '--baseline', 'promises-native', '--format', 'json');
    assert.ok(JSON.parse(otherBase.stdout).rows.every((row) => row.baseline === 'promises-native'));
  });

  it('compares the two examples of an A/B session: the planted 5% with its interval', async () => {
    const ab = write('ab.jsonl', sessionLines({ seed: 7, runs: 10, ns: [100, 1000], noise: 0.01, examples: { v1: 100, v2: 105 } }));
    const { code, stdout, stderr } = await runCli('compare', ab, '--old-example', 'v1', '--new-example', 'v2');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^old: v1 on node v22\.12\.0 on Fixture CPU @ 2\.00GHz, 20 runs of .*ab\.jsonl$/m);
    assert.doesNotMatch(stdout, /Session shift|Between the sides|By parameters/);
    assert.match(stdout, /^v1 → v2 +1000 +[\d.]+ +[\d.]+ +\+[45]\.\d% +\+\d\.\d% to \+[56]\.\d% +< 0\.001 +\*\*\*$/m);
  });

  it('warns of lines it could not read, naming the file and the line, and goes on', async () => {
    const file = at('with-bad-line.jsonl');
    fs.writeFileSync(file, `${jsonl(now).trimEnd()}\nnot json\n`);
    const { code, stdout, stderr } = await runCli('compare', at('old.jsonl'), file);
    assert.equal(code, 0);
    assert.equal(oneLine(stderr), `asyncmark: warning: ${file}: 1 line not read (line 51: not a JSON line)`);
    assert.deepEqual(starsByCell(stdout), PLANTED_STARS);
  });

  it('explains every option with examples in --help', async () => {
    // --help is short; what it leaves out is in the reference, made from the same program (bench/help-text.js).
    const { code } = await runCli('compare', '--help');
    assert.equal(code, 0);
    const stdout = referenceSection('compare');
    for (const option of [
      '--old <text>',
      '--new <text>',
      '--basis <basis>',
      '--baseline <name>',
      '--old-example <name>',
      '--new-example <name>',
      '--format <format>',
    ]) {
      assert.ok(stdout.includes(option), option);
    }
    assert.match(stdout, /^Usage: asyncmark compare \[options\] <old> \[new\]$/m);
    assert.match(stdout, /\* p < 0\.05, \*\* p < 0\.01, \*\*\* p < 0\.001/);
    assert.match(stdout, /^ {2}asyncmark compare before\.jsonl after\.jsonl$/m);
    assert.match(stdout, /^ {2}asyncmark compare both\.jsonl --old v26 --new v22$/m);
    assert.match(stdout, /^ {2}asyncmark compare ab\.jsonl --old-example v1 --new-example v2$/m);
  });

  describe('refuses bad input with one line and exit code 2', () => {
    async function refused(args, pattern) {
      const { code, stdout, stderr } = await runCli('compare', ...args);
      assert.equal(code, 2, stderr);
      assert.equal(stdout, '');
      assert.match(oneLine(stderr), pattern);
    }

    it('a file that does not exist', async () => {
      await refused(
        [at('old.jsonl'), at('none.jsonl')],
        /^asyncmark: NEW: ".*none\.jsonl" is not allowed; expected an existing results file \(JSON lines from asyncmark bench\)$/,
      );
      await refused([at('none.jsonl')], /^asyncmark: FILE: ".*none\.jsonl" is not allowed; expected an existing results file/);
    });

    it('a folder', async () => {
      await refused([dir, at('new.jsonl')], /^asyncmark: OLD: ".*" is not allowed; expected a regular results file \(it is a folder\)$/);
    });

    it('a file with no usable run', async () => {
      fs.writeFileSync(at('empty.jsonl'), '{"schema":"something/else"}\nnot json\n');
      await refused(
        [at('empty.jsonl'), at('new.jsonl')],
        /^asyncmark: OLD: ".*empty\.jsonl" is not allowed; expected a results file with at least one usable run \(line 1: schema is "something\/else", expected "asyncmark\/run@2" \(or asyncmark\/run@1\), and 1 more lines\)$/,
      );
    });

    it('one file without exactly two environments, and no --old and --new', async () => {
      await refused(
        [at('old.jsonl')],
        /^asyncmark: FILE: ".*old\.jsonl" is not allowed; expected a results file holding two environments \(it holds one: node v22\.12\.0 on Fixture CPU @ 2\.00GHz\), or two files: asyncmark compare OLD NEW$/,
      );
      const three = at('three.jsonl');
      await refused(
        [three],
        /^asyncmark: FILE: ".*three\.jsonl" is not allowed; expected a results file holding exactly two environments, or --old and --new to choose two of its 3: node v22\.12\.0 on Fixture CPU @ 2\.00GHz; node v24\.11\.0 on Fixture CPU @ 2\.00GHz; node v26\.1\.0 on Fixture CPU @ 2\.00GHz$/,
      );
      await refused(
        [three, '--old', 'v22'],
        /^asyncmark: --new: not given; expected text that names one of these environments of .*three\.jsonl: node v24\.11\.0 .*; node v26\.1\.0 .*$/,
      );
    });

    it('--old or --new matching no environment, or several', async () => {
      await refused(
        [at('both.jsonl'), '--old', 'v20'],
        /^asyncmark: --old: "v20" is not allowed; expected text found in the label of one environment of .*both\.jsonl: node v22\.12\.0 .*; node v26\.1\.0 .*$/,
      );
      await refused(
        [at('three.jsonl'), '--old', 'v22', '--new', 'v2'],
        /^asyncmark: --new: "v2" is not allowed; expected text found in the label of exactly one environment of .*three\.jsonl; it is in 3: /,
      );
      await refused(
        [at('old.jsonl'), at('new.jsonl'), '--new', 'v22'],
        /^asyncmark: --new: "v22" is not allowed; expected text found in the label of one environment of .*new\.jsonl: node v26\.1\.0 /,
      );
      await refused(
        [at('both.jsonl'), '--old', 'v22', '--new', 'V22.12'],
        /^asyncmark: --new: "V22\.12" is not allowed; expected an environment other than the one --old chose \(node v22\.12\.0 on Fixture CPU @ 2\.00GHz\)$/,
      );
      await refused([at('both.jsonl'), '--old', ''], /^asyncmark: --old: "" is not allowed; expected text found in an environment label, e\.g\. v22$/);
    });

    it('a file of several environments among two files, without --old or --new', async () => {
      await refused(
        [at('both.jsonl'), at('new.jsonl')],
        /^asyncmark: --old: not given; expected text that names one of these environments of .*both\.jsonl: node v22\.12\.0 .*; node v26\.1\.0 /,
      );
    });

    it('no cell in common', async () => {
      const errors = write('errors.jsonl', sessionLines({ scenario: 'doxbee-errors', env: { node: 'v26.1.0' }, examples: { 'callbacks-original': 100 } }));
      await refused(
        [at('old.jsonl'), errors],
        /^asyncmark: NEW: ".*errors\.jsonl" is not allowed; expected runs of at least one cell \(scenario, example, parameters\) that OLD has too; it has 2 cells, OLD 8, none in common$/,
      );
      const mixed = write('mixed.jsonl', [
        ...old,
        ...sessionLines({ scenario: 'doxbee-errors', env: { node: 'v26.1.0' }, examples: { 'callbacks-original': 100 } }),
      ]);
      await refused(
        [mixed],
        /^asyncmark: FILE: ".*mixed\.jsonl" is not allowed; expected two environments that share at least one cell .*; old has 8 cells, new 2, none in common$/,
      );
    });

    it('a --basis, --baseline or A/B example it cannot take', async () => {
      await refused(
        [at('old.jsonl'), at('new.jsonl'), '--basis', 'median'],
        /^asyncmark: --basis: "median" is not allowed; expected one of baseline, shift, absolute$/,
      );
      await refused(
        [at('old.jsonl'), at('new.jsonl'), '--measure', 'instructions', '--basis', 'shift'],
        /^asyncmark: --basis: "shift" is not allowed; expected nothing with --measure instructions: counts are judged as counts, against their spread$/,
      );
      await refused(
        [at('old.jsonl'), at('new.jsonl'), '--baseline', 'promises-when'],
        /^asyncmark: --baseline: "promises-when" is not allowed; expected an example that ran on either side: /,
      );
      await refused([at('old.jsonl'), '--old-example', 'async-await'], /^asyncmark: --new-example: not given; expected it beside --old-example, /);
      await refused(
        [at('old.jsonl'), '--old-example', 'async-await', '--new-example', 'promises-when'],
        /^asyncmark: --new-example: "promises-when" is not allowed; expected an example that ran in .*old\.jsonl: callbacks-original; async-await; /,
      );
      await refused(
        [at('old.jsonl'), '--old-example', 'async-await', '--new-example', 'async-await'],
        /^asyncmark: --new-example: "async-await" is not allowed; expected an example other than --old-example$/,
      );
      await refused(
        [at('old.jsonl'), at('new.jsonl'), '--old-example', 'async-await', '--new-example', 'callbacks-original'],
        /^asyncmark: NEW: ".*new\.jsonl" is not allowed; expected nothing with --old-example and --new-example: an A\/B session is one file$/,
      );
      await refused(
        [at('both.jsonl'), '--old-example', 'async-await', '--new-example', 'callbacks-original'],
        /^asyncmark: FILE: ".*both\.jsonl" is not allowed; expected a results file of one environment with --old-example and --new-example; it holds 2: /,
      );
      await refused(
        [at('old.jsonl'), '--old-example', 'async-await', '--new-example', 'callbacks-original', '--basis', 'baseline'],
        /^asyncmark: --basis: "baseline" is not allowed; expected absolute or nothing with --old-example and --new-example: /,
      );
      await refused(
        [at('old.jsonl'), '--old-example', 'async-await', '--new-example', 'callbacks-original', '--old', 'v22'],
        /^asyncmark: --old: "v22" is not allowed; expected nothing beside --old-example and --new-example, /,
      );
    });

    it('an unknown format', async () => {
      await refused(
        [at('old.jsonl'), at('new.jsonl'), '--format', 'pdf'],
        /^asyncmark: --format: "pdf" is not allowed; expected one of table, markdown, csv, json$/,
      );
    });
  });
});

describe('asyncmark report of files from different runtimes and machines', function () {
  this.timeout(60000);
  let dir;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncmark-merge-'));
  });

  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps each environment apart: a section each, with the ratios of its own runs', async () => {
    // A laptop on Node 22; a server on Node 22 and 26, where async-await costs twice callbacks.
    const envs = [
      { env: { cpu: 'Laptop CPU' }, examples: { 'callbacks-original': 100, 'async-await': 130 }, seed: 11 },
      { env: { cpu: 'Server CPU' }, examples: { 'callbacks-original': 50, 'async-await': 65 }, seed: 12 },
      { env: { cpu: 'Server CPU', node: 'v26.1.0' }, examples: { 'callbacks-original': 5, 'async-await': 10 }, seed: 13 },
    ].map((options) => ({ ...options, lines: sessionLines({ ...options, ns: [1000] }) }));
    const laptop = path.join(dir, 'laptop.jsonl');
    const server = path.join(dir, 'server.jsonl');
    for (const [file, lines] of [
      [laptop, envs[0].lines],
      [server, [...envs[1].lines, ...envs[2].lines]],
    ]) {
      assert.deepEqual(parseResults(jsonl(lines), file, { drivers }).skipped, []);
      fs.writeFileSync(file, jsonl(lines));
    }
    const out = path.join(dir, 'report');
    const { code, stderr } = await runCli('report', '--in', laptop, '--in', server, '--out', out);
    assert.equal(stderr, '');
    assert.equal(code, 0);
    const page = fs.readFileSync(path.join(out, 'README.md'), 'utf8');
    // Named by what they are, the CPU only where it tells two apart.
    assert.match(page, /\| node 22 on Laptop CPU \| node(?: [\d.]+)? \| v22\.12\.0 \| .* \| Laptop CPU \| .* \| 10 \|/);
    assert.match(page, /\| node 22 on Server CPU \| node(?: [\d.]+)? \| v22\.12\.0 \| .* \| Server CPU \| .* \| 10 \|/);
    assert.match(page, /\| node 26 \| node(?: [\d.]+)? \| v26\.1\.0 \| .* \| Server CPU \| .* \| 10 \|/);
    const headings = [...page.matchAll(/^### (doxbee-sequential on .*)$/gm)].map((m) => m[1]);
    assert.deepEqual(headings, ['doxbee-sequential on node 22 on Laptop CPU', 'doxbee-sequential on node 22 on Server CPU', 'doxbee-sequential on node 26']);
    // Each section's numbers are those of its environment's runs alone.
    envs.forEach(({ lines }, index) => {
      const section = page.slice(page.indexOf(`### ${headings[index]}`), index + 1 < headings.length ? page.indexOf(`### ${headings[index + 1]}`) : undefined);
      const times = (example) => lines.filter((l) => l.example === example).map((l) => l.metrics.wallMs);
      const base = show.number(stats.mean(times('callbacks-original')));
      const ratio = show.number(stats.ratio(times('async-await'), times('callbacks-original')).ratio);
      assert.ok(section.includes(`| callbacks-original (baseline) | ${base} ms (`), `env ${index + 1}: ${base} ms`);
      assert.ok(section.includes(`| async-await | `) && section.includes(`| ${ratio}× (`), `env ${index + 1}: ${ratio}×`);
    });
    assert.match(page, /^- .*laptop\.jsonl: 10 lines, 10 runs used$/m);
    assert.match(page, /^- .*server\.jsonl: 20 lines, 20 runs used$/m);
  });
});
