'use strict';

const assert = require('node:assert/strict');
const registries = require('../../examples');
const { summarize } = require('../../lib/summary');
const { scenarioSections } = require('../../lib/report/sections/scenarios');
const { oneGrid } = require('../../lib/report/sections/sessions');
const { exampleColors } = require('../../lib/report/charts/colors');
const { buildReport } = require('../../lib/report');
const { GENERATOR, DECLARATIONS, RESULTS, read } = require('./fixture-report');
const drivers = require('../../lib/drivers');

// A chart draws the grid of one session, or says what it pools. The planted
// input is the docs pipeline's: a main session at n = 100, 1000, 10000, a
// "context" session at n=800 and 1000 with slow, scattered runs, and a
// second session that ran exactly the main grid again.

const EXAMPLES = ['callbacks-original', 'promises-native'];
// A valid line of the report fixtures, for the fields a results file needs.
const TEMPLATE = JSON.parse(read(RESULTS).text.split('\n')[0]);
const PARAMS = { t: 1, latency: 'constant', e: 0, seed: 1 };

function sessionRuns(session, ns, wall, extra = {}) {
  const runs = [];
  for (const example of EXAMPLES) {
    for (const n of ns) {
      for (let run = 0; run < 3; run++) {
        runs.push({
          ...TEMPLATE,
          session,
          time: '2025-01-01T00:00:00.000Z',
          scenario: 'doxbee-sequential',
          problem: 'doxbee',
          driver: 'batch',
          example,
          params: { n, ...PARAMS, ...extra },
          run,
          status: 'ok',
          error: null,
          baseline: 'callbacks-original',
          metrics: { ...TEMPLATE.metrics, wallMs: wall(n, run) },
          env: { ...TEMPLATE.env, node: 'v26', cpu: 'test' },
        });
      }
    }
  }
  return runs;
}

const MAIN = sessionRuns('main', [100, 1000, 10000], (n, run) => n * 0.01 + run * 0.01);
const CONTEXT = sessionRuns('context', [800, 1000], (n, run) => (run === 0 ? 0.5 : n * 0.05));
const AGAIN = sessionRuns('again', [100, 1000, 10000], (n, run) => n * 0.01 + run * 0.02);

function sectionsOf(runs, { withRuns = true } = {}) {
  const summary = summarize(runs, { drivers, registries });
  const envs = summary.envs.map((env, i) => ({ ...env, id: `env ${i + 1}`, label: env.key }));
  const look = { colors: exampleColors(new Set(EXAMPLES), registries), ...DECLARATIONS };
  const queued = [];
  const addChart = (name, kind, spec) => {
    queued.push({ name, kind, spec });
    return { name, kind, title: spec.title.text, svg: null };
  };
  scenarioSections(summary, envs, look, addChart, withRuns ? runs : undefined);
  return queued;
}

// Every n a chart against n draws, across its panels.
function drawnNs(spec) {
  return [...new Set(spec.concat.flatMap((panel) => panel.data.values.map((v) => v.n)))].sort((a, b) => a - b);
}

describe('report: a chart draws one session grid or says what it pools', () => {
  it('keeps the largest grid and names the session it leaves out', () => {
    const at = { env: 'v26 on test', scenario: 'doxbee-sequential', params: { n: 100, ...PARAMS }, baseline: 'callbacks-original' };
    const { cells, notes } = oneGrid([...MAIN, ...CONTEXT], at, { drivers, registries });
    assert.deepEqual(
      [...new Set(cells.map((c) => c.params.n))].sort((a, b) => a - b),
      [100, 1000, 10000],
    );
    // The n=1000 cell holds the main session's three runs, not the context's six.
    assert.deepEqual(cells.find((c) => c.example === 'promises-native' && c.params.n === 1000).runs, 3);
    assert.deepEqual(notes, ["One session's grid; left out: 12 runs of 1 other session (n=800, 1000)."]);
  });

  it('pools sessions that ran the same grid, and says so', () => {
    const at = { env: 'v26 on test', scenario: 'doxbee-sequential', params: { n: 100, ...PARAMS }, baseline: 'callbacks-original' };
    const { cells, notes } = oneGrid([...MAIN, ...AGAIN, ...CONTEXT], at, { drivers, registries });
    assert.equal(cells.find((c) => c.params.n === 1000).runs, 6);
    assert.equal(notes[0], 'Pools 2 bench sessions that ran this same grid.');
    assert.match(notes[1], /left out: 12 runs of 1 other session/);
  });

  it('draws the time against n chart without the other step, its band from one session', () => {
    const time = sectionsOf([...MAIN, ...CONTEXT]).find((chart) => chart.kind === 'time');
    assert.deepEqual(drawnNs(time.spec), [100, 1000, 10000]);
    assert.ok(time.spec.title.subtitle.some((line) => line.includes('left out: 12 runs')));
    // Every band lies within the main session's runs (the context's 0.5 ms run is not in it).
    const lows = time.spec.concat.flatMap((panel) => panel.data.values.map((v) => v.low));
    assert.ok(Math.min(...lows) > 0.9, `lowest band ${Math.min(...lows)}`);
  });

  it('draws no line where no session ran two values of n', () => {
    const runtimesStep = sessionRuns('runtimes', [10000], (n) => n * 0.01);
    const contextStep = sessionRuns('context', [800], (n) => n * 0.01);
    assert.deepEqual(
      sectionsOf([...runtimesStep, ...contextStep]).filter((chart) => chart.kind === 'time'),
      [],
    );
    // Pooled, the two steps made a line from n=800 to n=10000.
    assert.equal(sectionsOf([...runtimesStep, ...contextStep], { withRuns: false }).filter((chart) => chart.kind === 'time').length, 1);
  });

  it('catches the planted pooled chart: without the runs, the context step sits in the lines', () => {
    const time = sectionsOf([...MAIN, ...CONTEXT], { withRuns: false }).find((chart) => chart.kind === 'time');
    assert.deepEqual(drawnNs(time.spec), [100, 800, 1000, 10000]);
  });

  it('says in the forest plot when a cell pools several sessions', () => {
    const pooled = sectionsOf([...MAIN, ...AGAIN]).filter((chart) => chart.kind === 'forest');
    assert.ok(pooled.length > 0);
    for (const chart of pooled) assert.ok(chart.spec.title.subtitle.includes('Pools the runs of up to 2 bench sessions per example, as the tables do.'));
    const single = sectionsOf(MAIN).filter((chart) => chart.kind === 'forest');
    for (const chart of single) assert.ok(!chart.spec.title.subtitle.some((line) => line.startsWith('Pools')));
  });

  it('says in the runtimes chart when its cells pool several sessions', async function () {
    this.timeout(20000);
    // In the main session, as --runtime makes them: runtimes are compared within a session.
    const node24 = MAIN.map((run) => ({ ...run, env: { ...run.env, node: 'v24' } }));
    const report = async (runs) => {
      const text = runs.map((run) => JSON.stringify(run)).join('\n');
      const { files } = await buildReport({
        results: [{ name: 'r.jsonl', text }],
        complexity: null,
        debuggability: null,
        format: 'markdown',
        ...DECLARATIONS,
        generator: GENERATOR,
      });
      return files.find((f) => f.name.endsWith('-runtimes.svg')).content;
    };
    assert.match(await report([...MAIN, ...AGAIN, ...node24]), /Pools the runs of up to 2 bench sessions per example/);
    assert.doesNotMatch(await report([...MAIN, ...node24]), /Pools the runs/);
  });

  it('says in the context chart when its cells pool several sessions', async function () {
    this.timeout(20000);
    const context = (session) => [...sessionRuns(session, [800], (n) => n * 0.01), ...sessionRuns(session, [800], (n) => n * 0.012, { context: 'als' })];
    const chart = async (runs) => {
      const text = runs.map((run) => JSON.stringify(run)).join('\n');
      const { files } = await buildReport({
        results: [{ name: 'r.jsonl', text }],
        complexity: null,
        debuggability: null,
        format: 'markdown',
        ...DECLARATIONS,
        generator: GENERATOR,
      });
      return files.find((f) => f.name.endsWith('-context.svg')).content;
    };
    assert.match(await chart([...context('one'), ...context('two')]), /Pools the runs of up to 2 bench sessions per example/);
    assert.doesNotMatch(await chart(context('one')), /Pools the runs/);
  });
});
