'use strict';

const { formatRows } = require('./rows');
const prose = require('./prose');
const { htmlComment } = require('./generated');
const { TITLE: ARTICLE_TITLE, articleBlocks } = require('../sections/article');
const { TITLE: RUNTIMES_TITLE, runtimeBlocks } = require('../sections/runtimes');
const { TITLE: CONTEXT_TITLE, contextBlocks } = require('../sections/context');
const { TITLE: DATABASES_TITLE, databaseBlocks } = require('../sections/databases');

// The report as one markdown page for GitHub: tables, and the charts as SVG
// files beside it. Pure: the report model in, the page's text out.

function table({ rows, columns }) {
  return formatRows(rows, columns, 'markdown').trimEnd();
}

function notes(list) {
  return list.map((note) => `_${escapeInline(note)}_`);
}

// Text that goes into markdown as is: only the characters that would start
// markup in the middle of a sentence are escaped.
function escapeInline(text) {
  return String(text).replace(/([\\`*_[\]<>|])/g, '\\$1');
}

function glossary(entries) {
  return entries.map(({ term, text }) => `- **${escapeInline(term)}**: ${escapeInline(text)}`);
}

// A chart's image and the blank line after it; nothing for a chart left
// undrawn (the report built without the chart engine).
function image(chart) {
  return chart.svg === null ? [] : [`![${escapeInline(chart.title)}](${encodeURI(chart.name)})`, ''];
}

function link(text, href) {
  return href ? `[${text}](${encodeURI(href)})` : text;
}

/**
 * @param {object} model lib/report/index.js buildReport's
 * @param {{ drivers: object }} look the drivers' declarations by name (lib/drivers)
 */
function renderMarkdown(model, look) {
  const out = [];
  out.push(htmlComment(model.generator));
  out.push('# asyncmark results', '');
  out.push(`${escapeInline(prose.inputText(model))} How the numbers are made and how to read them: ${link('the guide', model.links.guide)}.`, '');

  out.push('## Summary', '');
  out.push(escapeInline(prose.SUMMARY_INTRO), '');
  out.push(escapeInline(prose.headlineText(model.headline)), '');
  if (model.summary.forest) out.push(...image(model.summary.forest));
  out.push(table(model.summary.table), '');
  for (const note of notes(model.summary.table.notes)) out.push(note, '');
  out.push(...glossary(model.summary.table.glossary), '');
  if (model.summary.scatter) out.push(...image(model.summary.scatter));

  out.push('## Environments', '');
  out.push(`${prose.ENVIRONMENTS_TEXT}${model.runtimes ? ` ${prose.RUNTIMES_EXCEPTION}` : ''}`, '');
  out.push(table({ rows: prose.envRows(model.envs), columns: prose.ENV_COLUMNS }), '');
  for (const env of model.envs) {
    const text = prose.packagesText(env);
    if (text) out.push(escapeInline(text), '');
  }

  out.push('## Time and memory', '');
  for (const line of prose.HOW_TO_READ_TIMES) out.push(`- ${escapeInline(line)}`);
  out.push('');
  for (const section of model.sections) {
    out.push(`### ${escapeInline(prose.sectionTitle(section))}`, '');
    for (const reference of section.tables) {
      out.push(`#### ${escapeInline(reference.title)}`, '');
      if (reference.forest) out.push(...image(reference.forest));
      out.push(table(reference.table), '');
      for (const note of notes(reference.table.notes)) out.push(note, '');
    }
    for (const chart of section.charts) out.push(...image(chart));
  }
  if (model.timeGlossary) out.push(`### ${prose.TIME_GLOSSARY_TITLE}`, '', ...glossary(model.timeGlossary), '');

  if (model.runtimes) {
    out.push(`## ${RUNTIMES_TITLE}`, '');
    out.push(...blockLines(runtimeBlocks(model.runtimes, look)));
  }

  if (model.context) {
    out.push(`## ${CONTEXT_TITLE}`, '');
    out.push(...blockLines(contextBlocks(model.context)));
  }

  if (model.databases) {
    out.push(`## ${DATABASES_TITLE}`, '');
    out.push(...blockLines(databaseBlocks(model.databases)));
  }

  out.push('## Complexity', '');
  out.push(...metricSection(model.complexity, 'complexity', model.links.complexity));
  out.push('## Debuggability', '');
  out.push(...metricSection(model.debuggability, 'debuggability', model.links.debuggability));

  if (model.article) {
    out.push(`## ${ARTICLE_TITLE}`, '');
    out.push(...articleSection(model.article, model.links.article));
  }

  out.push('## Input', '');
  for (const input of model.inputs) {
    const skipped = input.skipped.length ? `, ${input.skipped.length} skipped` : '';
    out.push(`- ${escapeInline(input.name)}: ${input.lines} lines, ${input.runs} runs used${skipped}`);
    for (const skip of input.skipped.slice(0, 20)) out.push(`  - line ${skip.line}: ${escapeInline(skip.reason)}`);
    if (input.skipped.length > 20) out.push(`  - and ${input.skipped.length - 20} more`);
  }
  out.push('');
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

function articleSection(article, docsLink) {
  const lines = [];
  for (const block of articleBlocks(article, article)) {
    if (block.h3) lines.push(`### ${escapeInline(block.h3)}`, '');
    if (block.p) lines.push(escapeInline(block.p), '');
    if (block.table) lines.push(table(block.table), '');
    if (block.notes) lines.push(...block.notes.map((note) => `- ${escapeInline(note)}`), '');
    if (block.charts) lines.push(...block.charts.flatMap(image));
    if (block.glossary) lines.push('Columns:', '', ...glossary(block.glossary), '');
  }
  lines.push(`Where the conclusions changed in thirteen years, and why: ${link('docs/explanation/article-2013.md', docsLink)}.`, '');
  return lines;
}

// The runtime and context sections' blocks as markdown.
function blockLines(blocks) {
  const lines = [];
  for (const block of blocks) {
    if (block.h3) lines.push(`### ${escapeInline(block.h3)}`, '');
    if (block.h4) lines.push(`#### ${escapeInline(block.h4)}`, '');
    if (block.p) lines.push(escapeInline(block.p), '');
    if (block.table) lines.push(table(block.table), '');
    if (block.notes) lines.push(...notes(block.notes).flatMap((note) => [note, '']));
    if (block.charts) lines.push(...block.charts.flatMap(image));
    if (block.glossary) lines.push(...glossary(block.glossary), '');
  }
  return lines;
}

function metricSection(file, what, docsLink) {
  const lines = [];
  const about = `What the columns mean: ${link(`docs/explanation/${what}.md`, docsLink)}.`;
  if (file.table) {
    lines.push(`From ${escapeInline(file.name)}. ${about}`, '');
    lines.push(table(file.table), '');
    for (const note of file.table.notes) lines.push(`- ${escapeInline(note)}`);
    lines.push('', 'In short:', '', ...glossary(file.table.glossary), '');
  } else {
    lines.push(`_${escapeInline(file.note)} Make one with \`asyncmark ${what} --format json > ${what}.json\` and pass it as \`--${what} ${what}.json\`._`, '');
    lines.push(about, '');
  }
  return lines;
}

module.exports = { renderMarkdown, escapeInline };
