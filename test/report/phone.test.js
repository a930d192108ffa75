'use strict';

// readPage and the waits run in the browser, through page.evaluate.
/* global window, document */

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { buildReport } = require('../../lib/report');
const { read, GENERATOR, DECLARATIONS } = require('./fixture-report');
const { launchChromium } = require('./chromium');

// The results page on a phone (390 × 844) and on a desktop, in headless
// Chromium, built from the committed results as `asyncmark report` builds
// docs/results/index.html. On the phone: the page no wider than the screen,
// the picker within the first two screens, every chart drawn in its narrow
// layout and no wider than the screen (none scrolls sideways), and no
// instruction that needs a mouse. On the desktop, the desktop's charts.
// Planted pages fail: the page as it was (no narrow layouts, the picker after
// the contents, "hover"), one chart without its narrow layout, and a narrow
// layout swapped for a desktop one. Screenshots go to /tmp/asyncmark-shots
// for a person to look at.

const DOCS = path.join(__dirname, '..', '..', 'docs', 'results');
const SHOTS = path.join(os.tmpdir(), 'asyncmark-shots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// What the page shows at its size, every section's charts drawn ("every section" ticked).
function readPage() {
  const width = window.innerWidth;
  const shown = (el) => el.getBoundingClientRect().width > 0;
  const charts = [...document.querySelectorAll('figure.chart')].flatMap((figure) =>
    [...figure.querySelectorAll('svg, img, canvas')].filter(shown).map((chart) => {
      const narrowPart = chart.closest('.narrow-only');
      const hasNarrow = figure.hasAttribute('data-narrow') || figure.querySelector('.narrow-only') !== null;
      const narrowName = figure.getAttribute('data-narrow') || (figure.getAttribute('data-chart') || '').replace(/\.svg$/, '-narrow.svg');
      const packedNarrow = figure.hasAttribute('data-narrow') && figure.getAttribute('data-drawn') === narrowName;
      const drawnAs = narrowPart || packedNarrow ? 'narrow' : 'wide';
      return {
        title: figure.getAttribute('aria-label'),
        width: chart.getBoundingClientRect().width,
        figure: figure.getBoundingClientRect().width,
        hasNarrow,
        drawnAs: hasNarrow ? drawnAs : 'wide',
      };
    }),
  );
  const picker = document.getElementById('picker');
  return {
    width,
    documentWidth: document.documentElement.scrollWidth,
    pickerTop: picker.getBoundingClientRect().top + window.scrollY,
    text: document.body.innerText,
    charts,
  };
}

// What is wrong with the page as readPage saw it on a phone; `drawn`: once every chart is drawn.
function phoneProblems(seen, { height }, { drawn = true } = {}) {
  const problems = [];
  if (seen.documentWidth > seen.width) problems.push(`the page is ${seen.documentWidth} px wide on a ${seen.width} px screen`);
  if (seen.pickerTop > 2 * height) problems.push(`the picker starts at ${Math.round(seen.pickerTop)} px, past the first two screens (${2 * height} px)`);
  if (drawn && !seen.charts.some((chart) => chart.hasNarrow)) problems.push('no chart has a narrow layout');
  for (const chart of seen.charts) {
    // Every chart, with a narrow layout or without: none may scroll sideways in its figure.
    if (chart.width > seen.width) problems.push(`chart wider than the screen: ${chart.title} (${Math.round(chart.width)} px, ${chart.drawnAs} layout)`);
    else if (chart.hasNarrow && chart.drawnAs !== 'narrow') problems.push(`chart in its desktop layout on a phone: ${chart.title}`);
    if (chart.figure > seen.width) problems.push(`figure wider than the screen: ${chart.title} (${Math.round(chart.figure)} px)`);
  }
  const mouse = seen.text.match(/(?<!tap or )\bhover\w*/gi);
  if (mouse) problems.push(`an instruction that needs a mouse: "${mouse[0]}"`);
  return problems;
}

// The page as it was before it read on a phone: no narrow layout, the picker after the contents, "hover".
function asItWas(html) {
  const picker = html.match(/<form class="picker"[\s\S]*?<\/form>/)[0];
  return html
    .replace(/ data-narrow(="[^"]*")?/g, '')
    .replace(/\n<div class="narrow-only"[^>]*>.*?<\/div>/g, '')
    .replace(/<div class="wide-only">([\s\S]*?<\/svg>)<\/div>/, '$1')
    .replace(picker, '')
    .replace('<h2 id="time">Time and memory</h2>', `<h2 id="time">Time and memory</h2>\n${picker}`)
    .replace('tap or hover', 'hover');
}

describe('report: the results page on a phone, in a headless browser', function () {
  this.timeout(300000);
  let chromium;
  let html;

  before(async function () {
    chromium = await launchChromium(this, 'asyncmark-phone-');
    fs.mkdirSync(SHOTS, { recursive: true });
    const input = {
      results: [read(path.join(DOCS, 'runs.jsonl'))],
      complexity: read(path.join(DOCS, 'complexity.json')),
      debuggability: read(path.join(DOCS, 'debuggability.json')),
      format: 'html',
      ...DECLARATIONS,
      generator: GENERATOR,
    };
    html = (await buildReport(input)).files[0].content;
  });

  after(async () => {
    if (chromium) await chromium.close();
  });

  // The page at a size: its first screen as a picture, then every section's charts drawn.
  async function look(content, size, shot) {
    const file = path.join(chromium.dir, `page-${size.width}-${Math.random().toString(36).slice(2)}.html`);
    fs.writeFileSync(file, content);
    const page = await chromium.browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.setViewport(size);
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      const first = await page.evaluate(readPage);
      if (shot) await page.screenshot({ path: path.join(SHOTS, shot) });
      await page.click('#pick-all');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-chart]')].every((f) => f.getAttribute('data-state') === 'drawn'), {
        timeout: 120000,
      });
      const all = await page.evaluate(readPage);
      assert.deepEqual(errors, []);
      return { first, all };
    } finally {
      await page.close();
    }
  }

  it('at 390 × 844: no chart and no page wider than the screen, the picker in the first two screens, nothing that needs a mouse', async () => {
    const { first, all } = await look(html, PHONE, 'phone-first-screen.png');
    assert.deepEqual(phoneProblems(first, PHONE, { drawn: false }), []);
    assert.deepEqual(phoneProblems(all, PHONE), []);
    // Every chart of every section, the opening one too, in its narrow layout.
    assert.ok(all.charts.length >= 90, `${all.charts.length} charts`);
    assert.deepEqual(
      all.charts.filter((chart) => chart.drawnAs !== 'narrow').map((chart) => chart.title),
      [],
    );
  });

  it('at a desktop width, every chart in its desktop layout', async () => {
    const { all } = await look(html, DESKTOP, 'desktop-first-screen.png');
    assert.ok(all.charts.length >= 90, `${all.charts.length} charts`);
    for (const chart of all.charts) {
      assert.ok(chart.hasNarrow, chart.title);
      assert.equal(chart.drawnAs, 'wide', chart.title);
      assert.ok(chart.width > PHONE.width, `${chart.title}: ${chart.width} px`);
    }
  });

  it('fails the page as it was: charts past the screen, the picker far down, "hover" (planted)', async () => {
    const planted = asItWas(html);
    assert.notEqual(planted, html);
    const { first, all } = await look(planted, PHONE);
    const problems = [...phoneProblems(first, PHONE, { drawn: false }), ...phoneProblems(all, PHONE)].join('\n');
    assert.match(problems, /the picker starts at \d+ px, past the first two screens/);
    assert.match(problems, /no chart has a narrow layout/);
    assert.match(problems, /chart wider than the screen: .* \(\d+ px, wide layout\)/);
    assert.match(problems, /an instruction that needs a mouse: "hover"/);
  });

  it('fails a planted chart without a narrow layout: it scrolls sideways at its desktop width', async () => {
    // The first runtimes chart's narrow layout taken away, as every chart but the forest plots' was.
    const planted = html.replace(/(<figure class="chart" data-chart="[^"]*-runtimes\.svg") data-narrow(="[^"]*")?/, '$1');
    assert.notEqual(planted, html);
    const { all } = await look(planted, PHONE);
    const problems = phoneProblems(all, PHONE);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /^chart wider than the screen: .*each runtime relative to .* \(\d+ px, wide layout\)$/);
  });

  it('fails a planted chart wider than the screen in a narrow layout', async () => {
    // The opening chart's narrow layout swapped for its desktop one.
    const planted = html.replace(/(<div class="narrow-only" data-chart=")[^"]*(-narrow\.svg)"/, (all, open) => {
      const name = /<figure class="chart" data-chart="([^"]*-forest\.svg)"/.exec(html)[1];
      return `${open}${name}"`;
    });
    assert.notEqual(planted, html);
    const { all } = await look(planted, PHONE);
    assert.match(phoneProblems(all, PHONE).join('\n'), /chart wider than the screen: .* \(\d+ px, narrow layout\)/);
  });
});
