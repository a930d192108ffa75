'use strict';

// Node before 8.5 has no perf_hooks: its runs have none of what it measures.
function perfHooks() {
  try {
    return require('node:perf_hooks');
  } catch {
    return {};
  }
}
const { PerformanceObserver, monitorEventLoopDelay, performance } = perfHooks();

// Instruments the timed region of a run: wall and CPU time, peak memory, GC,
// event-loop delay and utilization. Only cheap observers are used, and heap
// sampling is coarse, so that measuring costs little of what is measured
// (bench/overhead checks that figure against a bare run).
// Under a runtime of --runtime, a measurement that runtime cannot give (its
// capabilities, probed by lib/runtimes, say which) is null: "n/a" in the
// tables, never a number from elsewhere.

const MB = 1024 * 1024;

// A collection's entry is made in an immediate after it ends, on every Node
// from 8.5 to 26 (measured): the collections of the region's last turn
// arrive after it. Two turns let the entries be made and then dispatched
// (Node 16+ dispatches them in an immediate of their own). takeRecords
// cannot replace the wait: it came in Node 16, returns no array on 16.3, and
// holds nothing until the entry is made.
function twoTurns() {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

// process.hrtime in ms; process.hrtime.bigint came in Node 10.7.
function monotonicMs() {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

const ALL = { gcObserver: true, resourceUsage: true, loopDelay: true, loopUtilization: true };

// A measurement the runtime claims but that throws when used is n/a too.
function attempt(make) {
  try {
    return make();
  } catch {
    return null;
  }
}

function startMeasuring({ sampleMs = 10, detailed = true, capabilities = ALL } = {}) {
  const can = { ...ALL, ...capabilities };
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  // Each collection's start and duration, kept only when it started inside
  // the region: Node 8 and 9 deliver the entries of collections made before
  // the observer was (the full collection just before the region among them).
  const collections = [];
  const region = { start: [Infinity, Infinity], end: [Infinity, Infinity] };
  // Node 8.11 (its performance.now too) and 16.3 stamp the entries in ms of
  // the monotonic clock, not since timeOrigin (measured): either clock puts a
  // collection in the region. The two clocks' values lie as far apart as
  // the machine's uptime is from the process's age.
  const clocks = () => [performance.now(), monotonicMs()];
  const inRegion = (time) => [0, 1].some((clock) => time >= region.start[clock] && time < region.end[clock]);
  let observer = null;
  let histogram = null;
  let sampler = null;
  if (detailed) {
    if (can.gcObserver) {
      observer = attempt(() => {
        const made = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (inRegion(entry.startTime)) collections.push(entry.duration);
        });
        made.observe({ entryTypes: ['gc'] });
        return made;
      });
    }
    if (can.loopDelay) {
      histogram = attempt(() => {
        const made = monitorEventLoopDelay({ resolution: 10 });
        made.enable();
        return made;
      });
    }
    sampler = setInterval(() => {
      const used = process.memoryUsage().heapUsed;
      if (used > heapPeak) heapPeak = used;
    }, sampleMs);
    sampler.unref();
  }
  const elu = can.loopUtilization ? attempt(() => performance.eventLoopUtilization()) : null;
  if (observer) region.start = clocks();
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();

  // Everything but the collections is read when stop() is called; the
  // promise resolves once the region's last collections have arrived.
  return async function stop() {
    const wallNs = process.hrtime.bigint() - start;
    const cpuUsed = process.cpuUsage(cpu);
    if (observer) region.end = clocks();
    const utilization = elu ? attempt(() => performance.eventLoopUtilization(elu).utilization) : null;
    const heapNow = process.memoryUsage().heapUsed;
    if (heapNow > heapPeak) heapPeak = heapNow;
    if (sampler) clearInterval(sampler);
    if (histogram) histogram.disable();
    const metrics = {
      wallMs: Number(wallNs) / 1e6,
      cpuUserMs: cpuUsed.user / 1000,
      cpuSystemMs: cpuUsed.system / 1000,
      maxRssMB: can.resourceUsage ? attempt(() => (process.resourceUsage().maxRSS * 1024) / MB) : null,
      heapBeforeMB: heapBefore / MB,
      heapPeakMB: heapPeak / MB,
      // Without a GC observer (--bare, or a runtime without one) there is no
      // count, not a count of zero.
      gcCount: null,
      gcMs: null,
      elu: utilization,
      loopDelayP50Ms: histogram ? histogram.percentile(50) / 1e6 : null,
      loopDelayP99Ms: histogram ? histogram.percentile(99) / 1e6 : null,
    };
    if (observer) {
      await twoTurns();
      observer.disconnect();
      metrics.gcCount = collections.length;
      metrics.gcMs = collections.reduce((total, ms) => total + ms, 0);
    }
    return metrics;
  };
}

module.exports = { startMeasuring };
