'use strict';

const prose = require('./prose');
const { htmlComment } = require('./generated');

// The report as one self-contained HTML page: the same tables, the charts as
// inline SVG, and a small inline script for hovering. It loads nothing from
// anywhere, so it works offline and from a file. Pure: the model in, the text out.

function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function cellText(column, row) {
  const value = row[column.key];
  if (column.format) return String(column.format(value, row));
  return value === undefined || value === null ? '' : String(value);
}

function table({ rows, columns }) {
  const head = columns.map((c) => `<th${c.align === 'right' ? ' class="num"' : ''}>${escapeHtml(c.title ?? c.key)}</th>`).join('');
  const body = rows.map((row) => {
    const cells = columns.map((c) => `<td${c.align === 'right' ? ' class="num"' : ''}>${escapeHtml(cellText(c, row))}</td>`).join('');
    const example = typeof row.example === 'string' ? ` data-example="${escapeHtml(row.example)}"` : '';
    return `<tr${example}>${cells}</tr>`;
  });
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>`;
}

function notes(list) {
  return list.map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('\n');
}

function figure(chart) {
  return `<figure class="chart" aria-label="${escapeHtml(chart.title)}">\n${chart.svg}\n</figure>`;
}

function id(text) {
  return String(text).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const STYLE = `
body { font-family: Helvetica, Arial, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; line-height: 1.45; }
h1, h2, h3, h4 { line-height: 1.2; }
h2 { border-bottom: 1px solid #ddd; padding-bottom: .2rem; margin-top: 2.5rem; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .9rem; }
th, td { border: 1px solid #ddd; padding: .25rem .55rem; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.hl td { background: #fff4c2; }
p.note { font-style: italic; color: #444; margin: .3rem 0; }
figure.chart { margin: 1rem 0; overflow-x: auto; }
figure.chart svg { max-width: 100%; height: auto; }
.dim { opacity: 0.1 !important; }
.role-legend-entry path.background { pointer-events: all; cursor: pointer; }
#tip { position: fixed; pointer-events: none; background: rgba(255,255,255,.96); border: 1px solid #999; border-radius: 3px; padding: .2rem .45rem; font-size: .85rem; display: none; }
nav ul { columns: 2; }
`;

// Hovering a line, point, band, legend entry or table row highlights that
// example in every chart and table; a point's description shows as a tip.
// The charts' marks carry their example in aria-label (Vega writes each mark's
// description there), as "example" or "example · details".
const SCRIPT = `
(function () {
  var tip = document.getElementById('tip');
  var marks = [];
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr[data-example]'));
  Array.prototype.forEach.call(document.querySelectorAll('figure.chart svg'), function (svg) {
    Array.prototype.forEach.call(svg.querySelectorAll('.role-mark [aria-label]'), function (el) {
      var label = el.getAttribute('aria-label');
      marks.push({ el: el, key: label.split(' \\u00b7 ')[0], label: label });
    });
    Array.prototype.forEach.call(svg.querySelectorAll('.role-legend-label text'), function (text) {
      var entry = text.parentNode.parentNode.parentNode;
      var key = text.textContent;
      entry.addEventListener('mouseenter', function () { highlight(key); });
      entry.addEventListener('mouseleave', function () { highlight(null); });
    });
  });
  function matches(markKey, key) {
    return markKey === key || markKey.indexOf(key + '-') === 0;
  }
  function highlight(key) {
    marks.forEach(function (m) { m.el.classList.toggle('dim', key !== null && !matches(m.key, key)); });
    rows.forEach(function (row) { row.classList.toggle('hl', key !== null && matches(row.getAttribute('data-example'), key)); });
  }
  marks.forEach(function (m) {
    m.el.addEventListener('mouseenter', function (event) {
      highlight(m.key);
      if (m.label.indexOf(' \\u00b7 ') > 0) {
        tip.textContent = m.label;
        tip.style.display = 'block';
        tip.style.left = (event.clientX + 12) + 'px';
        tip.style.top = (event.clientY + 12) + 'px';
      }
    });
    m.el.addEventListener('mouseleave', function () { highlight(null); tip.style.display = 'none'; });
  });
  rows.forEach(function (row) {
    row.addEventListener('mouseenter', function () { highlight(row.getAttribute('data-example')); });
    row.addEventListener('mouseleave', function () { highlight(null); });
  });
})();
`;

function link(text, href) {
  return href ? `<a href="${escapeHtml(encodeURI(href))}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

function metricSection(file, what, href) {
  const about = `What the columns mean: ${link(`docs/${what}.md`, href)}.`;
  if (file.table) {
    const list = file.table.notes.length ? `\n<ul>${file.table.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>` : '';
    return `<p>From ${escapeHtml(file.name)}. ${about}</p>\n${table(file.table)}${list}`;
  }
  return `<p class="note">${escapeHtml(file.note)} Make one with <code>asyncmark ${what} --format json &gt; ${what}.json</code> and pass it as <code>--${what} ${what}.json</code>.</p>\n<p>${about}</p>`;
}

function renderHtml(model) {
  const manyEnvs = model.envs.length > 1;
  const parts = [];
  parts.push(htmlComment(model.generator));
  parts.push('<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">', '<title>asyncmark results</title>',
    `<style>${STYLE}</style>`, '</head>', '<body>');
  parts.push('<h1>asyncmark results</h1>');
  parts.push(`<p>${escapeHtml(prose.inputText(model))} How the numbers are made and how to read them: ${link('the guide', model.links.guide)}. Hover a line, a legend entry or a table row to pick out one example.</p>`);

  const contents = [['summary', 'Summary'], ['environments', 'Environments'],
    ...model.sections.map((s) => [id(`time-${prose.sectionTitle(s, manyEnvs)}`), `Time and memory: ${prose.sectionTitle(s, manyEnvs)}`]),
    ['complexity', 'Complexity'], ['debuggability', 'Debuggability'], ['input', 'Input']];
  parts.push(`<nav><ul>${contents.map(([anchor, title]) => `<li><a href="#${anchor}">${escapeHtml(title)}</a></li>`).join('')}</ul></nav>`);

  parts.push('<h2 id="summary">Summary</h2>');
  parts.push(`<p>${escapeHtml(prose.SUMMARY_INTRO)}</p>`, `<p>${escapeHtml(prose.headlineText(model.headline))}</p>`);
  parts.push(table(model.summary.table), notes(model.summary.table.notes));
  if (model.summary.scatter) parts.push(figure(model.summary.scatter));

  parts.push('<h2 id="environments">Environments</h2>');
  parts.push('<p>Runs from different machines or Node versions are never mixed: every table below belongs to one environment.</p>');
  parts.push(table({ rows: prose.envRows(model.envs), columns: prose.ENV_COLUMNS }));
  parts.push(model.envs.map((env) => prose.packagesText(env)).filter(Boolean).map((text) => `<p>${escapeHtml(text)}</p>`).join('\n'));

  parts.push('<h2 id="time">Time and memory</h2>');
  parts.push(`<ul>${prose.HOW_TO_READ_TIMES.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`);
  for (const section of model.sections) {
    const title = prose.sectionTitle(section, manyEnvs);
    parts.push(`<h3 id="${id(`time-${title}`)}">${escapeHtml(title)}</h3>`);
    for (const reference of section.tables) {
      parts.push(`<h4>${escapeHtml(reference.title)}</h4>`, table(reference.table), notes(reference.table.notes));
    }
    for (const chart of section.charts) parts.push(figure(chart));
  }

  parts.push('<h2 id="complexity">Complexity</h2>', metricSection(model.complexity, 'complexity', model.links.complexity));
  parts.push('<h2 id="debuggability">Debuggability</h2>', metricSection(model.debuggability, 'debuggability', model.links.debuggability));

  parts.push('<h2 id="input">Input</h2>');
  parts.push(`<ul>${model.inputs.map((input) => {
    const skipped = input.skipped.length
      ? `<ul>${input.skipped.map((s) => `<li>line ${s.line}: ${escapeHtml(s.reason)}</li>`).join('')}</ul>`
      : '';
    return `<li>${escapeHtml(input.name)}: ${input.lines} lines, ${input.runs} runs used${input.skipped.length ? `, ${input.skipped.length} skipped` : ''}${skipped}</li>`;
  }).join('')}</ul>`);

  parts.push('<div id="tip" role="tooltip"></div>', `<script>${SCRIPT}</script>`, '</body>', '</html>');
  return `${parts.filter((part) => part !== '').join('\n')}\n`;
}

module.exports = { renderHtml, escapeHtml };
