'use strict';

const { cellText } = require('./rows/columns');
const prose = require('./prose');
const { htmlComment } = require('./generated');
const { TITLE: ARTICLE_TITLE, articleBlocks } = require('../sections/article');
const { TITLE: RUNTIMES_TITLE, runtimeBlocks } = require('../sections/runtimes');
const { TITLE: CONTEXT_TITLE, contextBlocks } = require('../sections/context');
const { TITLE: DATABASES_TITLE, databaseBlocks } = require('../sections/databases');
const { pageCharts, escapeHtml } = require('./page-charts');
const { sectionId, pickerData, pickerMarkup, sectionOpen } = require('./page-picker');
const { SCRIPT, STYLE: PICKER_STYLE } = require('./page-script');

// The report as one self-contained HTML page: the same tables, the opening
// chart as inline SVG and the others packed (page-charts.js), a picker of
// scenario, runtime and two examples (page-picker.js), and one inline script
// (page-script.js). It loads nothing from anywhere, so it works offline and
// from a file. Pure: the model in, the text out.

// What the page's tables share, written once: each example's colour (the
// swatch before its name, which ties a row to its marks in the charts) as a
// class of the stylesheet, and each column's description, its header's
// tooltip, in a data block the script reads. The same examples and columns
// fill the tables of every section: written in each cell and header they came
// to a sixth of a results page.
function tableMarks(colors = {}) {
  const examples = Object.keys(colors);
  const descriptions = new Map();
  return {
    swatch(example) {
      const i = examples.indexOf(example);
      return i === -1 ? '' : `<span class="swatch c${i}"></span>`;
    },
    helpNumber(description) {
      if (!descriptions.has(description)) descriptions.set(description, descriptions.size);
      return descriptions.get(description);
    },
    style: () => examples.map((example, i) => `.swatch.c${i} { background: ${colors[example]}; }`).join('\n'),
    dataBlock() {
      const data = JSON.stringify([...descriptions.keys()]).replace(/</g, '\\u003c');
      return descriptions.size ? `<script type="application/json" id="column-help">${data}</script>` : '';
    },
  };
}

function table({ rows, columns }, marks) {
  const head = columns
    .map((c) => {
      const attributes = `${c.align === 'right' ? ' class="num"' : ''}${c.description ? ` data-help="${marks.helpNumber(c.description)}"` : ''}`;
      return `<th${attributes}>${escapeHtml(c.title ?? c.key)}</th>`;
    })
    .join('');
  const body = rows.map((row) => {
    const cells = columns
      .map((c) => {
        const mark = c.key === 'example' ? marks.swatch(row.example) : '';
        return `<td>${mark}${escapeHtml(cellText(c, row))}</td>`;
      })
      .join('');
    const example = typeof row.example === 'string' ? ` data-example="${escapeHtml(row.example)}"` : '';
    return `<tr${example}>${cells}</tr>`;
  });
  // The numeric columns are named once on the table (r2 r5: the 2nd and 5th
  // are right-aligned), not on each of its cells: thousands of cells a page.
  const right = columns.map((c, i) => (c.align === 'right' ? `r${i + 1}` : null)).filter(Boolean);
  const numeric = right.length ? ` class="${right.join(' ')}"` : '';
  // Numbers never wrap; a table wider than the screen scrolls on its own.
  return `<div class="table-scroll">\n<table${numeric}>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>\n</div>`;
}

function glossary(entries) {
  if (!entries || entries.length === 0) return '';
  return `<dl class="glossary">\n${entries.map(({ term, text }) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(text)}</dd>`).join('\n')}\n</dl>`;
}

function notes(list) {
  return list.map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('\n');
}

// The most columns a table's class can mark right-aligned (r1 … r40).
const NUMERIC_COLUMNS = 40;

// table.r3 td:nth-child(3): the cells of a numeric column, right-aligned.
function numericColumns(most) {
  const selectors = Array.from({ length: most }, (_, i) => `table.r${i + 1} td:nth-child(${i + 1})`);
  return `${selectors.join(', ')} { text-align: right; font-variant-numeric: tabular-nums; }`;
}

const STYLE = `
body { font-family: Helvetica, Arial, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; line-height: 1.45; }
h1, h2, h3, h4 { line-height: 1.2; }
h2 { border-bottom: 1px solid #ddd; padding-bottom: .2rem; margin-top: 2.5rem; }
.table-scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .9rem; }
th, td { border: 1px solid #ddd; padding: .25rem .55rem; text-align: left; vertical-align: top; white-space: nowrap; }
th { background: #f4f4f4; }
th[data-help] { cursor: help; text-decoration: underline dotted #999; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
${numericColumns(NUMERIC_COLUMNS)}
tr.hl td { background: #fff4c2; }
.swatch { display: inline-block; width: .7rem; height: .7rem; border-radius: 2px; margin-right: .4rem; vertical-align: -.05rem; }
p.note { font-style: italic; color: #444; margin: .3rem 0; }
dl.glossary { font-size: .85rem; color: #333; display: grid; grid-template-columns: max-content 1fr; gap: .15rem .8rem; margin: .8rem 0 1.2rem; }
dl.glossary dt { font-weight: bold; white-space: nowrap; }
dl.glossary dd { margin: 0; }
/* On a phone a term above its text: side by side, a long word pushed the page wider than the screen. */
@media (max-width: 599px) { dl.glossary { grid-template-columns: 1fr; gap: 0; } dl.glossary dd { margin: 0 0 .4rem 1rem; overflow-wrap: anywhere; } }
figure.chart { margin: 1rem 0; overflow-x: auto; }
figure.chart svg { max-width: 100%; height: auto; }
/* On a phone a chart is never shrunk (its text would be 3 px): below 600 px it draws its narrow layout, which fits the screen. */
@media (max-width: 700px) { figure.chart svg { max-width: none; } }
.dim { opacity: 0.12 !important; }
.role-legend-entry path.background { pointer-events: all; cursor: pointer; }
#tip { position: fixed; pointer-events: none; background: rgba(255,255,255,.96); border: 1px solid #999; border-radius: 3px; padding: .2rem .45rem; font-size: .85rem; display: none; }
nav ul { columns: 2; }
nav li.sub { margin-left: 1.2em; }
@media (max-width: 700px) { nav ul { columns: 1; } }
${PICKER_STYLE}`;

function link(text, href) {
  return href ? `<a href="${escapeHtml(encodeURI(href))}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

function metricSection(file, what, href, marks) {
  const about = `What the columns mean: ${link(`docs/explanation/${what}.md`, href)}.`;
  if (file.table) {
    const list = file.table.notes.length ? `\n<ul>${file.table.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>` : '';
    return `<p>From ${escapeHtml(file.name)}. ${about}</p>\n${table(file.table, marks)}${list}\n${glossary(file.table.glossary)}`;
  }
  return `<p class="note">${escapeHtml(file.note)} Make one with <code>asyncmark ${what} --format json &gt; ${what}.json</code> and pass it as <code>--${what} ${what}.json</code>.</p>\n<p>${about}</p>`;
}

function articleSection(article, href, marks, figure) {
  const parts = [];
  for (const block of articleBlocks(article, article)) {
    if (block.h3) parts.push(`<h3>${escapeHtml(block.h3)}</h3>`);
    if (block.p) parts.push(`<p>${escapeHtml(block.p)}</p>`);
    if (block.table) parts.push(table(block.table, marks));
    if (block.notes) parts.push(notes(block.notes));
    if (block.charts) parts.push(...block.charts.map(figure));
    if (block.glossary) parts.push(glossary(block.glossary));
  }
  parts.push(`<p>Where the conclusions changed in thirteen years, and why: ${link('docs/explanation/article-2013.md', href)}.</p>`);
  return parts.join('\n');
}

// A section given as blocks (the runtimes', the context's).
function blockSection(blocks, marks, figure) {
  const parts = [];
  for (const block of blocks) {
    if (block.h3) parts.push(`<h3>${escapeHtml(block.h3)}</h3>`);
    if (block.h4) parts.push(`<h4>${escapeHtml(block.h4)}</h4>`);
    if (block.p) parts.push(`<p>${escapeHtml(block.p)}</p>`);
    if (block.table) parts.push(table(block.table, marks));
    if (block.notes) parts.push(notes(block.notes));
    if (block.charts) parts.push(...block.charts.map(figure));
    if (block.glossary) parts.push(glossary(block.glossary));
  }
  return parts.filter((part) => part !== '').join('\n');
}

/**
 * @param {object} model lib/report/index.js buildReport's
 * @param {{ drivers: object }} look the drivers' declarations by name (lib/drivers)
 */
function renderHtml(model, look) {
  const charts = pageCharts();
  const marks = tableMarks(model.colors);
  const figure = (chart) => charts.packed(chart);
  const titleOf = (section) => prose.sectionTitle(section);
  const picker = pickerData(model, titleOf, look);
  const parts = [];
  parts.push(htmlComment(model.generator));
  parts.push(
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>asyncmark results</title>',
    `<style>${STYLE}\n${marks.style()}</style>`,
    '</head>',
    '<body>',
  );
  parts.push('<h1>asyncmark results</h1>');
  parts.push(
    `<p>${escapeHtml(prose.inputText(model))} How the numbers are made and how to read them: ${link('the guide', model.links.guide)}. Pick a scenario and a runtime below, and two examples to compare; tap or hover a line, a legend entry or a table row to pick out one example.</p>`,
  );
  // The picker comes first, before the contents: on a phone the list of sections is a dozen screens long.
  const first = model.headline ? { scenario: model.headline.scenario, runtime: model.headline.env.id } : null;
  parts.push(pickerMarkup(picker, first));

  const contents = [
    ['summary', 'Summary'],
    ['environments', 'Environments'],
    ['time', 'Time and memory'],
    ...model.sections.map((s) => [sectionId(titleOf(s)), titleOf(s), 'sub']),
    ...(model.runtimes ? [['runtimes', RUNTIMES_TITLE]] : []),
    ...(model.context ? [['context', CONTEXT_TITLE]] : []),
    ...(model.databases ? [['databases', DATABASES_TITLE]] : []),
    ['complexity', 'Complexity'],
    ['debuggability', 'Debuggability'],
    ...(model.article ? [['article-2013', ARTICLE_TITLE]] : []),
    ['input', 'Input'],
  ];
  // A section's entries indented by the list, not by spaces inside the link (which the underline showed).
  parts.push(
    `<nav><ul>${contents.map(([anchor, title, sub]) => `<li${sub ? ' class="sub"' : ''}><a href="#${anchor}">${escapeHtml(title)}</a></li>`).join('')}</ul></nav>`,
  );

  // What a reader sees first, the forest plot, is drawn in the page itself; the
  // scatter below the summary's table is packed like the sections' charts (it
  // is the page's largest SVG, a sixth of the page inline).
  parts.push('<h2 id="summary">Summary</h2>');
  parts.push(`<p>${escapeHtml(prose.SUMMARY_INTRO)}</p>`, `<p>${escapeHtml(prose.headlineText(model.headline))}</p>`);
  if (model.summary.forest) parts.push(charts.inline(model.summary.forest));
  parts.push(table(model.summary.table, marks), notes(model.summary.table.notes), glossary(model.summary.table.glossary));
  if (model.summary.scatter) parts.push(charts.packed(model.summary.scatter));

  parts.push('<h2 id="environments">Environments</h2>');
  parts.push(`<p>${escapeHtml(prose.ENVIRONMENTS_TEXT)}${model.runtimes ? ` ${escapeHtml(prose.RUNTIMES_EXCEPTION)}` : ''}</p>`);
  parts.push(table({ rows: prose.envRows(model.envs), columns: prose.ENV_COLUMNS }, marks));
  parts.push(
    model.envs
      .map((env) => prose.packagesText(env))
      .filter(Boolean)
      .map((text) => `<p>${escapeHtml(text)}</p>`)
      .join('\n'),
  );

  parts.push('<h2 id="time">Time and memory</h2>');
  parts.push(`<ul>${prose.HOW_TO_READ_TIMES.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`);
  for (const section of model.sections) {
    const title = titleOf(section);
    parts.push(sectionOpen(section, title), `<h3>${escapeHtml(title)}</h3>`, `<p class="note">${escapeHtml(section.env.label)}</p>`);
    for (const reference of section.tables) {
      parts.push(`<h4>${escapeHtml(reference.title)}</h4>`);
      if (reference.forest) parts.push(figure(reference.forest));
      parts.push(table(reference.table, marks), notes(reference.table.notes));
    }
    for (const chart of section.charts) parts.push(figure(chart));
    parts.push('</section>');
  }
  if (model.timeGlossary) parts.push(`<h3 id="columns">${escapeHtml(prose.TIME_GLOSSARY_TITLE)}</h3>`, glossary(model.timeGlossary));

  if (model.runtimes) parts.push(`<h2 id="runtimes">${escapeHtml(RUNTIMES_TITLE)}</h2>`, blockSection(runtimeBlocks(model.runtimes, look), marks, figure));
  if (model.context) parts.push(`<h2 id="context">${escapeHtml(CONTEXT_TITLE)}</h2>`, blockSection(contextBlocks(model.context), marks, figure));
  if (model.databases) parts.push(`<h2 id="databases">${escapeHtml(DATABASES_TITLE)}</h2>`, blockSection(databaseBlocks(model.databases), marks, figure));

  parts.push('<h2 id="complexity">Complexity</h2>', metricSection(model.complexity, 'complexity', model.links.complexity, marks));
  parts.push('<h2 id="debuggability">Debuggability</h2>', metricSection(model.debuggability, 'debuggability', model.links.debuggability, marks));

  if (model.article) parts.push(`<h2 id="article-2013">${escapeHtml(ARTICLE_TITLE)}</h2>`, articleSection(model.article, model.links.article, marks, figure));

  parts.push('<h2 id="input">Input</h2>');
  parts.push(
    `<ul>${model.inputs
      .map((input) => {
        const skipped = input.skipped.length ? `<ul>${input.skipped.map((s) => `<li>line ${s.line}: ${escapeHtml(s.reason)}</li>`).join('')}</ul>` : '';
        return `<li>${escapeHtml(input.name)}: ${input.lines} lines, ${input.runs} runs used${input.skipped.length ? `, ${input.skipped.length} skipped` : ''}${skipped}</li>`;
      })
      .join('')}</ul>`,
  );

  parts.push('<div id="tip" role="tooltip"></div>', charts.dataBlock(), marks.dataBlock(), `<script>${SCRIPT}</script>`, '</body>', '</html>');
  return `${parts.filter((part) => part !== '').join('\n')}\n`;
}

module.exports = { renderHtml };
