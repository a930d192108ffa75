'use strict';

const { headlineCell, sameParams } = require('./cells');
const { summaryTable } = require('./summary-table');
const { scatterSpec } = require('../charts/scatter-plot');

// The report's opening: the headline cell, the three axes side by side there
// (tokens, time, memory, debuggability, and async context where measured),
// its forest plot again, and complexity against time when both are known.

/**
 * @param {object} summary lib/summary.js's
 * @param {Map<string, object>} envByKey the report's environments
 * @param {object[]} sections scenarioSections's, whose forest plots are reused
 * @param {{ context, complexity, debuggability }} more the other sections and the metric files
 * @param {object} look colours and the declarations (drivers, registries, and hooks: each problem's
 *   report hooks, whose `headline` names the headline scenario)
 * @param {(name, kind, spec) => object} addChart queues a chart to draw
 * @returns {{ headline: object | null, summary: { table, forest, scatter } }}
 */
function headlineSection(summary, envByKey, sections, { context, complexity, debuggability }, look, addChart) {
  const headline = headlineCell(summary, look);
  const headlineCellOf = headline && summary.cells.find((c) => c.env === headline.env && c.scenario === headline.scenario);
  const headlineBaseline = headline ? headlineCellOf.baseline : null;
  // The headline's forest plot is its scenario section's, shown again first.
  const section = headline && sections.find((s) => s.env.key === headline.env && s.scenario === headline.scenario);
  const headlineTable = section && section.tables.find((t) => sameParams(t.params, headline.params));
  const survival = context && headline ? (context.survival.get(headlineCellOf.problem) ?? null) : null;
  // The headline problem's cancellable variants, each with the plain example it was made from.
  const registry = headline && look.registries ? look.registries[headlineCellOf.problem] : null;
  const variantOf = new Map((registry ? registry.examples : []).filter((e) => e.variantOf !== undefined).map((e) => [e.name, e.variantOf]));
  const summaryRows = summaryTable(summary.cells, headline, complexity.data ?? null, debuggability.data ?? null, survival, variantOf);
  let scatter = null;
  if (headline && summaryRows.rows.some((row) => typeof row.tokens === 'number' && Number.isFinite(row.ratio))) {
    const where = {
      scenario: headline.scenario,
      params: headline.params,
      envLabel: envByKey.get(headline.env).label,
      tokensTitle: `complexity: ${summaryRows.tokensColumn}`,
      baseline: headlineBaseline,
      pooling: headlineTable?.pooling ?? null,
    };
    scatter = addChart(
      'complexity-vs-time.svg',
      'scatter',
      scatterSpec(summaryRows.rows, where, look),
      scatterSpec(summaryRows.rows, where, look, { narrow: true }),
    );
  }
  return {
    headline: headline ? { ...headline, env: envByKey.get(headline.env), baseline: headlineBaseline } : null,
    summary: { table: summaryRows, forest: headlineTable ? headlineTable.forest : null, scatter },
  };
}

module.exports = { headlineSection };
