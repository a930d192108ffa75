'use strict';

// How long the rest of a session will take, learned from its finished runs
// kind by kind. A session runs its cells one grid point at a time (all the
// runs at n=100, then n=1000, then n=10000), and a run at n=10000 costs many
// times one at n=100: the mean of the runs so far would promise the rest at
// the price of the first kind (it said "about 112 s" of a 5-minute session).
// So each kind of run (its parameters and runtime) is priced by the mean of
// its own finished runs; a kind not run yet is priced from what has been:
// a run's fixed cost (start-up: the run's time less its measured region) plus
// its region scaled by size, taken from the largest kind seen so far.

/**
 * @param {Array<{ kind: string, size: number }>} jobs every job of the session, in any order
 * @returns {{ done(kind: string, ms: number, regionMs?: number|null): void, skip(kind: string): void, leftMs(): number|null }}
 */
function createEstimate(jobs) {
  const pending = new Map();
  const sizes = new Map();
  for (const { kind, size } of jobs) {
    pending.set(kind, (pending.get(kind) ?? 0) + 1);
    sizes.set(kind, size);
  }
  // kind -> { count, ms, withRegion, regionMs, fixedMs }
  const seen = new Map();

  const take = (kind) => {
    if (pending.get(kind) > 0) pending.set(kind, pending.get(kind) - 1);
  };

  function done(kind, ms, regionMs = null) {
    take(kind);
    const entry = seen.get(kind) ?? { count: 0, ms: 0, withRegion: 0, regionMs: 0, fixedMs: 0 };
    entry.count++;
    entry.ms += ms;
    // A run that failed early has no region; it still costs what it took.
    if (Number.isFinite(regionMs) && regionMs >= 0 && regionMs <= ms) {
      entry.withRegion++;
      entry.regionMs += regionMs;
      entry.fixedMs += ms - regionMs;
    }
    seen.set(kind, entry);
  }

  // The price of a run of a kind not seen yet.
  function guess(size) {
    const entries = [...seen.entries()];
    const measured = entries.filter(([, e]) => e.withRegion > 0);
    if (measured.length === 0) {
      // No region known: the mean of all runs, scaled by size from the largest kind.
      const [kind, e] = entries.reduce((a, b) => (sizes.get(b[0]) > sizes.get(a[0]) ? b : a));
      return (e.ms / e.count) * (size / sizes.get(kind));
    }
    const fixed = measured.reduce((sum, [, e]) => sum + e.fixedMs, 0) / measured.reduce((sum, [, e]) => sum + e.withRegion, 0);
    const [kind, e] = measured.reduce((a, b) => (sizes.get(b[0]) > sizes.get(a[0]) ? b : a));
    return fixed + (e.regionMs / e.withRegion) * (size / sizes.get(kind));
  }

  /** Milliseconds left, or null before any run has finished. */
  function leftMs() {
    if (seen.size === 0) return null;
    let left = 0;
    for (const [kind, count] of pending) {
      if (count === 0) continue;
      const entry = seen.get(kind);
      left += count * (entry ? entry.ms / entry.count : guess(sizes.get(kind)));
    }
    return left;
  }

  return { done, skip: take, leftMs };
}

/**
 * The size of each job: the product of its numeric parameters that differ
 * between jobs (n in the default grid), 1 where none do. Cost grows with
 * them; the rest of the parameters are the same for every job.
 * @param {Array<{ params: object }>} jobs
 * @returns {(job: { params: object }) => number}
 */
function sizeOf(jobs) {
  const varying = new Set();
  const first = jobs[0]?.params ?? {};
  for (const job of jobs) {
    for (const [name, value] of Object.entries(job.params)) {
      if (typeof value === 'number' && value > 0 && value !== first[name]) varying.add(name);
    }
  }
  return (job) => [...varying].reduce((product, name) => product * (Number(job.params[name]) || 1), 1);
}

module.exports = { createEstimate, sizeOf };
