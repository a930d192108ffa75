'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { locateCalls } = require('../../metrics/debuggability/locate');
const { parseStack, measureTrace } = require('../../metrics/debuggability/stack');
const { probeOutcome } = require('../../metrics/debuggability/run');
const { grade } = require('../../metrics/debuggability/grade');
const { probe } = require('../../metrics/debuggability/probe');
const { probedProblems } = require('../../metrics/debuggability/problems');
const { CASES } = require('../../metrics/debuggability/cases');
const { SETTING_NAMES } = require('../../metrics/debuggability/stack-settings');
const { debuggabilityRows, caseCell } = require('../../lib/report/sections/debuggability-rows');
const { callSites } = require('../../examples/doxbee/probe');
const { render } = require('../../bench/commands/debuggability');
const fixtures = require('../fixtures/debuggability');

const ROOT = path.join(__dirname, '..', '..');

// The lines of a fixture that carry a marker comment, 1-based.
function markedLines(file, marker) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, i) => (text.includes(marker) ? [i + 1] : []));
}

function assertGone(pid) {
  assert.equal(typeof pid, 'number');
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `child ${pid} is still running`);
}

describe('debuggability: locating the failing call', () => {
  it('spans a chained call from its start to .execWithin, with its await', () => {
    const source = ['async function f() {', '  await FileVersion', '    .insert({ a: 1 })', '    .execWithin(tx);', '}'].join('\n');
    assert.deepEqual(locateCalls(source, 'fileVersion.insert', callSites), [{ start: 2, end: 4 }]);
  });

  it('leaves out a callback passed to .execWithin', () => {
    const source = ['FileVersion.insert({ a: 1 }).execWithin(tx, function (err) {', '  if (err) return done(err);', '  done();', '});'].join('\n');
    assert.deepEqual(locateCalls(source, 'fileVersion.insert', callSites), [{ start: 1, end: 1 }]);
  });

  it('finds the call through a member (this.FileVersion) and a query kept in a variable', () => {
    const source = ['function f() {', '  const q = this.FileVersion.insert({});', '  log();', '  q.execWithin(tx, cb);', '}'].join('\n');
    assert.deepEqual(locateCalls(source, 'fileVersion.insert', callSites), [
      { start: 2, end: 2 },
      { start: 4, end: 4 },
    ]);
  });

  it('parses syntax esprima 4 does not know, and returns nothing when the call is absent', () => {
    assert.deepEqual(locateCalls('const a = { ...b }; x?.y;', 'fileVersion.insert', callSites), []);
  });

  it('finds the marked lines of the fixture', () => {
    const [start, end] = markedLines(fixtures.knownLine.file, '@failing-call');
    assert.deepEqual(locateCalls(fs.readFileSync(fixtures.knownLine.file, 'utf8'), 'fileVersion.insert', callSites), [{ start, end }]);
  });

  it('refuses an operation it has no call site for', () => {
    assert.throws(() => locateCalls('', 'blob.nothing', callSites), RangeError);
  });

  it("takes the call sites of the problem probed, not every problem's", () => {
    const source = 'Ledger.append(entry).commitWithin(tx);';
    const ledger = { 'ledger.append': { object: 'Ledger', method: 'append', then: 'commitWithin' } };
    assert.deepEqual(locateCalls(source, 'ledger.append', ledger), [{ start: 1, end: 1 }]);
    assert.throws(() => locateCalls(source, 'fileVersion.insert', ledger), /op must be one of ledger\.append; got fileVersion\.insert/);
  });
});

describe('debuggability: the problems probed', () => {
  it('finds every problem that has an examples/<problem>/probe.js', () => {
    const examples = path.join(ROOT, 'examples');
    const withProbe = fs
      .readdirSync(examples)
      .filter((name) => fs.existsSync(path.join(examples, name, 'probe.js')))
      .sort();
    const problems = probedProblems();
    assert.deepEqual(Object.keys(problems), withProbe);
    assert.ok(withProbe.includes('doxbee'));
    for (const spec of Object.values(problems)) assert.deepEqual(Object.keys(spec).sort(), ['args', 'callSites', 'op', 'options']);
  });

  it('refuses a problem without a probe.js by the problems it has', async () => {
    await assert.rejects(probe([], { problem: 'fib' }), /problem must be one of doxbee(, .*)?; got fib/);
  });
});

describe('debuggability: reading a stack', () => {
  const file = '/app/examples/doxbee/x.js';
  const caller = '/app/metrics/probe-child.js';
  const stack = [
    'InjectedError: fileVersion.insert failed',
    '    at Engine.complete (/app/lib/fakes/engine.js:160:27)',
    '    at Immediate.fire [as _onImmediate] (/app/lib/fakes/engine.js:128:12)',
    '    at process.processImmediate (node:internal/timers:483:21)',
    'From previous event:',
    '    at /app/examples/doxbee/x.js:44:14',
    '    at new Promise (<anonymous>)',
    '    at async upload (file:///app/examples/doxbee/x.js:50:3)',
    '    at startUpload (/app/metrics/probe-child.js:67:3)',
  ].join('\n');

  it('parses named, anonymous, async, native and file-URL frames and counts earlier events', () => {
    const frames = parseStack(stack);
    assert.equal(frames.length, 7);
    assert.deepEqual(frames[1], { fn: 'Immediate.fire [as _onImmediate]', file: '/app/lib/fakes/engine.js', line: 128, column: 12, async: false, event: 0 });
    assert.deepEqual(frames[3], { fn: null, file, line: 44, column: 14, async: false, event: 1 });
    assert.deepEqual(frames[4], { fn: 'new Promise', file: '<anonymous>', line: null, column: null, async: false, event: 1 });
    assert.equal(frames[5].file, file);
    assert.equal(frames[5].async, true);
  });

  it('measures the distance of the nearest frame, 0 inside the call', () => {
    const inside = measureTrace(stack, { file, ranges: [{ start: 43, end: 44 }], callerFile: caller });
    assert.equal(inside.distance, 0);
    assert.equal(inside.namesFile, true);
    assert.equal(inside.reach, 'caller');
    const away = measureTrace(stack, { file, ranges: [{ start: 40, end: 41 }], callerFile: caller });
    assert.equal(away.distance, 3);
    assert.equal(away.nearestLine, 44);
  });

  it('tells a trace cut at the event loop: no example frame, ends in timers', () => {
    const cut = stack.split('From previous event:')[0];
    const measured = measureTrace(cut, { file, ranges: [{ start: 44, end: 44 }], callerFile: caller });
    assert.equal(measured.namesFile, false);
    assert.equal(measured.distance, null);
    assert.equal(measured.reach, 'none');
    assert.equal(measured.endsIn, 'process.processImmediate (node:internal/timers:483)');
  });

  it('gives no distance when the call was not located', () => {
    const measured = measureTrace(stack, { file, ranges: [], callerFile: caller });
    assert.equal(measured.namesFile, true);
    assert.equal(measured.distance, null);
    assert.equal(caseCell({ outcome: 'caller', distance: null, namesFile: true, end: 'done' }), 'caller ?');
  });
});

describe('debuggability: outcome and grade', () => {
  it('names what happened from what the child reported', () => {
    assert.equal(probeOutcome({ events: [{ type: 'unhandled' }, { type: 'caller' }], end: 'done' }), 'unhandled');
    assert.equal(probeOutcome({ events: [], end: 'timeout' }), 'hung');
    assert.equal(probeOutcome({ events: [], end: 'done' }), 'silent');
    assert.equal(probeOutcome({ events: [], end: 'exit' }), 'crash');
  });

  // Runs of every setting and graded case, with the given distance per
  // setting and case (undefined: the file is not named).
  function runsWith(distances, outcome = 'caller') {
    const runs = [];
    for (const setting of SETTING_NAMES) {
      for (const c of CASES.filter((k) => k.graded)) {
        const distance = distances[setting]?.[c.key];
        runs.push({ setting, case: c.key, outcome, namesFile: distance !== undefined, distance: distance ?? null });
      }
    }
    return runs;
  }
  const all = { 'callback/timer': 0, 'callback/continuation': 0, sync: 0 };

  it('5: the line under every setting', () => {
    assert.equal(grade(runsWith({ none: all, node: all, long: all })).grade, 5);
  });

  it('4: the line by default, on a sync throw and in one placement', () => {
    const byDefault = { 'callback/continuation': 0, sync: 0 };
    assert.equal(grade(runsWith({ none: { sync: 0 }, node: byDefault, long: byDefault })).grade, 4);
    assert.equal(grade(runsWith({ none: { sync: 0 }, node: all, long: all })).grade, 4);
  });

  it('3: the line only with long stack traces', () => {
    const result = grade(runsWith({ none: { sync: 0 }, node: { sync: 0 }, long: all }));
    assert.equal(result.grade, 3);
    assert.match(result.reason, /long stack traces/);
  });

  it('2: the file or the line somewhere, never enough', () => {
    const onlySync = grade(runsWith({ none: { sync: 0 }, node: { sync: 0 }, long: { sync: 0 } }));
    assert.deepEqual(onlySync, { grade: 2, reason: 'failing line named only in: sync' });
    const nearby = grade(runsWith({ long: { 'callback/timer': 7 } }));
    assert.equal(nearby.grade, 2);
    assert.match(nearby.reason, /not the line named in: callback\/timer \(long\)/);
  });

  it('1: the file never named; a trace that did not surface does not count', () => {
    assert.equal(grade(runsWith({})).grade, 1);
    assert.equal(grade(runsWith({ none: all, node: all, long: all }, 'hung')).grade, 1);
  });

  it('ignores the ungraded timer cases', () => {
    const runs = runsWith({ none: all, node: all, long: all });
    runs.push({ setting: 'node', case: 'timer/timer', outcome: 'uncaught', namesFile: false, distance: null });
    assert.equal(grade(runs).grade, 5);
  });

  it('under a runtime that cannot apply none: graded on the settings it applies, and says so', () => {
    const runs = runsWith({ node: all, long: all }).filter((r) => r.setting !== 'none');
    const result = grade(runs, { notApplied: ['none'] });
    assert.equal(result.grade, 5);
    assert.equal(result.reason, 'failing line named in every graded case under every setting applied (none: cannot be applied under this runtime, not run)');
    const partial = grade(
      runsWith({ node: { sync: 0 }, long: { sync: 0 } }).filter((r) => r.setting !== 'none'),
      { notApplied: ['none'] },
    );
    assert.deepEqual(partial, { grade: 2, reason: 'failing line named only in: sync (none: cannot be applied under this runtime, not run)' });
    // Without notApplied the same runs are simply not enough.
    assert.equal(grade(runs).grade, null);
  });

  it('gives no grade under a runtime that cannot apply node or long, which the grades rest on', () => {
    const runs = runsWith({ none: all }).filter((r) => r.setting === 'none');
    assert.deepEqual(grade(runs, { notApplied: ['node', 'long'] }), { grade: null, reason: 'not graded: node and long cannot be applied under this runtime' });
  });

  it('gives no grade without every graded case under every setting', () => {
    const runs = runsWith({ none: all, node: all, long: all }).filter((r) => !(r.setting === 'long' && r.case === 'sync'));
    assert.equal(grade(runs).grade, null);
    assert.match(grade(runs).reason, /^not graded/);
  });
});

describe('debuggability: probing in child processes', function () {
  this.timeout(20000);

  it('measures a fixture whose failing line is known, under each setting', async () => {
    const report = await probe([fixtures.knownLine], { cases: ['callback/timer', 'callback/continuation', 'sync'] });
    const [example] = report.examples;
    const [start, end] = markedLines(fixtures.knownLine.file, '@failing-call');
    assert.deepEqual(example.failingCall.ranges, [{ start, end }]);
    const run = (setting, kase) => example.runs.find((r) => r.setting === setting && r.case === kase);
    for (const r of example.runs) {
      assert.equal(r.outcome, 'caller', `${r.setting} ${r.case}`);
      assert.equal(r.injected, true);
      assertGone(r.pid);
    }
    // The error created in the raw timer carries no frame of the example.
    assert.equal(run('node', 'callback/timer').namesFile, false);
    assert.equal(run('node', 'callback/timer').reach, 'none');
    // Created in an async continuation awaited by the example: only V8's
    // async stack traces name the awaiting line.
    assert.equal(run('node', 'callback/continuation').distance, 0);
    assert.match(run('node', 'callback/continuation').stack, /at async upload /);
    assert.equal(run('none', 'callback/continuation').namesFile, false);
    // A synchronous throw at the call is on the example's own stack.
    for (const setting of SETTING_NAMES) assert.equal(run(setting, 'sync').distance, 0);
    assert.equal(example.grade, 4);
  });

  it('reports crashes, hangs, silence and missing files without failing, and leaves no child behind', async () => {
    const entries = [fixtures.crashesAtLoad, fixtures.exits, fixtures.hangs, fixtures.swallows, fixtures.missing];
    const report = await probe(entries, { settings: ['node'], cases: ['callback/timer'], timeoutMs: 2000 });
    const byName = Object.fromEntries(report.examples.map((e) => [e.name, e]));

    const atLoad = byName['crashes-at-load'].runs[0];
    assert.equal(atLoad.outcome, 'crash');
    assert.match(atLoad.detail, /exit code 1: .*fixture broken at load/);

    const exited = byName.exits.runs[0];
    assert.equal(exited.outcome, 'crash');
    assert.match(exited.detail, /^exit code 7/);

    const hung = byName.hangs.runs[0];
    assert.equal(hung.outcome, 'hung');
    assert.equal(hung.end, 'timeout');
    assert.equal(caseCell(hung), 'T/O');

    assert.equal(byName.swallows.runs[0].outcome, 'silent');

    assert.equal(byName['not-written-yet'].status, 'missing');
    assert.deepEqual(byName['not-written-yet'].runs, []);
    assert.equal(byName['not-written-yet'].grade, null);

    for (const example of report.examples) {
      for (const run of example.runs) assertGone(run.pid);
      if (example.status === 'probed') assert.equal(example.grade, null, 'one case under one setting is not enough to grade');
    }
    const rows = debuggabilityRows(report);
    assert.equal(rows.find((r) => r.example === 'not-written-yet')['callback/timer'], 'missing');
  });
});

describe('asyncmark debuggability', () => {
  it('refuses an unknown example with one line and exit code 2', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'bench', 'cli.js'), 'debuggability', '--examples', 'no-such-style'], { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^asyncmark: --examples: "no-such-style" is not allowed/);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.equal(result.stdout, '');
  });

  it('reports an example that cannot run here with its reason, and runs nothing for it', async () => {
    const reason = 'npm install x fails: it does not compile';
    const unavailable = { ...fixtures.knownLine, name: 'cannot-run', unavailable: reason };
    const report = await probe([unavailable], { settings: ['node'], cases: ['sync'] });
    const [example] = report.examples;
    assert.deepEqual([example.status, example.runs, example.grade, example.gradeReason], ['unavailable', [], null, reason]);
    const [row] = debuggabilityRows(report);
    assert.deepEqual([row.sync, row.reason], ['unavailable', reason]);
    assert.match(render(report, 'table'), /^cannot-run cannot run here \(not probed\): npm install x fails: it does not compile$/m);
  });

  it('reports an example in a syntax this node cannot parse UNSUPPORTED with the reason, and probes it where it can', async () => {
    const entry = require('../../examples/doxbee').examples.find((e) => e.name === 'async-await-using');
    const reason = require('../../lib/runtimes/syntax').lacking(entry.needs, null);
    const report = await probe([entry], { settings: ['none'], cases: ['sync'] });
    const [example] = report.examples;
    if (!reason) {
      assert.deepEqual([example.status, example.runs.length], ['probed', 1]);
      return;
    }
    assert.deepEqual([example.status, example.runs, example.grade, example.gradeReason], ['unsupported', [], null, reason]);
    assert.match(render(report, 'table'), new RegExp(`^async-await-using: UNSUPPORTED \\(not probed\\): needs \`using\``, 'm'));
  });

  it('renders a report as a table, csv and json', async () => {
    const report = await probe([fixtures.knownLine, fixtures.missing], { settings: ['none', 'node'], cases: ['callback/continuation', 'sync'] });
    const table = render(report, 'table');
    assert.match(table, /^example\s+setting\s+callback\/continuation\s+sync\s+to caller\s+grade\s+source maps$/m);
    // Not compiled, its own failing line named without source maps: source-map level 5.
    assert.match(table, /^known-line\s+node\s+caller 0\s+caller 0\s+0\/2\s+5$/m);
    assert.match(table, /^known-line\s+none\s+caller -\s+caller 0\s+0\/2\s+5$/m);
    assert.match(table, /known-line: not graded/);
    assert.match(table, /Missing example files \(not probed\): not-written-yet/);
    const csv = render(report, 'csv').split('\r\n');
    assert.equal(
      csv[0],
      'example,setting,callback/continuation outcome,callback/continuation distance,sync outcome,sync distance,to caller,grade,source maps,grade reason,source maps reason',
    );
    assert.match(
      csv[2],
      /^known-line,node,caller,0,caller,0,0\/2,,5,"not graded: .*","not compiled; its failing line named without source maps in: callback\/continuation, sync"$/,
    );
    const json = JSON.parse(render(report, 'json'));
    assert.equal(json.op, 'fileVersion.insert');
    // Without --runtime, no runtime anywhere: the output is what it always was.
    assert.ok(!('runtimes' in json));
    assert.ok(json.examples.every((e) => !('runtime' in e)));
    assert.doesNotMatch(table, /runtime|Stack settings under/);
    assert.deepEqual(
      json.examples.map((e) => e.status),
      ['probed', 'missing'],
    );
    assert.equal(json.examples[0].runs.length, 4);
  });
});
