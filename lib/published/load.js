'use strict';

// The load a machine was under while runs were made, and whether timed runs
// made under it may be judged. Pure. bench/published.js samples the 1-minute
// load average while each bench runs and records a window per bench
// (docs/published/load.jsonl: { row, from, to, min, max, samples }); a window
// may also be recorded from a person's note of an earlier session (`note`).
//
// Timed runs are judged only when the load stayed at or below the machine's
// cores: above it, some runnable process waits for a core, and a run's time
// (wall, and through cache and frequency sharing CPU time too) measures that
// wait. A count (bench --measure instructions) does not feel the load.
//
// The load average counts the bench's own processes too: a server forked into
// four workers beside its load generator holds a 2-core machine above its
// cores by itself. Where a window also records the cores other processes kept
// busy (`others`: the CPUs' busy time less the bench's process tree's, each
// sample's mean over its interval; bench/published.js on Linux), that decides
// instead: the runs are judged when the others kept at most OTHERS_MOST cores
// busy on average, the main job's rule for a machine that is its own.
const OTHERS_MOST = 0.5;

/**
 * The load over the windows that hold the runs' times.
 * @param {string[]} times each run's `time` (ISO)
 * @param {{ from: string, to: string, min: number, max: number, note?: string }[]} windows
 * @returns {{ min: number, max: number, notes: string[] } | { unrecorded: number }}
 */
function loadOf(times, windows) {
  const found = times.map((time) => windows.find((w) => w.from <= time && time <= w.to));
  const unrecorded = found.filter((w) => !w).length;
  if (unrecorded || found.length === 0) return { unrecorded: unrecorded || 0 };
  const load = {
    min: Math.min(...found.map((w) => w.min)),
    max: Math.max(...found.map((w) => w.max)),
    notes: [...new Set(found.map((w) => w.note).filter(Boolean))],
  };
  // The others' cores, only where every window recorded them: the busiest window's mean and peak.
  if (found.every((w) => w.others)) load.others = { mean: Math.max(...found.map((w) => w.others.mean)), max: Math.max(...found.map((w) => w.others.max)) };
  return load;
}

const one = (x) => x.toFixed(1);

/** The load in words: "load 6.5–14.0" (", other processes 0.1 cores"), or why it is not known. */
function loadText(load) {
  if (!load) return 'load not recorded';
  if (load.unrecorded !== undefined) return load.unrecorded ? `load not recorded for ${load.unrecorded} of its runs` : 'no runs';
  const others = load.others ? `, other processes ${one(load.others.mean)} cores (at most ${one(load.others.max)})` : '';
  return `load ${load.min === load.max ? one(load.max) : `${one(load.min)}–${one(load.max)}`}${others}`;
}

/**
 * Why timed runs may not be judged, or null when they may.
 * @param {object} load loadOf()
 * @param {number} cores the machine's cores (the runs' env.cpus)
 */
function tooLoaded(load, cores) {
  if (load.unrecorded !== undefined) return `${loadText(load)}: timed runs are judged only at a load of at most the machine's ${cores} cores`;
  if (load.others) {
    if (load.others.mean > OTHERS_MOST)
      return `runs made while other processes kept ${one(load.others.mean)} cores busy, above ${OTHERS_MOST}: not judged from timed runs`;
    return null;
  }
  if (load.max > cores) return `runs made at ${loadText(load)}, above the machine's ${cores} cores: not judged from timed runs`;
  return null;
}

/**
 * Why timed runs may not be judged, in words that carry no load figure and no
 * session stamp (the page keeps those in its provenance), or null.
 * @param {object} load loadOf()
 * @param {number} cores
 */
function refusalOf(load, cores) {
  if (!tooLoaded(load, cores)) return null;
  if (load.unrecorded !== undefined) return 'no load recorded for its timed runs: not judged from time';
  if (load.others)
    return `other processes kept more than ${OTHERS_MOST} of the machine's ${cores} cores busy while its timed runs were made: not judged from time`;
  return `its timed runs were made above the machine's ${cores} cores: not judged from time`;
}

module.exports = { loadOf, loadText, tooLoaded, refusalOf, OTHERS_MOST };
