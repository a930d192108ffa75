'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { fixtureReport, pageCharts, EXAMPLES } = require('./fixture-report');
const { DENSE_ROWS } = require('./dense-rows');
const { scatterSpec } = require('../../lib/report/charts/scatter-plot');
const { exampleColors, REFERENCE_GREY } = require('../../lib/report/charts/colors');
const { renderSvg, tagExamples } = require('../../lib/report/charts/vega');
const registries = require('../../examples');
const { launchChromium } = require('./chromium');

// The HTML page as a reader gets it: opened from a file in a real headless
// Chromium, offline. Screenshots go to /tmp/asyncmark-shots for a person to
// look at; the assertions are about structure and behaviour, never timings.

const SHOTS = path.join(os.tmpdir(), 'asyncmark-shots');

// Boxes as the browser lays them out, less a pixel of antialiasing.
function overlap(a, b) {
  return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
}

describe('report: the HTML page in a headless browser', function () {
  this.timeout(120000);
  let browser;
  let dir;

  let chromium;

  before(async function () {
    chromium = await launchChromium(this, 'asyncmark-browser-');
    ({ browser, dir } = chromium);
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  after(async () => {
    if (chromium) await chromium.close();
  });

  // Opens a file, collecting what went wrong and every address asked for.
  async function open(file, { width = 1280, height = 900 } = {}) {
    const page = await browser.newPage();
    const problems = [];
    const requests = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => requests.push(request.url()));
    await page.setViewport({ width, height });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    return { page, problems, requests };
  }

  // The report's page with every section shown and every packed chart drawn,
  // as a reader gets it by ticking "every section".
  async function openReport(options) {
    const { files } = await fixtureReport('html');
    const file = path.join(dir, 'index.html');
    fs.writeFileSync(file, files[0].content);
    const opened = await open(file, options);
    await opened.page.click('#pick-all');
    await opened.page.waitForFunction(() => [...document.querySelectorAll('figure[data-chart]')].every((f) => f.getAttribute('data-state') === 'drawn'), {
      timeout: 20000,
    });
    return opened;
  }

  it('opens offline with no console error and no page error', async () => {
    const { page, problems, requests } = await openReport();
    await page.screenshot({ path: path.join(SHOTS, 'report.png'), fullPage: true });
    assert.deepEqual(problems, []);
    assert.deepEqual(
      requests.filter((url) => !url.startsWith('file:')),
      [],
    );
    await page.close();
  });

  it('shows every chart of the report, in order, each drawn', async () => {
    const { model } = await fixtureReport('html');
    const { page } = await openReport();
    const figures = await page.$$eval('figure.chart', (all) =>
      all.map((figure) => {
        const svg = figure.querySelector('svg');
        const box = svg.getBoundingClientRect();
        return {
          title: figure.getAttribute('aria-label'),
          width: box.width,
          height: box.height,
          marks: svg.querySelectorAll('.role-mark [data-example]').length,
        };
      }),
    );
    assert.deepEqual(
      figures.map((f) => f.title),
      pageCharts(model).map((chart) => chart.title),
    );
    for (const figure of figures) {
      assert.ok(figure.width > 200 && figure.height > 150, `${figure.title} is drawn`);
      assert.ok(figure.marks > 0, `${figure.title} has marks of examples`);
    }
    const handles = await page.$$('figure.chart');
    for (const [i, handle] of handles.entries()) {
      await handle.screenshot({ path: path.join(SHOTS, `figure-${String(i + 1).padStart(2, '0')}-${pageCharts(model)[i].name.replace(/\.svg$/, '')}.png`) });
    }
    await page.close();
  });

  it('highlights an example when its legend entry or its table row is hovered', async () => {
    const { page } = await openReport();
    const state = (key) =>
      page.evaluate((example) => {
        const marks = [...document.querySelectorAll('figure.chart .role-mark [data-example]')];
        const opacity = (el) => Number(getComputedStyle(el).opacity);
        const mine = marks.filter((el) => el.getAttribute('data-example') === example);
        const others = marks.filter((el) => el.getAttribute('data-example') !== example);
        return {
          mine: Math.min(...mine.map(opacity)),
          mineDimmed: mine.filter((el) => el.classList.contains('dim')).length,
          others: Math.max(...others.map(opacity)),
          othersDimmed: others.filter((el) => el.classList.contains('dim')).length,
          othersCount: others.length,
          rows: [...document.querySelectorAll('tr.hl')].map((tr) => tr.getAttribute('data-example')),
        };
      }, key);

    const before = await state('async-await');
    assert.equal(before.othersDimmed, 0);
    assert.deepEqual(before.rows, []);

    // A legend entry of the first small multiples: the label takes no pointer
    // events, its entry does.
    const label = 'figure.chart[aria-label$="wall time against n"] .role-legend-label text[data-example="async-await"]';
    await page.hover(label);
    const hovered = await state('async-await');
    assert.equal(hovered.mineDimmed, 0);
    assert.ok(hovered.mine > 0.1, "the example's own marks stay visible");
    assert.equal(hovered.othersDimmed, hovered.othersCount, "every other example's marks are dimmed");
    assert.ok(hovered.others <= 0.12 + 1e-9, `others at opacity ${hovered.others}`);
    assert.ok(hovered.rows.length > 0 && hovered.rows.every((key) => key === 'async-await'), 'its table rows are highlighted');
    const entry = await page.$(label);
    const figure = await entry.evaluateHandle((el) => el.closest('figure'));
    await figure.asElement().screenshot({ path: path.join(SHOTS, 'hover-legend-async-await.png') });

    await page.mouse.move(1, 1);
    assert.equal((await state('async-await')).othersDimmed, 0, 'leaving the entry clears the highlight');

    await page.hover('tr[data-example="promises-native"]');
    const row = await state('promises-native');
    assert.equal(row.othersDimmed, row.othersCount);
    assert.equal(row.mineDimmed, 0);
    await page.close();
  });

  it('gives an example one colour in every chart and beside its name in the tables', async () => {
    const { model } = await fixtureReport('html');
    const { page } = await openReport();
    for (const example of EXAMPLES) {
      const found = await page.evaluate(
        (key, grey) => {
          const colors = new Set();
          for (const el of document.querySelectorAll(`figure.chart .role-mark path[data-example="${key}"]`)) {
            const fill = el.getAttribute('fill');
            const color = fill && fill !== 'none' && fill !== 'white' && fill !== 'transparent' ? fill : el.getAttribute('stroke');
            if (color && color !== grey) colors.add(color);
          }
          const swatches = new Set([...document.querySelectorAll(`tr[data-example="${key}"] .swatch`)].map((s) => getComputedStyle(s).backgroundColor));
          return { colors: [...colors], swatches: [...swatches] };
        },
        example,
        REFERENCE_GREY,
      );
      const hex = model.colors[example];
      assert.deepEqual(found.colors, [hex], example);
      const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      assert.deepEqual(found.swatches, [rgb], example);
    }
    await page.close();
  });

  it('never wraps a number, and scrolls a wide table on a narrow screen', async () => {
    const { page } = await openReport({ width: 480, height: 900 });
    // The numbers are the cells the page's style right-aligns (their table names their columns).
    const all = await page.$$eval('td, th', (found) =>
      found.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const style = getComputedStyle(cell);
        return { text: cell.textContent, lines: lines.size, whiteSpace: style.whiteSpace, header: cell.tagName === 'TH', right: style.textAlign === 'right' };
      }),
    );
    const cells = all.filter((cell) => cell.header || cell.right);
    assert.ok(all.filter((cell) => !cell.header && cell.right).length > 100, 'numeric cells right-aligned');
    for (const cell of cells) {
      assert.equal(cell.whiteSpace, 'nowrap', cell.text);
      assert.ok(cell.lines <= 1, `"${cell.text}" wraps onto ${cell.lines} lines`);
    }
    const scroll = await page.$$eval('.table-scroll', (all) =>
      all.map((div) => ({ scrolls: div.scrollWidth > div.clientWidth, fits: div.clientWidth <= window.innerWidth })),
    );
    assert.ok(
      scroll.some((s) => s.scrolls),
      'a wide table scrolls',
    );
    assert.ok(
      scroll.every((s) => s.fits),
      'no table widens the page',
    );
    const table = await page.$('h4 + figure + .table-scroll');
    await table.screenshot({ path: path.join(SHOTS, 'narrow-table.png') });
    await page.close();
  });

  it('draws the crowded scatter with no label over another or over a point', async () => {
    const colors = exampleColors(
      DENSE_ROWS.map((r) => r.example),
      registries,
    );
    const spec = scatterSpec(DENSE_ROWS, { scenario: 'doxbee-sequential', params: { n: 10000, t: 1 }, baseline: 'callbacks-original' }, { colors, registries });
    const svg = tagExamples(await renderSvg(spec), new Set(DENSE_ROWS.map((r) => r.example)));
    const file = path.join(dir, 'dense-scatter.svg');
    fs.writeFileSync(file, svg);
    const { page, problems } = await open(file);
    const boxes = await page.evaluate((grey) => {
      const rect = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: el.textContent, key: el.getAttribute('data-example') };
      };
      return {
        // The names, not their white outlines (drawn without a label for assistive technology).
        texts: [...document.querySelectorAll('.role-mark text[data-example][aria-label]')].map(rect),
        // The points in colour, not the other families' grey ones behind them.
        points: [...document.querySelectorAll('.mark-symbol.role-mark path[data-example]')].filter((p) => p.getAttribute('fill') !== grey).map(rect),
      };
    }, REFERENCE_GREY);
    assert.deepEqual(problems, []);
    assert.equal(boxes.texts.length, DENSE_ROWS.length, 'a name per example');
    assert.equal(boxes.points.length, DENSE_ROWS.length);
    for (let i = 0; i < boxes.texts.length; i++) {
      for (let j = i + 1; j < boxes.texts.length; j++) {
        assert.ok(!overlap(boxes.texts[i], boxes.texts[j]), `"${boxes.texts[i].text}" and "${boxes.texts[j].text}" overlap`);
      }
      for (const point of boxes.points) {
        assert.ok(!overlap(boxes.texts[i], point), `"${boxes.texts[i].text}" covers the point of ${point.key}`);
      }
    }
    await page.screenshot({ path: path.join(SHOTS, 'dense-scatter.png') });
    await page.close();
  });

  it("renders the markdown report's SVG files as pictures, with no error", async () => {
    const { files } = await fixtureReport('markdown');
    for (const { name, content } of files.filter((f) => f.name.endsWith('.svg'))) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      const { page, problems } = await open(file, { width: 1200, height: 800 });
      const size = await page.$eval('svg', (svg) => [svg.getBoundingClientRect().width, svg.getBoundingClientRect().height]);
      assert.deepEqual(problems, [], name);
      assert.ok(size[0] > 200 && size[1] > 150, name);
      await page.screenshot({ path: path.join(SHOTS, `svg-${name.replace(/\.svg$/, '')}.png`), fullPage: true });
      await page.close();
    }
  });
});
