'use strict';

// One run of the compute driver in a browser, from a fresh Node process as
// every run is: bundle the example with the loop (browser-page.js) by esbuild,
// serve it on 127.0.0.1, start a fresh browser (lib/runner/child/browser.js), run
// the bundle on the page's main thread or in a Web Worker, and report what it
// measured over IPC, as child.js does. An example that needs a Node API does
// not bundle for a browser: its run is UNSUPPORTED with esbuild's reason.
// The page is served cross-origin isolated (COOP and COEP headers), which is
// what gives performance.now() its finest resolution in both browsers.

const http = require('node:http');
const path = require('node:path');
const { childMain } = require('../../runner/child/main');
const { entryOf } = require('../../runner/child/example');
const { startBrowser } = require('../../runner/child/browser');
const { requireOptional } = require('../../optional-dependency');

const PAGE = path.join(__dirname, 'browser-page.js');

/**
 * The page's script with the example's file in it, as one classic script; or
 * why esbuild cannot make it: the first error, with the file it is in.
 * @returns {Promise<{ code: string } | { error: string }>}
 */
async function bundle(exampleFile) {
  const esbuild = requireOptional('esbuild', 'a browser runtime');
  const example = {
    name: 'asyncmark-example',
    setup(build) {
      // browser-page.js requires the example by this name.
      build.onResolve({ filter: /^asyncmark-example$/ }, () => ({ path: exampleFile }));
    },
  };
  try {
    const built = await esbuild.build({
      entryPoints: [PAGE],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
      plugins: [example],
    });
    return { code: built.outputFiles[0].text };
  } catch (error) {
    const first = error.errors && error.errors[0];
    if (!first) throw error;
    const where = first.location ? ` in ${path.relative(process.cwd(), first.location.file) || first.location.file}` : '';
    return { error: `${first.text}${where}` };
  } finally {
    await esbuild.stop();
  }
}

// The page: the job as JSON data (`<` escaped, so that no text in it can close
// the element), then the bundle, which reads it.
function pageHtml(job) {
  const json = JSON.stringify(job).replace(/</g, '\\u003c');
  return `<!doctype html><meta charset="utf-8"><title>asyncmark</title>\n<script type="application/json" id="asyncmark-job">${json}</script>\n<script src="/bundle.js"></script>\n`;
}

// Serves the page and its script, and nothing else, on 127.0.0.1.
function serve(html, code) {
  const isolated = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cache-Control': 'no-store' };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    if (url.pathname === '/') response.writeHead(200, { ...isolated, 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    else if (url.pathname === '/bundle.js') response.writeHead(200, { ...isolated, 'Content-Type': 'text/javascript; charset=utf-8' }).end(code);
    else response.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function run(job) {
  const { browser: target } = job;
  const entry = entryOf(job);
  const { n, w, k, threads, minTime } = job.params;
  const bundled = await bundle(entry.file);
  if (bundled.error) {
    return {
      status: 'unsupported',
      metrics: null,
      error: `${job.runtime} cannot load ${job.example}: esbuild cannot bundle it for a browser: ${bundled.error}`,
    };
  }
  const pageJob = { thread: target.thread, call: entry.call, n, minTime, warmup: job.warmup, options: { w, k, threads } };
  const server = await serve(pageHtml(pageJob), bundled.code);
  const started = await startBrowser({ engine: target.engine, path: target.path, timeoutMs: job.timeoutMs });
  try {
    const version = await started.browser.version();
    const pages = await started.browser.pages();
    const page = pages[0] ?? (await started.browser.newPage());
    const problems = [];
    page.on('pageerror', (error) => problems.push(String(error.message)));
    await page.goto(`http://127.0.0.1:${server.address().port}/`, { waitUntil: 'load' });
    const isolated = (await page.evaluate('globalThis.crossOriginIsolated')) === true;
    // An expression, not a function: see browser-page.js.
    const answer = await page.evaluate('globalThis.asyncmarkAnswer');
    const reported = { node: null, v8: null, browser: version, crossOriginIsolated: isolated };
    if (answer.loadError) return { status: 'unsupported', metrics: null, error: `${job.runtime} cannot load ${job.example}: ${answer.loadError}`, reported };
    if (answer.thrown)
      throw new Error(`${job.example} threw in ${job.runtime}: ${answer.thrown}${problems.length ? `; page errors: ${problems.join('; ')}` : ''}`);
    return { ...answer.result, reported };
  } finally {
    await started.close();
    server.close();
  }
}

if (require.main === module) childMain(run, { forgot: 'the browser run ended without an answer' });

module.exports = { bundle };
