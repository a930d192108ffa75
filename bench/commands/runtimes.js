'use strict';

const { afterHelp } = require('../help-text');
const { Option } = require('commander');
const { resolveRuntimes, listRuntimes, listBrowsers, usableCacheFolder, CAPABILITIES } = require('../../lib/runtimes');
const { formatRows } = require('../../lib/report/render/rows');
const { SYNTAX } = require('../../lib/runtimes/syntax');

// `asyncmark runtimes`: the runtimes a benchmark can run under, with their
// exact versions and what each can measure; `--install LIST` installs those
// missing from the cache first (lib/runtimes).

const FORMATS = ['table', 'json'];

const yesNo = (value) => (value === true ? 'yes' : value === false ? 'no' : '-');

// The flags a capability takes: "-" when none gives it, "none" when it needs none.
const showFlags = (flags) => (flags == null ? '-' : flags.length === 0 ? 'none' : flags.join(' '));

const COLUMNS = [
  { key: 'spec', title: 'runtime' },
  { key: 'version', title: 'version', format: (version, row) => version ?? (row.browser ? 'not installed' : '-') },
  { key: 'installed', title: 'from', format: (installed, row) => (installed ? 'cache' : row.browser ? 'system' : row.name === 'custom' ? 'path' : 'running') },
  ...CAPABILITIES.map((key) => ({ key, title: key, format: (_, row) => yesNo(row.capabilities?.[key]) })),
  // The syntax an example may need (lib/runtimes/syntax.js): whether the runtime runs it.
  ...Object.entries(SYNTAX).map(([needs, { key }]) => ({ key: 'syntax', title: needs, format: (syntax) => yesNo(syntax?.[key]) })),
  { key: 'flags', title: 'gc flags', format: (flags) => showFlags(flags?.exposeGc) },
  { key: 'flags', title: 'commonJs flags', format: (flags) => showFlags(flags?.commonJs) },
  { key: 'bytes', title: 'MB', align: 'right', format: (bytes) => (bytes == null ? '-' : String(Math.round(bytes / 1e6))) },
  { key: 'path', title: 'path' },
];

function render(records, format, cache) {
  if (format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  const broken = records.filter((r) => r.error).map((r) => `${r.spec} in the cache does not run: ${r.error}; remove its folder to install it again`);
  const browsers = records.filter((r) => r.browser && r.browser.missing).map((r) => `${r.spec}: ${r.browser.missing}`);
  // A Node older than asyncmark's code runs it compiled, or cannot run it at all (lib/runtimes/compiled-child).
  const compiled = records
    .filter((r) => r.flags?.compiledChild)
    .map((r) => `${r.spec}: runs asyncmark's own code compiled for Node ${r.flags.compiledChild} (esbuild)`);
  const cannot = records.filter((r) => r.flags?.commonJsMissing).map((r) => `${r.spec}: cannot run asyncmark's children: ${r.flags.commonJsMissing}`);
  const notes = [`cache: ${cache}`, ...broken, ...compiled, ...cannot, ...browsers];
  return `${formatRows(records, COLUMNS, 'table')}\n${notes.join('\n')}\n`;
}

async function action(options) {
  const { format } = options;
  const cache = usableCacheFolder();
  let asked = [];
  if (options.install !== undefined) {
    asked = await resolveRuntimes(options.install, {
      install: true,
      cache,
      parameter: '--install',
      onProgress: (line) => process.stderr.write(`asyncmark: ${line}\n`),
    });
  }
  const listed = await listRuntimes({ cache });
  // A binary of one's own is not in the cache; it is listed when asked for.
  const others = asked.filter((runtime) => !runtime.browser && !listed.some((r) => r.path === runtime.path));
  process.stdout.write(render([...listed, ...others, ...(await listBrowsers())], format, cache));
}

function register(program) {
  program
    .command('runtimes')
    .description('list the runtimes benchmarks can run under (the node running asyncmark and those installed in the cache), their versions and capabilities')
    .option(
      '--install <list>',
      'install these runtimes into the cache first, e.g. node@22,node@26,bun,deno; those present are reused (default: none, only list)',
    )
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addHelpText(
      'after',
      afterHelp({
        examples: ['npx asyncmark runtimes', 'npx asyncmark runtimes --install node@22,node@26,bun,deno', 'npx asyncmark runtimes --format json'],
        long: `
A runtime is one of:
  node               the node running asyncmark (nothing to install)
  node@<version>     a Node release from the npm package "node": node@26, node@22.12, node@22.12.0;
                     any from Node 6 (one that cannot load asyncmark's own code as written
                     runs it compiled for it; Node 4, 5 and 0.x install but cannot run it)
  bun, bun@<version> a Bun release from the npm package "bun" (bun alone: the latest)
  deno, deno@<version>
                     a Deno release from the npm package "deno" (deno alone: the latest)
  ./path, /path      an executable of your own (it must print its version with --version)
  chromium, chromium-worker
                     Debian's headless Chromium (package chromium, or $CHROMIUM_PATH),
                     the functions on the page's main thread or in a Web Worker
  firefox, firefox-worker
                     Debian's headless Firefox ESR (package firefox-esr, or
                     $FIREFOX_PATH), on the main thread or in a Web Worker
A version is a major, major.minor or exact major.minor.patch; npm picks the
newest release that matches.

Runtimes are installed with npm (npm install --prefix <folder> --no-save
<package>@<version>), one folder per runtime as named (node@26, bun), in the
cache: $ASYNCMARK_RUNTIMES if set, else $XDG_CACHE_HOME/asyncmark/runtimes,
else ~/.cache/asyncmark/runtimes. A runtime found there is reused without the
network; delete its folder to get a newer release. An install goes into a
temporary folder that is renamed only once the runtime runs, so an
interrupted one never looks installed. A runtime that cannot be installed
(unknown version, no network) is refused with one line and exit code 2,
naming the releases npm has.

Each runtime's version comes from running it (--version), and what it can
measure from running tiny scripts under it (lib/runtimes/probe/), cached per
version: ipcFork (it can be a forked child that reports over IPC), exposeGc
(globalThis.gc can be exposed; "gc flags" says with which flag), gcObserver
(a PerformanceObserver hears garbage collections), resourceUsage
(process.resourceUsage().maxRSS), loopDelay (monitorEventLoopDelay sees a
blocked loop), loopUtilization (performance.eventLoopUtilization counts a busy
loop) and commonJs (a CommonJS .js file that requires another runs, as
asyncmark's child scripts do; "commonJs flags" says with which flags, "none"
when it needs none). What a Node release lacks is n/a in its runs, never a
number from elsewhere: before 8.5 it has no perf_hooks (no GC count or time,
no event-loop figures); monitorEventLoopDelay came in 11.10,
performance.eventLoopUtilization in 12.19 and 14.10, and
process.resourceUsage (peak RSS) in 12.6. "from" says where the runtime is:
running (this node), cache, path, or system (a browser); MB is its size in
the cache.

Browsers are listed whether they are installed or not; asyncmark never
installs one (apt-get install chromium firefox-esr). They run only the
problems that need no Node API (the compute driver's: fib, slicing), driven
by puppeteer-core (Chromium over CDP, Firefox over WebDriver BiDi); they are
not probed, and what they cannot measure (CPU time, memory, GC, event-loop
figures) is n/a. A browser that is missing makes its cells UNSUPPORTED with
the reason; the session goes on.

Examples:
  asyncmark runtimes
  asyncmark runtimes --install node@22,node@26,bun,deno
  asyncmark runtimes --install node@20.19.0 --format json
  FIREFOX_PATH=/opt/firefox/firefox asyncmark runtimes
  ASYNCMARK_RUNTIMES=/tmp/runtimes asyncmark runtimes --install bun
`,
      }),
    )
    .action(action);
}

module.exports = { register };
