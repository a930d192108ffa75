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
  let gcCount = 0;
  let gcMs = 0;
  let observer = null;
  let histogram = null;
  let sampler = null;
  if (detailed) {
    if (can.gcObserver) {
      observer = attempt(() => {
        const made = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            gcCount++;
            gcMs += entry.duration;
          }
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
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();

  return function stop() {
    const wallNs = process.hrtime.bigint() - start;
    const cpuUsed = process.cpuUsage(cpu);
    const utilization = elu ? attempt(() => performance.eventLoopUtilization(elu).utilization) : null;
    const heapNow = process.memoryUsage().heapUsed;
    if (heapNow > heapPeak) heapPeak = heapNow;
    if (sampler) clearInterval(sampler);
    if (histogram) histogram.disable();
    // GC entries are delivered asynchronously; take what has arrived.
    if (observer && typeof observer.takeRecords === 'function') {
      for (const entry of observer.takeRecords()) {
        gcCount++;
        gcMs += entry.duration;
      }
    }
    if (observer) observer.disconnect();
    return {
      wallMs: Number(wallNs) / 1e6,
      cpuUserMs: cpuUsed.user / 1000,
      cpuSystemMs: cpuUsed.system / 1000,
      maxRssMB: can.resourceUsage ? attempt(() => (process.resourceUsage().maxRSS * 1024) / MB) : null,
      heapBeforeMB: heapBefore / MB,
      heapPeakMB: heapPeak / MB,
      // Without a GC observer (--bare, or a runtime without one) there is no
      // count, not a count of zero.
      gcCount: observer ? gcCount : null,
      gcMs: observer ? gcMs : null,
      elu: utilization,
      loopDelayP50Ms: histogram ? histogram.percentile(50) / 1e6 : null,
      loopDelayP99Ms: histogram ? histogram.percentile(99) / 1e6 : null,
    };
  };
}

module.exports = { startMeasuring };
