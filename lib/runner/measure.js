'use strict';

const { PerformanceObserver, monitorEventLoopDelay, performance } = require('node:perf_hooks');

// Instruments the timed region of a run: wall and CPU time, peak memory, GC,
// event-loop delay and utilization. Only cheap observers are used, and heap
// sampling is coarse, so that measuring costs little of what is measured
// (bench/overhead checks that figure against a bare run).

const MB = 1024 * 1024;

function startMeasuring({ sampleMs = 10, detailed = true } = {}) {
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  let gcCount = 0;
  let gcMs = 0;
  let observer = null;
  let histogram = null;
  let sampler = null;
  if (detailed) {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        gcCount++;
        gcMs += entry.duration;
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    sampler = setInterval(() => {
      const used = process.memoryUsage().heapUsed;
      if (used > heapPeak) heapPeak = used;
    }, sampleMs);
    sampler.unref();
  }
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();

  return function stop() {
    const wallNs = process.hrtime.bigint() - start;
    const cpuUsed = process.cpuUsage(cpu);
    const utilization = performance.eventLoopUtilization(elu).utilization;
    const heapNow = process.memoryUsage().heapUsed;
    if (heapNow > heapPeak) heapPeak = heapNow;
    if (sampler) clearInterval(sampler);
    if (histogram) histogram.disable();
    // GC entries are delivered asynchronously; take what has arrived.
    if (observer) {
      for (const entry of observer.takeRecords()) {
        gcCount++;
        gcMs += entry.duration;
      }
      observer.disconnect();
    }
    return {
      wallMs: Number(wallNs) / 1e6,
      cpuUserMs: cpuUsed.user / 1000,
      cpuSystemMs: cpuUsed.system / 1000,
      maxRssMB: (process.resourceUsage().maxRSS * 1024) / MB,
      heapBeforeMB: heapBefore / MB,
      heapPeakMB: heapPeak / MB,
      gcCount,
      gcMs,
      elu: utilization,
      loopDelayP50Ms: histogram ? histogram.percentile(50) / 1e6 : null,
      loopDelayP99Ms: histogram ? histogram.percentile(99) / 1e6 : null,
    };
  };
}

module.exports = { startMeasuring };
