'use strict';

// What cancellability costs a style: each cancellable variant of a registry
// (its entry's variantOf) beside the plain example it was made from, with
// what each does when its caller gives up and the tokens each takes to write.
// Pure: the measures are passed in.

const stats = require('./stats');
const { ratioDomain, ratioAxis, isFinitePositive } = require('./report/charts/vega');

/**
 * One row per cancellable variant, in registry order.
 * @param {object} registry a problem's registry (problem, examples)
 * @param {{ tokensOf: (entry) => number, outcomeOf: (entry) => string }} measures
 *   tokensOf: the file's tokens (metrics/complexity.js); outcomeOf: its cancel
 *   outcome (lib/conformance/cancel.js), n/a for a plain example with no means
 * @returns {object[]} { problem, family, plain, variant, plainOutcome, variantOutcome,
 *   plainTokens, variantTokens, extraTokens, ratio }
 */
function cancelCostRows(registry, { tokensOf, outcomeOf }) {
  const byName = new Map(registry.examples.map((entry) => [entry.name, entry]));
  return registry.examples
    .filter((entry) => entry.variantOf !== undefined)
    .map((variant) => {
      const plain = byName.get(variant.variantOf);
      const plainTokens = tokensOf(plain);
      const variantTokens = tokensOf(variant);
      return {
        problem: registry.problem,
        family: variant.family,
        plain: plain.name,
        variant: variant.name,
        plainOutcome: outcomeOf(plain),
        variantOutcome: outcomeOf(variant),
        plainTokens,
        variantTokens,
        extraTokens: variantTokens - plainTokens,
        ratio: variantTokens / plainTokens,
      };
    });
}

// Which side of a pair a run is: a variant's runs with a live signal (the
// batch driver's signal parameter) are what its cost is measured by; its runs
// without one are the variant "without a signal", the plain example's its own.
const SIGNALLED = '+signal';
function sideOf(run) {
  return run.params?.signal === 'live' ? `${run.example}${SIGNALLED}` : run.example;
}

// The runtime a run ran on, as its line names it: two sides are compared only on one.
const runtimeOf = (run) => run.env?.node ?? '';

/**
 * The runtime most of the runs ran on: the page's. A pair measured on another
 * (a variant in a syntax that runtime cannot parse) says which on its row.
 * @param {object[]} runs result lines
 * @returns {string} '' when none says
 */
function mainRuntime(runs) {
  const tally = new Map();
  for (const run of runs) tally.set(runtimeOf(run), (tally.get(runtimeOf(run)) ?? 0) + 1);
  return [...tally].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/**
 * The wall time of each variant, called with a live signal that never fires,
 * against its plain example's, per scenario and n, on one runtime (`node`,
 * as its runs name it), from the runs of one
 * session: stats.ratio's ratio of the means with its 95% interval, a time,
 * not a count; and, where the session also ran the variant without a signal,
 * the same against that (`unsignalled`), else null. A variant's runs without
 * a signal never stand for its cost. Where a pair ran in more than one
 * session, the newest session with two runs of each side is taken: runs of
 * two sessions, or of two runtimes in one session, are never pooled, since
 * the machine's state differs between them. Pure.
 * @param {object[]} rows cancelCostRows'
 * @param {object[]} runs result lines (lib/results): session, scenario, problem, example, params.n,
 *   params.signal, status, metrics.wallMs, env.node
 * @returns {{ scenario: string, n: number, variant: string, plain: string, node: string, ratio: object, unsignalled: object | null }[]}
 */
function timeRatios(rows, runs) {
  const timed = runs.filter((r) => r.status === 'ok' && Number.isFinite(r.metrics.wallMs));
  // A sitting: one session's runs on one runtime.
  const sessionOf = (run) => `${run.session ?? ''}|${runtimeOf(run)}`;
  const times = new Map();
  for (const run of timed) {
    const key = `${run.scenario}|${run.problem}|${run.params.n}|${sessionOf(run)}|${sideOf(run)}`;
    if (!times.has(key)) times.set(key, []);
    times.get(key).push(run.metrics.wallMs);
  }
  // Newest first: a session's name starts with its start time.
  const sessions = [...new Set(timed.map(sessionOf))].sort().reverse();
  const cells = [...new Set(timed.map((run) => `${run.scenario}|${run.problem}|${run.params.n}`))];
  const ratios = [];
  for (const cell of cells) {
    const [scenario, problem, n] = cell.split('|');
    for (const row of rows.filter((r) => r.problem === problem)) {
      // A ratio needs two runs of each side, for an interval.
      const enough = (session, side) => (times.get(`${cell}|${session}|${side}`) ?? []).length >= 2;
      const signalled = `${row.variant}${SIGNALLED}`;
      const session = sessions.find((s) => enough(s, signalled) && enough(s, row.plain));
      if (session === undefined) continue;
      const [variant, plain, without] = [signalled, row.plain, row.variant].map((side) => times.get(`${cell}|${session}|${side}`));
      const unsignalled = enough(session, row.variant) ? stats.ratio(variant, without) : null;
      const node = session.slice(session.lastIndexOf('|') + 1);
      ratios.push({ scenario, n: Number(n), variant: row.variant, plain: row.plain, node, ratio: stats.ratio(variant, plain), unsignalled });
    }
  }
  return ratios;
}

/**
 * The counted CPU work (valgrind instructions per upload, a count, not a
 * time) of each variant, called with a live signal, against its plain
 * example's, per scenario and n: the mean of each side's counted runs, and
 * where each side has two counts or more, the ratio of the means with its
 * 95% interval (stats.ratio; counts of several processes and sessions, as
 * the counts' method asks). unsignalledCount, the variant's mean without a
 * signal, or null. Pure.
 * @param {object[]} rows cancelCostRows'
 * @param {object[]} runs result lines with metrics.instructionsPerInvocation
 * plainMutator and variantMutator: the same of the mutator's part alone
 * (instructions outside V8's collections, which repeats across heap
 * histories where the total may not; docs/explanation/counted-work.md), null where a run
 * did not record it.
 * @returns {{ scenario: string, n: number, variant: string, plain: string, node: string, plainCount: number, variantCount: number,
 *   unsignalledCount: number|null, interval: object|null, plainMutator: number|null, variantMutator: number|null }[]}
 */
function workRatios(rows, runs) {
  const counts = new Map();
  const first = mainRuntime(runs);
  // The page's runtime first, then any other: a pair's counts are of one runtime.
  const runtimes = [...new Set([first, ...runs.map(runtimeOf)])];
  for (const run of runs.filter((r) => r.status === 'ok' && Number.isFinite(r.metrics.instructionsPerInvocation))) {
    const key = `${run.scenario}|${run.problem}|${run.params.n}|${runtimeOf(run)}|${sideOf(run)}`;
    if (!counts.has(key)) counts.set(key, []);
    counts.get(key).push(run.metrics);
  }
  const meanOf = (metrics, name) => (metrics.every((m) => Number.isFinite(m[name])) ? stats.mean(metrics.map((m) => m[name])) : null);
  const cells = [...new Set([...counts.keys()].map((key) => key.split('|').slice(0, 3).join('|')))];
  const found = [];
  for (const cell of cells) {
    const [scenario, problem, n] = cell.split('|');
    for (const row of rows.filter((r) => r.problem === problem)) {
      const node = runtimes.find((runtime) => counts.has(`${cell}|${runtime}|${row.variant}${SIGNALLED}`) && counts.has(`${cell}|${runtime}|${row.plain}`));
      if (node === undefined) continue;
      const variant = counts.get(`${cell}|${node}|${row.variant}${SIGNALLED}`);
      const plain = counts.get(`${cell}|${node}|${row.plain}`);
      const without = counts.get(`${cell}|${node}|${row.variant}`);
      const of = (metrics) => metrics.map((m) => m.instructionsPerInvocation);
      found.push({
        scenario,
        n: Number(n),
        variant: row.variant,
        plain: row.plain,
        node,
        plainCount: meanOf(plain, 'instructionsPerInvocation'),
        variantCount: meanOf(variant, 'instructionsPerInvocation'),
        unsignalledCount: without ? meanOf(without, 'instructionsPerInvocation') : null,
        interval: variant.length >= 2 && plain.length >= 2 ? stats.ratio(of(variant), of(plain)) : null,
        plainMutator: meanOf(plain, 'mutatorPerInvocation'),
        variantMutator: meanOf(variant, 'mutatorPerInvocation'),
      });
    }
  }
  return found;
}

/**
 * The rows as a markdown table, its generated-by line first, then what every
 * example does on cancel, the column a bench summary shows. Pure.
 * @param {object[]} rows cancelCostRows' of every problem
 * @param {string} firstLine the generated-by comment
 * @param {{ problem: string, example: string, outcome: string }[]} [every] each example's outcome
 * @param {{ ratios?: object[], work?: object[], provenance?: string, chart?: string, runtime?: string }} [time] timeRatios',
 *   workRatios', where and when the runs were made, the file name of their chart (cancelCostSpec), and the
 *   runtime of most runs (mainRuntime): a pair measured on another names it
 */
function renderCancelCost(rows, firstLine, every = [], { ratios = [], work = [], provenance = '', chart = null, runtime = '' } = {}) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const named = (variant, node) => `\`${variant}\`${onOther(node, runtime)}`;
  const lines = [
    firstLine,
    '# What cancellability costs each style',
    '',
    'Each cancellable variant beside the plain example it was made from: what each does when its caller gives up,',
    'judged by the cancel contract (docs/explanation/conformance.md), and the tokens each takes to write (metrics/complexity.js; a count, not a time).',
  ];
  for (const problem of [...new Set(rows.map((row) => row.problem))]) {
    lines.push(
      '',
      `## ${problem}`,
      '',
      line(['family', 'plain', 'on cancel', 'cancellable variant', 'on cancel', 'tokens', 'extra tokens']),
      line(['---', '---', '---', '---', '---', '---:', '---:']),
    );
    for (const row of rows.filter((r) => r.problem === problem)) {
      lines.push(
        line([
          row.family,
          `\`${row.plain}\``,
          row.plainOutcome,
          `\`${row.variant}\``,
          row.variantOutcome,
          `${row.plainTokens} → ${row.variantTokens}`,
          `+${row.extraTokens} (${row.ratio.toFixed(2)}×)`,
        ]),
      );
    }
  }
  if (ratios.length > 0) {
    lines.push(
      '',
      '# Time of each variant against its plain example',
      '',
      'Each variant called with a live signal that never fires, as a caller that may give up calls it (bench --signal live),',
      `against its plain example; after "/", against itself called without one, where the session ran it so.`,
      `Wall time, the ratio of the means with its 95% interval (≈: not significant). ${provenance}`,
    );
    if (chart) lines.push('', `![What cancellability costs in wall time, at each scenario's largest n](${chart})`);
    for (const scenario of [...new Set(ratios.map((r) => r.scenario))]) {
      const ns = [...new Set(ratios.filter((r) => r.scenario === scenario).map((r) => r.n))].sort((a, b) => a - b);
      lines.push('', `## ${scenario}`, '', line(['cancellable variant', 'plain', ...ns.map((n) => `n=${n}`)]), line(['---', '---', ...ns.map(() => '---:')]));
      const pairs = [...new Map(ratios.filter((r) => r.scenario === scenario).map((r) => [r.variant, r]))];
      for (const [variant, { plain, node }] of pairs) {
        const at = (n) => ratios.find((r) => r.scenario === scenario && r.n === n && r.variant === variant);
        const cell = (r) =>
          r ? `${ratioText(r.ratio)}${r.unsignalled ? ` / ${ratioText(r.unsignalled)}` : ''}${r.node === node ? '' : onOther(r.node, runtime)}` : '–';
        lines.push(line([named(variant, node), `\`${plain}\``, ...ns.map((n) => cell(at(n)))]));
      }
    }
  }
  if (work.length > 0) {
    lines.push(
      '',
      '# Counted CPU work of each variant against its plain example',
      '',
      "Instructions per upload under valgrind (a count, not a time), the mean of each side's counted runs, the variant's",
      'called with a live signal: all of them, with the 95% interval of the ratio where each side has two counts or more,',
      "and the mutator's alone (outside V8's collections), the part that repeats whatever the heap's history; then the",
      'variant against itself called without a signal, where it was counted so.',
    );
    lines.push(
      '',
      line(['scenario', 'n', 'cancellable variant', 'plain', 'instructions per upload', 'ratio', 'mutator', 'ratio', 'against no signal']),
      line(['---', '---:', '---', '---', '---:', '---:', '---:', '---:', '---:']),
    );
    const counts = (plain, variant) => `${Math.round(plain).toLocaleString('en-US')} → ${Math.round(variant).toLocaleString('en-US')}`;
    for (const r of work) {
      const mutator =
        r.plainMutator === null || r.variantMutator === null
          ? ['–', '–']
          : [counts(r.plainMutator, r.variantMutator), `${(r.variantMutator / r.plainMutator).toFixed(3)}×`];
      lines.push(
        line([
          r.scenario,
          r.n,
          named(r.variant, r.node),
          `\`${r.plain}\``,
          counts(r.plainCount, r.variantCount),
          r.interval ? countRatioText(r.interval) : `${(r.variantCount / r.plainCount).toFixed(3)}×`,
          ...mutator,
          r.unsignalledCount ? `${(r.variantCount / r.unsignalledCount).toFixed(3)}×` : '–',
        ]),
      );
    }
  }
  if (every.length > 0) lines.push('', '# On cancel, every example', '', 'The "on cancel" column of a bench summary, observed here for every example.');
  for (const problem of [...new Set(every.map((row) => row.problem))]) {
    lines.push('', `## ${problem}`, '', line(['example', 'on cancel']), line(['---', '---']));
    for (const row of every.filter((r) => r.problem === problem)) lines.push(line([`\`${row.example}\``, row.outcome]));
  }
  return `${lines.join('\n')}\n`;
}

// " (node v26.3.0)" after a pair measured on another runtime than the page's; nothing on the page's.
function onOther(node, runtime) {
  return node && node !== runtime ? ` (node ${node})` : '';
}

function countRatioText({ ratio, low, high, significant }) {
  return `${ratio.toFixed(3)}× (${low.toFixed(3)}–${high.toFixed(3)})${significant ? '' : ' ≈'}`;
}

function ratioText({ ratio, low, high, significant }) {
  return `${ratio.toFixed(2)}× (${low.toFixed(2)}–${high.toFixed(2)})${significant ? '' : ' ≈'}`;
}

// The chart's plot width and row height, in pixels: the value text sits to
// the right of the plot, so that 380 + the longest name fits a phone's
// screen scaled, and no two texts share a row.
const WIDTH = 300;
const ROW = 26;

/**
 * The chart of the time ratios: one panel per scenario, at its largest n, a
 * row per cancellable variant: a point for its mean wall time over its plain
 * example's, a bar for the 95% interval, hollow where the difference is not
 * significant, on a log axis with a rule at 1. Where and when the runs were
 * made is the page's to say. Pure: a Vega-Lite spec, or null when no ratio
 * can be drawn.
 * @param {object[]} ratios timeRatios'
 * @param {string} [runtime] the page's runtime (mainRuntime): a row measured on another names it
 */
function cancelCostSpec(ratios, runtime = '') {
  const drawn = ratios.filter((r) => isFinitePositive(r.ratio.ratio));
  if (drawn.length === 0) return null;
  const scenarios = [...new Set(drawn.map((r) => r.scenario))];
  const largest = new Map(scenarios.map((s) => [s, Math.max(...drawn.filter((r) => r.scenario === s).map((r) => r.n))]));
  const rows = drawn
    .filter((r) => r.n === largest.get(r.scenario))
    .map((r) => {
      const { ratio, low, high, significant } = r.ratio;
      const interval = isFinitePositive(low) && isFinitePositive(high);
      return {
        scenario: r.scenario,
        label: `${r.variant}${onOther(r.node, runtime)}`,
        ratio,
        low: interval ? low : null,
        high: interval ? high : null,
        same: significant === false,
        text: interval ? ratioText(r.ratio) : `${ratio.toFixed(2)}×`,
        description: `${r.variant} · ${ratio.toFixed(2)}× ${r.plain}'s mean wall time${significant === false ? ' · not significant (p ≥ 0.05)' : ''}`,
      };
    });
  const domain = ratioDomain(rows.flatMap((row) => [row.ratio, row.low, row.high]));
  const x = { field: 'ratio', ...ratioAxis(domain, "mean wall time ÷ its plain example's (log scale)") };
  const panel = (scenario) => {
    const here = rows.filter((row) => row.scenario === scenario);
    const y = {
      field: 'label',
      type: 'nominal',
      sort: here.map((row) => row.label),
      title: null,
      axis: { labelFontSize: 12, labelLimit: 400, labelPadding: 8, ticks: false, domain: false, grid: true, gridColor: '#f2f2f2' },
    };
    return {
      title: { text: `${scenario}, n=${largest.get(scenario)}`, fontSize: 13 },
      width: WIDTH,
      height: here.length * ROW,
      data: { values: here },
      layer: [
        { mark: { type: 'rule', color: '#555', strokeWidth: 1.5 }, encoding: { x: { datum: 1, type: 'quantitative' } } },
        {
          transform: [{ filter: 'isValid(datum.low)' }],
          mark: { type: 'rule', strokeWidth: 2.5, color: '#4c78a8' },
          encoding: { x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, y },
        },
        {
          mark: { type: 'point', filled: true, strokeWidth: 2, opacity: 1, size: 95, stroke: '#4c78a8' },
          encoding: {
            x,
            y,
            // Hollow (white) where the variant is not significantly different from its plain example.
            fill: { condition: { test: 'datum.same', value: 'white' }, value: '#4c78a8' },
            description: { field: 'description' },
          },
        },
        {
          mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: 11, color: '#333' },
          encoding: { x: { value: WIDTH + 10 }, y, text: { field: 'text' } },
        },
      ],
    };
  };
  return {
    title: {
      text: 'What cancellability costs in wall time',
      subtitle: [
        "Each cancellable variant's mean wall time over its plain example's, runs of one session.",
        'Point: the ratio; bar: its 95% interval; hollow: not significant (p ≥ 0.05).',
      ],
    },
    vconcat: scenarios.map(panel),
    spacing: 28,
    resolve: { scale: { x: 'shared' } },
    padding: 12,
  };
}

module.exports = { cancelCostRows, timeRatios, workRatios, renderCancelCost, cancelCostSpec, mainRuntime };
