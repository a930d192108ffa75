'use strict';

// The count audit's table (npm run count-audit): pure. Per example, the
// tool's instructions per upload and the audit's, their ratios to the first
// example's, and whether the two agree. Two figures more than AGREE apart are
// not one figure: the ratio is printed as the range of the two, flagged.

const { formatRows } = require('../../lib/report/render/rows');

const AGREE = 0.05;

/** How far apart two counts are, relative to the smaller: |a - b| / min(a, b). */
function apart(a, b) {
  return Math.abs(a - b) / Math.min(a, b);
}

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

/**
 * The rows of one runtime: per example its two counts (total, and the
 * collector's share), how far apart they are, and its ratio to the baseline
 * (the first example) both ways.
 * @param {{ examples: string[], tool: object, audit: object }} counts by example: { total, mutator, collector } per upload
 */
function auditRows({ examples, tool, audit, floor = null }) {
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
      apart: `${(100 * apart(t.total, a.total)).toFixed(1)}%${apart(t.total, a.total) > AGREE ? ' ≠' : ''}`,
      toolRatio: ratio(toolRatio),
      auditRatio: ratio(auditRatio),
      ratio: both.text,
      ...(floor ? aboveFloor(t.total, tool[baseline].total, floor.tool, a.total, audit[baseline].total, floor.audit) : {}),
    };
  });
  if (!floor) return rows;
  const row = (c) => `${thousands(c.total)} (GC ${Math.round((100 * c.collector) / c.total)}%)`;
  const apartFloor = apart(floor.tool.total, floor.audit.total);
  const floorRow = {
    example: `floor (${floor.name})`,
    tool: row(floor.tool),
    audit: row(floor.audit),
    apart: `${(100 * apartFloor).toFixed(1)}%${apartFloor > AGREE ? ' ≠' : ''}`,
  };
  return [...rows, floorRow];
}

// A count's ratio to the baseline's, each less the floor, both ways: the style's own work.
function aboveFloor(count, baseline, floorTool, auditCountOf, auditBaseline, floorAudit) {
  const tool = (count - floorTool.total) / (baseline - floorTool.total);
  const audit = (auditCountOf - floorAudit.total) / (auditBaseline - floorAudit.total);
  return { toolAbove: ratio(tool), auditAbove: ratio(audit), above: ratioOf(tool, audit).text };
}

const COLUMNS = [
  { key: 'example' },
  { key: 'tool', title: 'tool: instructions each' },
  { key: 'audit', title: 'audit: instructions each' },
  { key: 'apart', title: 'apart' },
  { key: 'compiling', title: 'V8 compiling (tool / audit)' },
  { key: 'toolRatio', title: '× baseline (tool)' },
  { key: 'auditRatio', title: '× baseline (audit)' },
  { key: 'ratio', title: '× baseline' },
];

const FLOOR_COLUMNS = [
  { key: 'toolAbove', title: 'above floor (tool)' },
  { key: 'auditAbove', title: 'above floor (audit)' },
  { key: 'above', title: '× baseline above floor' },
];

/** The table of one runtime, as text, with its heading and a line on what ≠ means. */
function auditTable({ runtime, settings, examples, tool, audit, floor = null }) {
  const heading = `${runtime}: ${settings.scenario.name} n=${settings.n}; audit ${settings.batches} batches, mean of the last ${settings.counted}${settings.perBatch ? ', upload made per batch' : ''}, V8 ${settings.flags.join(' ')}`;
  const note = [
    `≠: the two harnesses more than ${AGREE * 100}% apart; the ratio is then the range of the two, not one figure. A count is CPU work, not a time.`,
    "V8 compiling: the part of each count in V8's optimizing compilers (Compiler::CompileOptimized); above 0% the steady state is one where V8 compiles again and again, not a settled tier.",
  ].join('\n');
  const columns = floor ? [...COLUMNS, ...FLOOR_COLUMNS] : COLUMNS;
  return `${heading}\n${formatRows(auditRows({ examples, tool, audit, floor }), columns, 'table')}\n${note}\n`;
}

module.exports = { AGREE, apart, ratioOf, auditRows, auditTable };
