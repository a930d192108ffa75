'use strict';

const { sameParams } = require('../sections/cells');
const { escapeHtml } = require('./page-charts');

// The HTML page's picker: a scenario, a runtime, and two examples to compare.
// Each section of times is named by what it is and carries its scenario and
// runtime; the picker shows the one picked. The comparison is computed in the
// page from every finished run's time at the section's reference cells, by
// the same functions (lib/stats.js) as the tables and `asyncmark compare`.
// Pure: the model in, markup and data out.

function sectionId(title) {
  return `time-${String(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/**
 * What the page's script needs to pick and compare: per section its id,
 * scenario, runtime, examples, and at each reference cell every example's run times.
 * @param {object} model the report's model (its cells: lib/summary's)
 * @param {(section) => string} titleOf
 * @param {{ drivers: object }} look the drivers' declarations by name (lib/drivers): what a section's time is
 */
function pickerData(model, titleOf, { drivers }) {
  // Each session a small number: a pair is compared over the sessions both ran in.
  const ids = new Map();
  const idOf = (session) => {
    if (!ids.has(session)) ids.set(session, ids.size);
    return ids.get(session);
  };
  return {
    sections: model.sections.map((section) => {
      const cells = (model.cells ?? []).filter((c) => c.env === section.env.key && c.scenario === section.scenario);
      const time = drivers[cells[0]?.driver]?.time ?? { title: 'time', unit: 'ms' };
      return {
        id: sectionId(titleOf(section)),
        title: titleOf(section),
        scenario: section.scenario,
        runtime: section.env.id,
        baseline: cells[0]?.baseline ?? null,
        what: time.title,
        unit: time.unit,
        examples: [...new Set(cells.map((c) => c.example))].sort(),
        cells: section.tables.map((reference) => {
          // Each example's times by session, in one order for its times and their sessions.
          const here = cells.filter((c) => sameParams(c.params, reference.params)).map((c) => [c.example, Object.entries(c.sessionTimes)]);
          return {
            title: reference.title,
            // Rounded to 6 significant digits: the page's numbers show 3.
            times: Object.fromEntries(here.map(([example, runs]) => [example, runs.flatMap(([, times]) => times.map((t) => Number(t.toPrecision(6))))])),
            // The session of each of those times.
            sessions: Object.fromEntries(here.map(([example, runs]) => [example, runs.flatMap(([session, times]) => times.map(() => idOf(session)))])),
          };
        }),
      };
    }),
  };
}

// The runtime menu's order: Node by its major version, oldest first, then
// the others by name ("node 20", "node 26", "bun 1.4", "chromium 156", ...).
function byRuntime(a, b) {
  const node = (id) => /^node v?(\d+)/.exec(id);
  const [na, nb] = [node(a), node(b)];
  if (na && nb) return Number(na[1]) - Number(nb[1]);
  if (na || nb) return na ? -1 : 1;
  return a.localeCompare(b);
}

function options(values, selected) {
  return values.map((value) => `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(value)}</option>`).join('');
}

/**
 * The picker's form and the place its comparison goes. Hidden until the
 * page's script runs: without it, every section shows, one after another.
 * @param {{ sections: object[] }} data pickerData's
 * @param {{ scenario: string, runtime: string } | null} first the section shown first (the headline's)
 */
function pickerMarkup(data, first) {
  const scenarios = [...new Set(data.sections.map((s) => s.scenario))];
  const runtimes = [...new Set(data.sections.map((s) => s.runtime))].sort(byRuntime);
  const start = first ?? data.sections[0] ?? { scenario: null, runtime: null };
  const examples = data.sections.find((s) => s.scenario === start.scenario && s.runtime === start.runtime)?.examples ?? [];
  return [
    '<form class="picker" id="picker" hidden>',
    `<label>Scenario <select id="pick-scenario">${options(scenarios, start.scenario)}</select></label>`,
    `<label>Runtime <select id="pick-runtime">${options(runtimes, start.runtime)}</select></label>`,
    `<label>Compare <select id="pick-a"><option value="">(an example)</option>${options(examples)}</select></label>`,
    `<label>with <select id="pick-b"><option value="">(another)</option>${options(examples)}</select></label>`,
    // For printing or searching the whole page: every section, every chart drawn.
    '<label><input type="checkbox" id="pick-all"> every section</label>',
    '</form>',
    '<p id="pick-status" class="note" aria-live="polite"></p>',
    '<div id="comparison" aria-live="polite"></div>',
    // "</" cannot occur: it is escaped.
    `<script type="application/json" id="picker-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
  ].join('\n');
}

/** The opening tag of a section of times, with what the picker matches it by. */
function sectionOpen(section, title) {
  return `<section class="time-section" id="${sectionId(title)}" data-scenario="${escapeHtml(section.scenario)}" data-runtime="${escapeHtml(section.env.id)}">`;
}

module.exports = { sectionId, byRuntime, pickerData, pickerMarkup, sectionOpen };
