'use strict';

// Run by lib/runtimes/probe.js under a runtime to find which measurements it
// can take: it tries each one for real and prints one JSON line. It uses only
// globals and import(), so that a runtime that reads .js files as ES modules
// (Deno) runs it too; whether CommonJS works is commonjs.js's question.

const BUSY_MS = 60;

function busy(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

function later(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// What `make` returns, or null when it throws (an API that is missing).
function attempt(make) {
  try {
    return make();
  } catch {
    return null;
  }
}

function makeGarbage() {
  const garbage = [];
  for (let i = 0; i < 200000; i++) garbage.push({ i, text: `item ${i}` });
  return garbage.length;
}

// An observer that is accepted but never hears of a collection is no GC
// observer: make garbage (and collect it when gc is exposed) until an entry
// arrives.
async function gcObserver(perfHooks) {
  let entries = 0;
  let observer;
  try {
    observer = new perfHooks.PerformanceObserver((list) => {
      entries += list.getEntries().length;
    });
    observer.observe({ entryTypes: ['gc'] });
  } catch {
    return false;
  }
  for (let round = 0; round < 5 && entries === 0; round++) {
    makeGarbage();
    if (typeof globalThis.gc === 'function') globalThis.gc();
    await later(20);
    // Node 16.3's takeRecords returns no array: only an array is counted.
    const taken = typeof observer.takeRecords === 'function' ? attempt(() => observer.takeRecords()) : null;
    if (Array.isArray(taken)) entries += taken.length;
  }
  observer.disconnect();
  return entries > 0;
}

// The loop is blocked for BUSY_MS: a working delay histogram sees a delay
// about that long, and a working utilization counts that time as busy. A stub
// reports zero.
async function loop(perfHooks) {
  const histogram = attempt(() => perfHooks.monitorEventLoopDelay({ resolution: 10 }));
  if (histogram) histogram.enable();
  const before = attempt(() => perfHooks.performance.eventLoopUtilization());
  await later(20);
  busy(BUSY_MS);
  await later(20);
  let loopDelay = false;
  if (histogram) {
    histogram.disable();
    loopDelay = histogram.max >= (BUSY_MS / 2) * 1e6;
  }
  const utilization = before ? attempt(() => perfHooks.performance.eventLoopUtilization(before).utilization) : null;
  const loopUtilization = utilization !== null && utilization >= 0.2;
  return { loopDelay, loopUtilization };
}

async function main() {
  // Node before 8.5 has no perf_hooks at all: none of its measurements.
  // Node before 14.13.1 (and 12.20) imports built-ins only by the bare name;
  // Deno only by node:, so that name is tried first.
  const perfHooks = await import('node:perf_hooks').catch(() => import('perf_hooks')).catch(() => ({}));
  const found = { exposeGc: typeof globalThis.gc === 'function', resourceUsage: attempt(() => process.resourceUsage().maxRSS > 0) === true };
  found.gcObserver = await gcObserver(perfHooks);
  Object.assign(found, await loop(perfHooks));
  process.stdout.write(`${JSON.stringify(found)}\n`);
}

main();
