'use strict';

// The count audit's table (npm run count-audit): pure. Per example, the
// tool's instructions per upload and the audit's, each summed up two ways
// from its batches' counts, and the ratios to the first example's.
// - steady: the tool's headline rule (lib/runner/steady-count.js), the
//   mutator's work of the least batch plus the collector's mean; applied to
//   the audit's batches too, so that the two harnesses are compared by one rule;
// - mean: every counted batch's whole count averaged, recompilations
//   included, with the audit's two halves beside it: halves more than
//   AGREE apart say that its window was too short for a mean to settle.
// Two figures more than AGREE apart are not one figure: the ratio is
// printed as the range of the two, flagged.

const { formatRows } = require('../../lib/report/render/rows');

const AGREE = 0.05;

/** How far apart two counts are, relative to the smaller: |a - b| / min(a, b). */
function apart(a, b) {
  return Math.abs(a - b) / Math.min(a, b);
}

// How far apart, as text, flagged past AGREE.
const apartText = (a, b) => `${(100 * apart(a, b)).toFixed(1)}%${apart(a, b) > AGREE ? ' ≠' : ''}`;

// The part of a count in V8's optimizing compilers: 0% once the tier has settled.
const compiling = (c) => (Number.isFinite(c.compiler) ? `${Math.round((100 * c.compiler) / c.total)}%` : 'n/a');

// A count per invocation (an upload, for DoxBee), in thousands.
const thousands = (value) => (value === undefined ? 'n/a' : `${(value / 1000).toFixed(1)}k`);
const ratio = (value) => `${value.toFixed(2)}×`;

/**
 * A ratio the two harnesses give: one figure when they agree within AGREE,
 * else the range of the two, flagged.
 * @returns {{ text: string, agree: boolean }}
 */
function ratioOf(tool, audit) {
  if (apart(tool, audit) <= AGREE) return { text: ratio((tool + audit) / 2), agree: true };
  return { text: `${ratio(Math.min(tool, audit))}–${ratio(Math.max(tool, audit))} ≠`, agree: false };
}

// A count's mean, and for the audit its halves: "22.7k (25.3k | 20.2k ≠)".
function meanText(c) {
  if (!Number.isFinite(c.mean)) return 'n/a';
  if (!c.halves) return thousands(c.mean);
  const [first, second] = c.halves;
  return `${thousands(c.mean)} (${thousands(first)} | ${thousands(second)}${apart(first, second) > AGREE ? ' ≠' : ''})`;
}

/**
 * A ratio over several counts of it (the steady states counted): one figure
 * when they all lie within AGREE of each other, else their range, flagged.
 */
function rangeOf(values) {
  const least = Math.min(...values);
  const most = Math.max(...values);
  if (apart(least, most) <= AGREE) return ratio(values.reduce((a, b) => a + b, 0) / values.length);
  return `${ratio(least)}–${ratio(most)} ≠`;
}

/**
 * The rows of one runtime: per example its two counts by the steady rule
 * (total, and the collector's share) and by the mean, how far apart each
 * pair is, and its ratio to the baseline (the first example) both ways.
 * @param {{ examples: string[], tool: object, audit: object }} counts by example, per upload:
 *   { total, mutator, collector, compiler?, mean?, halves? }; total by the steady rule
 */
function auditRows({ examples, tool, audit, floor = null, perBatch = null }) {
  const [baseline] = examples;
  const rows = examples.map((name) => {
    const t = tool[name];
    const a = audit[name];
    if (!t || !a)
      return { example: name, tool: thousands(t && t.total), audit: thousands(a && a.total), apart: 'n/a', toolRatio: 'n/a', auditRatio: 'n/a', ratio: 'n/a' };
    const toolRatio = t.total / tool[baseline].total;
    const auditRatio = a.total / audit[baseline].total;
    const both = ratioOf(toolRatio, auditRatio);
    const share = (c) => `${Math.round((100 * c.collector) / c.total)}%`;
    return {
      example: name,
      compiling: `${compiling(t)} / ${compiling(a)}`,
      tool: `${thousands(t.total)} (GC ${share(t)})`,
      audit: `${thousands(a.total)} (GC ${share(a)})`,
      apart: apartText(t.total, a.total),
      ...(Number.isFinite(t.mean) && Number.isFinite(a.mean) ? { toolMean: meanText(t), auditMean: meanText(a), meanApart: apartText(t.mean, a.mean) } : {}),
      toolRatio: ratio(toolRatio),
      auditRatio: ratio(auditRatio),
      ratio: both.text,
      ...(perBatch && perBatch[name] ? statesOf(perBatch[name], perBatch[baseline], [toolRatio, auditRatio]) : {}),
      ...(floor ? aboveFloor(t.total, tool[baseline].total, floor.tool, a.total, audit[baseline].total, floor.audit) : {}),
    };
  });
  if (!floor) return rows;
  const row = (c) => `${thousands(c.total)} (GC ${Math.round((100 * c.collector) / c.total)}%)`;
  const floorRow = { example: `floor (${floor.name})`, tool: row(floor.tool), audit: row(floor.audit), apart: apartText(floor.tool.total, floor.audit.total) };
  return [...rows, floorRow];
}

// The audit's count made per batch, its ratio, and the range over every state counted.
function statesOf(count, baseline, ratios) {
  const own = count.total / baseline.total;
  return {
    perBatch: `${thousands(count.total)} (GC ${Math.round((100 * count.collector) / count.total)}%)`,
    perBatchRatio: ratio(own),
    states: rangeOf([...ratios, own]),
  };
}

// A count's ratio to the baseline's, each less the floor, both ways: the style's own work.
function aboveFloor(count, baseline, floorTool, auditCountOf, auditBaseline, floorAudit) {
  const tool = (count - floorTool.total) / (baseline - floorTool.total);
  const audit = (auditCountOf - floorAudit.total) / (auditBaseline - floorAudit.total);
  return { toolAbove: ratio(tool), auditAbove: ratio(audit), above: ratioOf(tool, audit).text };
}

const COLUMNS = [
  { key: 'example' },
  { key: 'tool', title: 'tool: steady' },
  { key: 'audit', title: 'audit: steady' },
  { key: 'apart', title: 'apart' },
  { key: 'toolMean', title: 'tool: mean' },
  { key: 'auditMean', title: 'audit: mean (halves)' },
  { key: 'meanApart', title: 'apart' },
  { key: 'compiling', title: 'V8 compiling (tool / audit)' },
  { key: 'toolRatio', title: '× baseline (tool)' },
  { key: 'auditRatio', title: '× baseline (audit)' },
  { key: 'ratio', title: '× baseline' },
];

const STATE_COLUMNS = [
  { key: 'perBatch', title: 'audit per batch: steady' },
  { key: 'perBatchRatio', title: '× baseline (per batch)' },
  { key: 'states', title: '× baseline, every state' },
];

const FLOOR_COLUMNS = [
  { key: 'toolAbove', title: 'above floor (tool)' },
  { key: 'auditAbove', title: 'above floor (audit)' },
  { key: 'above', title: '× baseline above floor' },
];

/** The table of one runtime, as text, with its heading and a line on what ≠ means. */
function auditTable({ runtime, settings, examples, tool, audit, floor = null, perBatch = null }) {
  const made = settings.states ? ', upload made once and per batch' : settings.perBatch ? ', upload made per batch' : '';
  const heading = `${runtime}: ${settings.scenario.name} n=${settings.n}; audit ${settings.batches} batches, the last ${settings.counted} counted${made}, V8 ${settings.flags.join(' ')}`;
  const note = [
    "Instructions per upload. steady: the least batch's work outside the collector plus the collector's mean (the tool's headline), the same rule for both harnesses; mean: every counted batch's whole count, recompilations included, and the audit's two halves.",
    `≠: more than ${AGREE * 100}% apart (two halves that far apart: the window was too short for its mean to settle); a ratio is then the range of the two, not one figure. A count is CPU work, not a time.`,
    "V8 compiling: the part of each count in V8's optimizing compilers (Compiler::CompileOptimized); above 0% the steady state is one where V8 compiles again and again, not a settled tier.",
  ].join('\n');
  const columns = [...COLUMNS, ...(perBatch ? STATE_COLUMNS : []), ...(floor ? FLOOR_COLUMNS : [])];
  const states = perBatch
    ? '\nper batch: the audit with its upload function and simulated I/O made afresh for every batch, as the tool makes them; every state: the ratio over the three counts.'
    : '';
  return `${heading}\n${formatRows(auditRows({ examples, tool, audit, floor, perBatch }), columns, 'table')}\n${note}${states}\n`;
}

module.exports = { AGREE, apart, ratioOf, rangeOf, auditRows, auditTable };
