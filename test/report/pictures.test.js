'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { fixtureReport } = require('./fixture-report');
const { launchChromium } = require('./chromium');
const { packedCharts } = require('./unpack-page');

// Every picture as a reader sees it, in headless Chromium: the fixture
// report's charts and every chart committed in docs/results, and the HTML
// page at a desktop's and a phone's width. A chart fails on two text boxes
// that overlap (as the browser lays the text out), on two series of one
// legend in one colour and shape, and on a height past 1,200 px (a phone's
// narrow layout, read by scrolling down: past 2,400 px, or wider than the
// phone's page); the page fails on a view its address does not restore, and
// on a phone where the charts shrink or the picker's bar stays on top.

const DOCS = path.join(__dirname, '..', '..', 'docs', 'results');
const TALLEST = 1200;
const WIDTHS = [1400, 390];
// The page's width on a 390 px phone, less its margins: where a narrow layout is shown.
const PHONE_PAGE = 390 - 2 * 16;
// A narrow layout gives each row two lines (the name, then the bar) and is read
// by scrolling down: DoxBee's 43 examples take about two phone screens.
const TALLEST_NARROW = 2 * TALLEST;

// What a chart shows a reader, read in the page: its size, its texts' boxes
// (a text drawn twice at one place, as an outline under itself, counted once)
// and each legend's entries.
function readChart() {
  const svg = document.querySelector('svg');
  const size = svg.getBoundingClientRect();
  const boxes = [];
  for (const text of svg.querySelectorAll('text')) {
    const b = text.getBoundingClientRect();
    if (!text.textContent.trim() || b.width === 0 || getComputedStyle(text).opacity === '0') continue;
    const box = { left: b.left, right: b.right, top: b.top, bottom: b.bottom, text: text.textContent };
    if (!boxes.some((o) => Math.abs(o.left - box.left) < 0.5 && Math.abs(o.top - box.top) < 0.5 && o.text === box.text)) boxes.push(box);
  }
  const legends = [...svg.querySelectorAll('.role-legend')].map((legend) =>
    [...legend.querySelectorAll('.role-legend-symbol path')].map((p) => `${p.getAttribute('stroke')} ${p.getAttribute('fill')} ${p.getAttribute('d')}`),
  );
  return { width: size.width, height: size.height, boxes, legends };
}

// Boxes as the browser lays them out, less a pixel of antialiasing.
function overlapping(boxes) {
  const pairs = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) pairs.push(`"${a.text}" / "${b.text}"`);
    }
  }
  return pairs;
}

function problemsOf(name, chart, { widest = Infinity, tallest = TALLEST } = {}) {
  const problems = overlapping(chart.boxes).map((pair) => `${name}: texts overlap: ${pair}`);
  if (chart.height > tallest) problems.push(`${name}: ${Math.round(chart.height)} px tall`);
  if (chart.width > widest) problems.push(`${name}: ${Math.round(chart.width)} px wide`);
  chart.legends.forEach((entries, i) => {
    const twice = entries.filter((entry, k) => entries.indexOf(entry) !== k);
    if (twice.length) problems.push(`${name}: legend ${i + 1} draws two series alike (${twice[0]})`);
  });
  return problems;
}

describe('report: every picture in a browser, at a desktop and a phone width', function () {
  this.timeout(300000);
  let chromium;

  before(async function () {
    chromium = await launchChromium(this, 'asyncmark-pictures-');
  });

  after(async () => {
    if (chromium) await chromium.close();
  });

  async function chartsIn(files, limits) {
    const page = await chromium.browser.newPage();
    const problems = [];
    try {
      for (const { name, file } of files) {
        await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
        problems.push(...problemsOf(name, await page.evaluate(readChart), limits));
      }
    } finally {
      await page.close();
    }
    return problems;
  }

  it('finds what it looks for: overprinted labels, a shared colour and a tall chart are caught (planted)', async () => {
    const text = (x, y, s) => `<text x="${x}" y="${y}" font-size="12">${s}</text>`;
    const symbol = (stroke) => `<g class="role-legend-symbol"><path stroke="${stroke}" fill="white" d="M0,0h5"/></g>`;
    const planted = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="1300">${text(10, 20, 'promises-q')}${text(14, 22, 'promises-q-async')}<g class="role-legend">${symbol('#1f77b4')}${symbol('#1f77b4')}</g></svg>`;
    const file = path.join(chromium.dir, 'planted.svg');
    fs.writeFileSync(file, planted);
    const problems = await chartsIn([{ name: 'planted.svg', file }], { widest: PHONE_PAGE });
    assert.equal(problems.length, 4, problems.join('\n'));
    assert.match(problems.join('\n'), /400 px wide/);
    assert.match(problems.join('\n'), /texts overlap: "promises-q" \/ "promises-q-async"/);
    assert.match(problems.join('\n'), /1300 px tall/);
    assert.match(problems.join('\n'), /legend 1 draws two series alike/);
  });

  it("draws the fixture report's charts with no overprint, no shared colour, none past 1,200 px", async () => {
    const { files } = await fixtureReport('markdown');
    const written = files
      .filter((f) => f.name.endsWith('.svg'))
      .map(({ name, content }) => {
        const file = path.join(chromium.dir, name);
        fs.writeFileSync(file, content);
        return { name, file };
      });
    assert.ok(written.length > 5);
    assert.deepEqual(await chartsIn(written), []);
  });

  it('draws every chart committed in docs/results the same way', async () => {
    const names = fs.readdirSync(DOCS).filter((name) => name.endsWith('.svg'));
    assert.ok(names.length > 50);
    assert.deepEqual(await chartsIn(names.map((name) => ({ name, file: path.join(DOCS, name) }))), []);
  });

  it(`draws the narrow layouts the committed page carries the same way, none wider than ${PHONE_PAGE} px`, async () => {
    const html = fs.readFileSync(path.join(DOCS, 'index.html'), 'utf8');
    const packed = packedCharts(html);
    const narrow = [...packed.keys()].filter((name) => name.endsWith('-narrow.svg'));
    assert.ok(narrow.length > 10, `${narrow.length} narrow layouts`);
    const files = narrow.map((name) => {
      const file = path.join(chromium.dir, name);
      fs.writeFileSync(file, packed.get(name));
      return { name, file };
    });
    assert.deepEqual(await chartsIn(files, { widest: PHONE_PAGE, tallest: TALLEST_NARROW }), []);
  });

  for (const width of WIDTHS) {
    it(`restores a view from its address, at ${width} px`, async () => {
      const { files } = await fixtureReport('html');
      const file = path.join(chromium.dir, `page-${width}.html`);
      fs.writeFileSync(file, files[0].content);
      const page = await chromium.browser.newPage();
      await page.setViewport({ width, height: 844 });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      const scenarios = await page.$$eval('#pick-scenario option', (all) => all.map((o) => o.value));
      await page.select('#pick-scenario', scenarios[scenarios.length - 1]);
      const examples = await page.$$eval('#pick-a option', (all) => all.map((o) => o.value).filter(Boolean));
      await page.select('#pick-a', examples[0]);
      await page.select('#pick-b', examples[1]);
      const view = () => page.evaluate(() => ['scenario', 'runtime', 'a', 'b'].map((k) => document.getElementById(`pick-${k}`).value));
      const chosen = await view();
      const address = page.url();
      assert.match(address, /#time-.*&a=.*&b=/);
      const again = await chromium.browser.newPage();
      await again.setViewport({ width, height: 844 });
      await again.goto(address, { waitUntil: 'load' });
      assert.deepEqual(await again.evaluate(() => ['scenario', 'runtime', 'a', 'b'].map((k) => document.getElementById(`pick-${k}`).value)), chosen);
      assert.ok((await again.$$('#comparison table')).length > 0, 'the comparison is shown again');
      if (width < 700) {
        const bar = await again.$eval('#picker', (form) => getComputedStyle(form).position);
        assert.equal(bar, 'static', 'the bar scrolls away on a phone');
        await again.click('#pick-all');
        await again.waitForFunction(() => [...document.querySelectorAll('figure[data-chart]')].every((f) => f.getAttribute('data-state') === 'drawn'), {
          timeout: 60000,
        });
        const shrunk = await again.$$eval(
          'figure.chart svg',
          // A layout the screen's width hides (the desktop's, beside a narrow one) is not shown, so not shrunk.
          (all) =>
            all.filter((svg) => svg.getBoundingClientRect().width > 0 && svg.getBoundingClientRect().width + 1 < Number(svg.getAttribute('width'))).length,
        );
        assert.equal(shrunk, 0, 'no chart is shrunk to the screen');
      }
      await page.close();
      await again.close();
    });
  }

  it('orders the runtime menu, Node by version first', () => {
    const { byRuntime } = require('../../lib/report/render/page-picker');
    assert.deepEqual(['node 26', 'node 22', 'node 24', 'bun 1.4', 'deno 2', 'node 20', 'chromium 156'].sort(byRuntime), [
      'node 20',
      'node 22',
      'node 24',
      'node 26',
      'bun 1.4',
      'chromium 156',
      'deno 2',
    ]);
  });
});
