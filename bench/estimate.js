'use strict';

// How long the rest of a session will take, learned from its finished runs.
// A session runs its cells one grid point at a time (all the runs at n=100,
// then n=1000, then n=10000), and a run at n=10000 costs many times one at
// n=100: the mean of the runs so far priced the rest at the first grid
// point's cost (it said "about 112 s" of a 5-minute session). Examples differ
// as much, and run in the same order at each point. So a run is priced by
// what it is: the mean of the finished runs of its own cell (grid point and
// example); or, for a cell not run yet at a grid point that has begun, its
// cell at the grid point before, times how much dearer the examples that ran
// at both were. A grid point not begun has no price of its own, and how cost
// grows with n depends on the machine (start-up, latency or CPU bound), so
// none is made up: it is priced at what it costs at least (its cell at the
// point before, or else the start-up every run pays), and the estimate says
// "at least" until every grid point left has begun.

/**
 * @param {Array<{ kind: string, example: string, size: number }>} jobs every job of the session;
 *   kind: its grid point (parameters and runtime); size: what its cost grows with (sizeOf)
 * @returns {{ done(kind, example, ms, regionMs?): void, skip(kind, example): void,
 *   left(): { ms: number, atLeast: boolean } | null }}
 */
function createEstimate(jobs) {
  const key = (kind, example) => `${kind}\u0000${example}`;
  const pending = new Map();
  const sizes = new Map();
  const cellOf = new Map();
  for (const { kind, example, size } of jobs) {
    const cell = key(kind, example);
    pending.set(cell, (pending.get(cell) ?? 0) + 1);
    cellOf.set(cell, { kind, example });
    sizes.set(kind, size);
  }
  // cell -> { count, ms }; the examples run at each kind; the start-up of runs whose region is known.
  const seen = new Map();
  const examplesAt = new Map();
  const startUp = { count: 0, ms: 0 };

  const take = (kind, example) => {
    const cell = key(kind, example);
    if (pending.get(cell) > 0) pending.set(cell, pending.get(cell) - 1);
  };

  function done(kind, example, ms, regionMs = null) {
    take(kind, example);
    const cell = key(kind, example);
    const entry = seen.get(cell) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += ms;
    seen.set(cell, entry);
    if (!examplesAt.has(kind)) examplesAt.set(kind, new Set());
    examplesAt.get(kind).add(example);
    // A run that failed early has no region; it still costs what it took.
    if (Number.isFinite(regionMs) && regionMs >= 0 && regionMs <= ms) {
      startUp.count++;
      startUp.ms += ms - regionMs;
    }
  }

  const mean = (kind, example) => {
    const entry = seen.get(key(kind, example));
    return entry ? entry.ms / entry.count : null;
  };
  // The mean of a kind's cells, each cell once.
  const kindMean = (kind) => {
    const means = [...examplesAt.get(kind)].map((example) => mean(kind, example));
    return means.reduce((a, b) => a + b, 0) / means.length;
  };
  // The largest kind begun before `kind` whose size is no larger.
  function before(kind) {
    const size = sizes.get(kind);
    const earlier = [...examplesAt.keys()].filter((other) => other !== kind && sizes.get(other) <= size);
    return earlier.length ? earlier.reduce((a, b) => (sizes.get(b) > sizes.get(a) ? b : a)) : null;
  }

  // { ms, atLeast } of one run of a cell.
  function price(kind, example) {
    const own = mean(kind, example);
    if (own !== null) return { ms: own, atLeast: false };
    const prior = before(kind);
    const base = prior === null ? null : (mean(prior, example) ?? kindMean(prior));
    if (examplesAt.has(kind)) {
      const common = prior === null ? [] : [...examplesAt.get(kind)].filter((e) => mean(prior, e) !== null);
      if (common.length === 0) return { ms: kindMean(kind), atLeast: false };
      const ratio = common.reduce((sum, e) => sum + mean(kind, e), 0) / common.reduce((sum, e) => sum + mean(prior, e), 0);
      return { ms: base * ratio, atLeast: false };
    }
    return { ms: Math.max(base ?? 0, startUp.count ? startUp.ms / startUp.count : 0), atLeast: true };
  }

  /** { ms, atLeast } left, or null before any run has finished. */
  function left() {
    if (seen.size === 0) return null;
    let ms = 0;
    let atLeast = false;
    for (const [cell, count] of pending) {
      if (count === 0) continue;
      const { kind, example } = cellOf.get(cell);
      const one = price(kind, example);
      ms += count * one.ms;
      atLeast = atLeast || one.atLeast;
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
