'use strict';

/* global document -- the functions given to page.evaluate and page.waitForFunction run in the page. */

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { buildReport } = require('../../lib/report');
const stats = require('../../lib/stats');
const show = require('../../lib/report/display');
const { fixtureInput, read, RESULTS, GENERATOR, DECLARATIONS } = require('./fixture-report');
const { packedCharts, unpackPage } = require('./unpack-page');
const { launchChromium } = require('./chromium');

// The results page as a reader uses it, in a headless Chromium through
// puppeteer-core: sections named by what they are, a scenario and a runtime
// picked, two examples compared, charts drawn only when shown, and the page
// light. Each check has a planted page it must catch.

const ROOT = path.join(__dirname, '..', '..');
const DOCS = path.join(ROOT, 'docs', 'results');
// The aim for the page built from the committed results.
const MOST_BYTES = 1.5e6;

// The fixture's runs, and doxbee-sequential again on a second Node.
function twoRuntimes() {
  const lines = read(RESULTS)
    .text.split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  // Node 22's runs in the same session, as --runtime node,node@22 makes them: runtimes are compared within a session.
  const node22 = lines.filter((l) => l.scenario === 'doxbee-sequential').map((l) => ({ ...l, env: { ...l.env, node: 'v22.12.0' } }));
  return { name: 'two.jsonl', text: [...lines, ...node22].map((l) => JSON.stringify(l)).join('\n') };
}

describe('report: picking on the results page, in a headless browser', function () {
  this.timeout(120000);
  let browser;
  let dir;
  let built;

  let chromium;

  before(async function () {
    chromium = await launchChromium(this, 'asyncmark-picker-');
    ({ browser, dir } = chromium);
    built = await buildReport(fixtureInput({ results: [twoRuntimes()], format: 'html', complexity: null, debuggability: null }));
  });

  after(async () => {
    if (chromium) await chromium.close();
  });

  async function open(html) {
    const file = path.join(dir, `page-${Math.random().toString(36).slice(2)}.html`);
    fs.writeFileSync(file, html);
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    return { page, problems };
  }

  // What a reader sees of the sections of times: the headings shown, and
  // how many charts of the hidden ones were drawn.
  const visible = (page) =>
    page.evaluate(() => {
      const sections = [...document.querySelectorAll('section.time-section')];
      const shown = sections.filter((s) => s.offsetParent !== null);
      return {
        headings: shown.map((s) => s.querySelector('h3').textContent),
        hiddenDrawn: sections.filter((s) => s.offsetParent === null).flatMap((s) => [...s.querySelectorAll('figure[data-state="drawn"]')]).length,
        all: sections.map((s) => s.querySelector('h3').textContent),
      };
    });

  async function pickSection(page, scenario, runtime) {
    await page.select('#pick-scenario', scenario);
    await page.select('#pick-runtime', runtime);
    return visible(page);
  }

  it('names every section by its scenario and runtime, never "env N"', async () => {
    const { page, problems } = await open(built.files[0].content);
    const { all } = await visible(page);
    assert.deepEqual(all, ['doxbee-sequential on node 20', 'doxbee-errors on node 20', 'doxbee-sequential on node 22']);
    const nav = await page.$$eval('nav a', (links) => links.map((a) => a.textContent.trim()));
    for (const title of all) assert.ok(nav.includes(title), title);
    assert.ok(!nav.some((text) => /\benv \d/.test(text)));
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("gives each described column's header its description as a tooltip", async () => {
    const { page, problems } = await open(built.files[0].content);
    const headers = await page.$$eval('th[data-help]', (ths) => ths.map((th) => [th.textContent, th.title]));
    assert.ok(headers.length > 30);
    for (const [text, title] of headers) assert.ok(title.length >= 10, `${text}: "${title}"`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('shows the section picked, draws its charts and leaves the others undrawn', async () => {
    const { page, problems } = await open(built.files[0].content);
    assert.deepEqual((await visible(page)).headings, ['doxbee-sequential on node 20'], 'the headline section first');
    // A chart is drawn when it comes near the screen.
    await page.$eval('section.time-section.picked', (section) => section.scrollIntoView());
    await page.waitForFunction(() => document.querySelector('section.time-section.picked figure[data-chart] svg'), { timeout: 20000 });
    assert.equal((await visible(page)).hiddenDrawn, 0, 'no chart of a section not shown is drawn');
    let seen = await pickSection(page, 'doxbee-errors', 'node 20');
    assert.deepEqual(seen.headings, ['doxbee-errors on node 20']);
    // doxbee-errors did not run on node 22: that runtime cannot be picked with it.
    assert.deepEqual(await page.$$eval('#pick-runtime option', (options) => options.map((o) => [o.value, o.disabled])), [
      ['node 20', false],
      ['node 22', true],
    ]);
    seen = await pickSection(page, 'doxbee-sequential', 'node 22');
    assert.deepEqual(seen.headings, ['doxbee-sequential on node 22']);
    await page.waitForFunction(() => [...document.querySelectorAll('section.time-section.picked figure[data-chart]')].every((f) => f.querySelector('svg')), {
      timeout: 20000,
    });
    const charts = await page.$$eval('section.time-section.picked figure svg', (svgs) => svgs.length);
    assert.equal(charts, 3, 'a forest plot and time and memory against n');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("compares the two examples picked with the tables' statistics", async () => {
    const { page, problems } = await open(built.files[0].content);
    await pickSection(page, 'doxbee-sequential', 'node 20');
    await page.select('#pick-a', 'promises-bluebird');
    await page.select('#pick-b', 'callbacks-original');
    // The page fills the comparison on the change event; on a loaded machine
    // that may come after select() returns.
    await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr').length > 0, { timeout: 20000 });
    const rows = await page.$$eval('#comparison tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
    const section = built.model.sections.find((s) => s.scenario === 'doxbee-sequential' && s.env.id === 'node 20');
    assert.equal(rows.length, section.tables.length);
    for (const [i, reference] of section.tables.entries()) {
      const times = (example) =>
        built.model.cells.find(
          (c) =>
            c.env === section.env.key && c.scenario === 'doxbee-sequential' && c.example === example && show.params(c.params) === show.params(reference.params),
        ).times;
      const r = stats.ratio(times('promises-bluebird'), times('callbacks-original'));
      assert.equal(rows[i][0], reference.title);
      assert.ok(
        rows[i][3].startsWith(`${show.number(r.ratio)}× (${show.number(r.low)}–${show.number(r.high)}), ${r.significant ? 'significant' : 'not significant'}`),
        rows[i][3],
      );
    }
    const paired = await page.$$eval('section.time-section.picked tr.pair', (trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-example')))].sort());
    assert.deepEqual(paired, ['callbacks-original', 'promises-bluebird']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('compares two examples only over the sessions both ran in (planted: promises-bluebird in a session of its own)', async () => {
    const { text } = twoRuntimes();
    const apart = text
      .split('\n')
      .map((t) => JSON.parse(t))
      .map((l) => (l.example === 'promises-bluebird' ? { ...l, session: 'apart' } : l));
    const page2 = await buildReport(
      fixtureInput({
        results: [{ name: 'apart.jsonl', text: apart.map((l) => JSON.stringify(l)).join('\n') }],
        format: 'html',
        complexity: null,
        debuggability: null,
      }),
    );
    const { page, problems } = await open(page2.files[0].content);
    await pickSection(page, 'doxbee-sequential', 'node 20');
    await page.select('#pick-a', 'promises-bluebird');
    await page.select('#pick-b', 'callbacks-original');
    await page.waitForFunction(() => document.querySelectorAll('#comparison tbody tr').length > 0, { timeout: 20000 });
    const rows = await page.$$eval('#comparison tbody tr', (trs) => trs.map((tr) => tr.cells[3].textContent));
    assert.ok(rows.length > 0);
    for (const cell of rows) assert.equal(cell, 'n/a: never run in one session; two sessions can differ by more than the styles do');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('catches a planted page whose picker shows the wrong section', async () => {
    // The picker's data sends node 22 to the node 20 section.
    const planted = built.files[0].content.replace('"id":"time-doxbee-sequential-on-node-22"', '"id":"time-doxbee-sequential-on-node-20"');
    assert.notEqual(planted, built.files[0].content);
    const { page } = await open(planted);
    const seen = await pickSection(page, 'doxbee-sequential', 'node 22');
    assert.notDeepEqual(seen.headings, ['doxbee-sequential on node 22']);
    await page.close();
  });
});

describe('report: the weight of the results page', function () {
  this.timeout(120000);
  let page;

  before(async () => {
    const input = {
      results: [read(path.join(DOCS, 'runs.jsonl'))],
      complexity: read(path.join(DOCS, 'complexity.json')),
      debuggability: read(path.join(DOCS, 'debuggability.json')),
      format: 'html',
      ...DECLARATIONS,
      generator: GENERATOR,
    };
    page = (await buildReport(input)).files[0].content;
  });

  // The page's bytes, and any chart carried twice.
  function weigh(html) {
    const names = [...html.matchAll(/data-chart="([^"]*)"/g)].map((m) => m[1]);
    const stored = [...packedCharts(html).keys()];
    return { bytes: Buffer.byteLength(html), unstored: names.filter((name) => !stored.includes(name)), stored: stored.length };
  }

  it(`is under ${MOST_BYTES / 1e6} MB built from the committed results, each chart stored once`, () => {
    const { bytes, unstored, stored } = weigh(page);
    assert.ok(bytes < MOST_BYTES, `${bytes} bytes`);
    assert.deepEqual(unstored, []);
    assert.ok(stored > 50, `${stored} charts`);
  });

  it('catches a planted page that inlines every chart', () => {
    assert.ok(weigh(unpackPage(page)).bytes > MOST_BYTES);
  });
});
