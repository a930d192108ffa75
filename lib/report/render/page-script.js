'use strict';

const fs = require('node:fs');
const show = require('../display');

// The HTML page's one script. It draws a packed chart when its figure comes
// near the screen (page-charts.js); shows the section of times the picker
// names and compares two examples there (page-picker.js); and, tapping or
// hovering a mark, a label, a legend entry or a table row, picks out that example in
// every chart and table: every element that stands for an example carries
// data-example (charts' marks get it from their descriptions, see
// charts/vega.js tagExamples), and the others are dimmed; a mark's
// description shows as a tip. The comparison's statistics are lib/stats.js
// itself and its numbers are written by display.js's number(), both inlined
// from their source, so the page says what the tables and `compare` say.

const STATS_SOURCE = fs.readFileSync(require.resolve('../../stats'), 'utf8');
// number() as display.js's file has it, not as Function.prototype.toString
// gives it: under coverage (nyc) the loaded function is instrumented and calls
// counters the page does not have.
const NUMBER_SOURCE = functionSource(fs.readFileSync(require.resolve('../display'), 'utf8'), 'number');

function functionSource(source, name) {
  const start = source.indexOf(`\nfunction ${name}(`);
  const end = source.indexOf('\n}\n', start);
  if (start === -1 || end === -1) throw new Error(`page-script: no top-level function ${name} in its source file`);
  return source.slice(start + 1, end + 2);
}

const SCRIPT = `
(function () {
  'use strict';
  var stats = (function () { var module = { exports: {} }; ${STATS_SOURCE}
    return module.exports; })();
  var DASH = ${JSON.stringify(show.DASH)};
  var number = ${NUMBER_SOURCE};
  var tip = document.getElementById('tip');
  var packed = JSON.parse((document.getElementById('chart-data') || { textContent: '{"charts":[],"gzip":""}' }).textContent);

  // Below 600 px a chart with a narrow layout of its own is drawn in it.
  var phone = window.matchMedia ? window.matchMedia('(max-width: 599px)') : { matches: false };
  function layoutOf(figure) {
    var chart = figure.getAttribute('data-chart');
    if (!phone.matches || !figure.hasAttribute('data-narrow')) return chart;
    // A bare data-narrow: the layout named after the chart (charts/file-names.js narrowNameOf).
    return figure.getAttribute('data-narrow') || chart.replace(/\\.svg$/, '-narrow.svg');
  }
  // Every chart's SVG by name, the one stream inflated once, when the first is wanted.
  var svgs = null;
  function charts() {
    if (svgs) return svgs;
    var text = atob(packed.gzip);
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    svgs = new Response(stream).text().then(function (all) {
      var byName = {};
      var at = 0;
      packed.charts.forEach(function (chart) { byName[chart[0]] = all.slice(at, at + chart[1]); at += chart[1]; });
      return byName;
    });
    return svgs;
  }
  function inflate(figure) {
    if (figure.hasAttribute('data-state')) return;
    figure.setAttribute('data-state', 'loading');
    var name = layoutOf(figure);
    figure.setAttribute('data-drawn', name);
    charts().then(function (byName) {
      figure.innerHTML = byName[name];
      figure.setAttribute('data-state', 'drawn');
    });
  }
  // Every packed chart's place: a figure, or the narrow half of the opening chart's.
  var figures = Array.prototype.slice.call(document.querySelectorAll('[data-chart]'));
  if ('IntersectionObserver' in window) {
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) { observer.unobserve(entry.target); inflate(entry.target); }
      });
    }, { rootMargin: '800px 0px' });
    figures.forEach(function (figure) { observer.observe(figure); });
  } else figures.forEach(inflate);
  // A phone turned on its side: the charts drawn are drawn again in the layout that fits.
  if (phone.addEventListener) phone.addEventListener('change', function () {
    figures.forEach(function (figure) {
      if (figure.getAttribute('data-state') === 'drawn' && figure.getAttribute('data-drawn') !== layoutOf(figure)) {
        figure.removeAttribute('data-state');
        inflate(figure);
      }
    });
  });

  function highlight(key) {
    document.querySelectorAll('figure.chart [data-example]').forEach(function (el) {
      el.classList.toggle('dim', key !== null && el.getAttribute('data-example') !== key);
    });
    document.querySelectorAll('tr[data-example]').forEach(function (row) {
      row.classList.toggle('hl', key !== null && row.getAttribute('data-example') === key);
    });
  }
  // Delegated, so that charts drawn later take part: the element under the
  // pointer that stands for an example, or a legend entry whose label does.
  function exampleAt(target) {
    if (!target || !target.closest) return null;
    var el = target.closest('[data-example]');
    if (el) return el;
    var entry = target.closest('.role-legend-entry');
    return entry ? entry.querySelector('[data-example]') : null;
  }
  var current = null;
  // A tap picks out as a hover does: a touch screen has no pointer to hover with.
  function pickOut(event) {
    var el = exampleAt(event.target);
    var key = el ? el.getAttribute('data-example') : null;
    if (key !== current) { current = key; highlight(key); }
    var details = el && el.getAttribute('aria-label');
    if (details && details.indexOf(' \\u00b7 ') > 0) {
      tip.textContent = details;
      tip.style.display = 'block';
      tip.style.left = (event.clientX + 12) + 'px';
      tip.style.top = (event.clientY + 12) + 'px';
    } else tip.style.display = 'none';
  }
  document.addEventListener('mouseover', pickOut);
  document.addEventListener('click', pickOut);

  // Each header's description as its tooltip, written once in the page (html.js tableMarks).
  var helpBlock = document.getElementById('column-help');
  var help = helpBlock ? JSON.parse(helpBlock.textContent) : [];
  document.querySelectorAll('th[data-help]').forEach(function (th) { th.title = help[Number(th.getAttribute('data-help'))]; });

  var form = document.getElementById('picker');
  var dataBlock = document.getElementById('picker-data');
  if (!form || !dataBlock) return;
  var data = JSON.parse(dataBlock.textContent);
  var pick = {
    scenario: document.getElementById('pick-scenario'),
    runtime: document.getElementById('pick-runtime'),
    a: document.getElementById('pick-a'),
    b: document.getElementById('pick-b'),
  };
  var status = document.getElementById('pick-status');
  var comparison = document.getElementById('comparison');
  form.hidden = false;
  document.body.classList.add('picking');

  function picked() {
    return data.sections.filter(function (s) { return s.scenario === pick.scenario.value && s.runtime === pick.runtime.value; })[0] || null;
  }
  function setOptions(select, values, first) {
    var keep = select.value;
    select.innerHTML = '';
    select.appendChild(new Option(first, ''));
    values.forEach(function (value) { select.appendChild(new Option(value, value)); });
    select.value = values.indexOf(keep) >= 0 ? keep : '';
  }
  function interval(times) {
    if (times.length === 0) return 'no finished run';
    var m = stats.logMeanInterval(times);
    var range = times.length >= 2 ? ' (' + number(m.low) + '\\u2013' + number(m.high) + ')' : ' (one run: no interval)';
    return number(m.mean) + range;
  }
  // The times of one side from the sessions the other side ran in too.
  function beside(times, sessions, others) {
    return times.filter(function (t, i) { return others.indexOf(sessions[i]) >= 0; });
  }
  // Of a pair in a cell: the ratio over the sessions both ran in (cell.sessions), or why there is none.
  function pairText(cell, a, b) {
    var ta = cell.times[a] || [];
    var tb = cell.times[b] || [];
    if (ta.length === 0 || tb.length === 0) return 'n/a: ' + (ta.length ? 'the second' : 'the first') + ' has no finished run here';
    if (!cell.sessions) return ratioText(ta, tb);
    var sa = cell.sessions[a] || [];
    var sb = cell.sessions[b] || [];
    var ra = beside(ta, sa, sb);
    if (ra.length === 0) return 'n/a: never run in one session; two sessions can differ by more than the styles do';
    return ratioText(ra, beside(tb, sb, sa));
  }
  function ratioText(a, b) {
    if (a.length < 2 || b.length < 2) return number(stats.mean(a) / stats.mean(b)) + '\\u00d7 (n/a: one run, no interval)';
    var r = stats.ratio(a, b);
    var verdict = r.significant ? 'significant, p = ' + number(r.p) : 'not significant, p = ' + number(r.p);
    return number(r.ratio) + '\\u00d7 (' + number(r.low) + '\\u2013' + number(r.high) + '), ' + verdict;
  }
  function cellText(text) { var td = document.createElement('td'); td.textContent = text; return td; }
  function compare(section) {
    comparison.innerHTML = '';
    var a = pick.a.value;
    var b = pick.b.value;
    document.querySelectorAll('tr[data-example]').forEach(function (row) {
      var key = row.getAttribute('data-example');
      row.classList.toggle('pair', key === a || key === b);
    });
    if (!section || !a || !b) return;
    // Under the heading of the section it compares in, where the reader is.
    var place = document.getElementById(section.id);
    place.querySelector('h3').insertAdjacentElement('afterend', comparison);
    var heading = document.createElement('h3');
    heading.textContent = a + ' against ' + b + ', ' + section.title;
    var table = document.createElement('table');
    var head = table.createTHead().insertRow();
    ['cell', a + ': mean ' + section.what + ', ' + section.unit + ' (95% CI)', b + ': the same', a + ' \\u00f7 ' + b + ' (95% CI)'].forEach(function (text) {
      var th = document.createElement('th'); th.textContent = text; head.appendChild(th);
    });
    var body = table.createTBody();
    section.cells.forEach(function (cell) {
      var ta = cell.times[a] || [];
      var tb = cell.times[b] || [];
      var row = body.insertRow();
      row.setAttribute('data-cell', cell.title);
      // Each side's interval over all its runs; their ratio over the sessions both ran in.
      [cell.title, cell.times[a] ? interval(ta) : 'did not run here', cell.times[b] ? interval(tb) : 'did not run here', pairText(cell, a, b)].forEach(function (text) {
        row.appendChild(cellText(text));
      });
    });
    comparison.appendChild(heading);
    var scroll = document.createElement('div');
    scroll.className = 'table-scroll';
    scroll.appendChild(table);
    comparison.appendChild(scroll);
  }
  function show(scroll) {
    var runtimes = data.sections.filter(function (s) { return s.scenario === pick.scenario.value; }).map(function (s) { return s.runtime; });
    Array.prototype.forEach.call(pick.runtime.options, function (option) { option.disabled = runtimes.indexOf(option.value) < 0; });
    if (runtimes.indexOf(pick.runtime.value) < 0) pick.runtime.value = runtimes[0];
    var section = picked();
    document.querySelectorAll('section.time-section').forEach(function (el) {
      el.classList.toggle('picked', section !== null && el.id === section.id);
    });
    status.textContent = section ? 'Showing ' + section.title + '.' : 'Nothing ran there.';
    if (section) {
      setOptions(pick.a, section.examples, '(an example)');
      setOptions(pick.b, section.examples, '(another)');
    }
    compare(section);
    if (section && scroll) document.getElementById(section.id).scrollIntoView();
  }
  var all = document.getElementById('pick-all');
  all.addEventListener('change', function () {
    document.body.classList.toggle('picking', !all.checked);
    if (all.checked) figures.forEach(inflate);
  });
  pick.scenario.addEventListener('change', function () { show(true); });
  pick.runtime.addEventListener('change', function () { show(true); });
  pick.a.addEventListener('change', function () { compare(picked()); });
  pick.b.addEventListener('change', function () { compare(picked()); });
  // The view is kept in the address, so that it can be shared: the section's
  // id, then the examples compared and "every section" (#time-...&a=x&b=y&all).
  function remember() {
    var section = picked();
    var hash = section ? '#' + section.id : '';
    if (pick.a.value) hash += '&a=' + encodeURIComponent(pick.a.value);
    if (pick.b.value) hash += '&b=' + encodeURIComponent(pick.b.value);
    if (all.checked) hash += '&all';
    if (hash !== location.hash) history.replaceState(null, '', hash || location.pathname + location.search);
  }
  [pick.scenario, pick.runtime, pick.a, pick.b, all].forEach(function (select) { select.addEventListener('change', remember); });
  // A link to a section (the contents, an address with #time-...) picks it, and the rest of the view.
  function follow() {
    var parts = location.hash.slice(1).split('&');
    var target = data.sections.filter(function (s) { return s.id === parts[0]; })[0];
    if (!target) return false;
    var wanted = {};
    parts.slice(1).forEach(function (part) {
      var pair = part.split('=');
      wanted[pair[0]] = pair.length > 1 ? decodeURIComponent(pair[1]) : true;
    });
    pick.scenario.value = target.scenario;
    pick.runtime.value = target.runtime;
    if (Boolean(wanted.all) !== all.checked) {
      all.checked = Boolean(wanted.all);
      document.body.classList.toggle('picking', !all.checked);
      if (all.checked) figures.forEach(inflate);
    }
    show(!all.checked);
    if (typeof wanted.a === 'string') pick.a.value = wanted.a;
    if (typeof wanted.b === 'string') pick.b.value = wanted.b;
    compare(picked());
    return true;
  }
  window.addEventListener('hashchange', follow);
  if (!follow()) show(false);
})();
`;

const STYLE = `
form.picker { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; position: sticky; top: 0; background: #fff; padding: .5rem 0; border-bottom: 1px solid #ddd; z-index: 1; }
/* On a phone the bar scrolls away with the page: kept on top it took a fifth of the screen. */
@media (max-width: 700px) { form.picker { position: static; gap: .3rem .6rem; font-size: .9rem; } section.time-section, #time { scroll-margin-top: 0; } }
form.picker select { font: inherit; max-width: 16rem; }
body.picking section.time-section:not(.picked) { display: none; }
section.time-section, #time { scroll-margin-top: 6rem; }
#comparison h3 { font-size: 1rem; }
tr.pair td { background: #e4f0ff; }
figure.chart .narrow-only { display: none; }
@media (max-width: 599px) { figure.chart .narrow-only { display: block; } figure.chart .wide-only { display: none; } }
p.chart-wait { color: #777; font-style: italic; min-height: 6rem; }
`;

module.exports = { SCRIPT, STYLE };
