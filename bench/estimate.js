'use strict';

// How long the rest of a session will take, learned from its finished runs
// kind by kind. A session runs its cells one grid point at a time (all the
// runs at n=100, then n=1000, then n=10000), and a run at n=10000 costs many
// times one at n=100: the mean of the runs so far priced the rest at the
// first kind's cost (it said "about 112 s" of a 5-minute session). So each
// kind of run (its parameters and runtime) is priced by the mean of its own
// finished runs. A kind not run yet has no price of its own, and how cost
// grows with n depends on the machine (start-up, latency or CPU bound), so
// none is made up: it is priced at what it costs at least (the mean of the
// largest kind run so far that is no larger, or else the start-up every run
// pays), and the estimate says "at least" until every kind left has run.

/**
 * @param {Array<{ kind: string, size: number }>} jobs every job of the session, in any order
 * @returns {{ done(kind: string, ms: number, regionMs?: number|null): void, skip(kind: string): void,
 *   left(): { ms: number, atLeast: boolean } | null }}
 */
function createEstimate(jobs) {
  const pending = new Map();
  const sizes = new Map();
  for (const { kind, size } of jobs) {
    pending.set(kind, (pending.get(kind) ?? 0) + 1);
    sizes.set(kind, size);
  }
  // kind -> { count, ms }; and the start-up of runs whose region is known.
  const seen = new Map();
  const startUp = { count: 0, ms: 0 };

  const take = (kind) => {
    if (pending.get(kind) > 0) pending.set(kind, pending.get(kind) - 1);
  };

  function done(kind, ms, regionMs = null) {
    take(kind);
    const entry = seen.get(kind) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += ms;
    seen.set(kind, entry);
    // A run that failed early has no region; it still costs what it took.
    if (Number.isFinite(regionMs) && regionMs >= 0 && regionMs <= ms) {
      startUp.count++;
      startUp.ms += ms - regionMs;
    }
  }

  const mean = (entry) => entry.ms / entry.count;

  // What a run of a kind not seen yet costs at least, if cost does not fall as size grows.
  function floor(size) {
    const below = [...seen.entries()].filter(([kind]) => sizes.get(kind) <= size);
    const nearest = below.length ? Math.max(...below.map(([, entry]) => mean(entry))) : 0;
    return Math.max(nearest, startUp.count ? startUp.ms / startUp.count : 0);
  }

  /** { ms, atLeast } left, or null before any run has finished. */
  function left() {
    if (seen.size === 0) return null;
    let ms = 0;
    let atLeast = false;
    for (const [kind, count] of pending) {
      if (count === 0) continue;
      const entry = seen.get(kind);
      if (!entry) atLeast = true;
      ms += count * (entry ? mean(entry) : floor(sizes.get(kind)));
    }
    return { ms, atLeast };
  }

  return { done, skip: take, left };
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
