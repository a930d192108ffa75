'use strict';

const { estimatedCycles } = require('./callgrind-files');

// The count of one steady round (lib/runner/count.js), from the counts of a
// counted run's windows and gaps (lib/runner/callgrind-files.js): pure.

// How far above the least a segment's mutator work may be and the segment
// count as settled, V8 running the code the count is of. Measured, doxbee
// n=1000: before TurboFan's code a segment is 1.3-3x the least, after it
// within 0.2% on Node 20; but on Node 26 a segment in which a scavenge fell
// does 2% more mutator work (promises-native), so that a bound of 1% left
// every collection out of the collector's mean.
const SETTLED = 0.1;

/**
 * The count of one steady round from the rounds' counts (roundCounts),
 * grouped in segments of `roundsPerSegment` rounds. Each segment's mutator
 * work is its windows' instructions outside V8's collections, and its
 * collector work the collections in its windows and in the gaps after them
 * (those the harness forced). mutator: the least segment's, per round (a
 * segment in which V8 recompiled counts more and is not it); collector: the
 * mean of the settled segments', per round; instructions: their sum. cycles: the
 * least segment's windows', per round. spread: (most - least) / least of the
 * segments' mutator work; settled: how many segments there are from the
 * first within SETTLED of the least on; collectorSpread: (most - least) /
 * mean of the settled segments' collector work; collections: how many
 * collections fell in the settled segments, the collector's mean being over
 * that many. inCompiler: the part of the count in V8's optimizing compilers,
 * their mean over the settled segments' windows per round / instructions
 * (a part of the mutator's work): 0 where the tier has settled. inCollector: collector / instructions, or null when no
 * round had a collection (its V8 names the function otherwise, or nothing
 * was collected: either way not a measured 0).
 * @param {{ windows: Record<string, number>[], gaps: Record<string, number>[] }} rounds
 * @param {number} roundsPerSegment
 * @param {{ attributeGaps?: boolean }} [options] attributeGaps: count the gaps' collections as the
 *   rounds' (false with collect 'dither': the filler's scavenges are not the rounds')
 * @returns {{ instructions, mutator, collector, forced, cycles, spread, settled, collectorSpread, inCollector, collections, inCompiler, segments }}
 *   segments: each segment's { mutator, collector } per round
 */
function steadyCount({ windows, gaps }, roundsPerSegment, { attributeGaps = true } = {}) {
  const segments = [];
  const none = { inCollections: 0, collections: 0 };
  for (let first = 0; first + roundsPerSegment <= windows.length; first += roundsPerSegment) {
    const segment = { mutator: 0, collector: 0, forced: 0, cycles: 0, collections: 0, compiler: 0 };
    for (let r = first; r < first + roundsPerSegment; r++) {
      const gap = (attributeGaps && gaps[r]) || none;
      segment.mutator += windows[r].Ir - windows[r].inCollections;
      segment.collector += windows[r].inCollections + gap.inCollections;
      segment.collections += (windows[r].collections ?? 0) + (gap.collections ?? 0);
      segment.forced += gap.inCollections;
      segment.compiler += windows[r].inCompiler ?? 0;
      const cycles = estimatedCycles(windows[r]);
      segment.cycles = cycles === null || segment.cycles === null ? null : segment.cycles + cycles;
    }
    segments.push(segment);
  }
  const least = segments.reduce((a, b) => (b.mutator < a.mutator ? b : a));
  const mutators = segments.map((segment) => segment.mutator);
  // The collector's mean is over the segments from the first settled one on,
  // the first whose mutator work is within SETTLED of the least: from where
  // V8 runs the code the count is of. Before it a style allocates otherwise,
  // and its collections fall otherwise. After it every segment is kept: a
  // collection now and then makes V8 recompile in its segment (measured,
  // Node 26 at n=1000: async-await's small collections, 0.6 million
  // instructions, each in a segment of 1.5x the least's mutator work), and
  // leaving those segments out left those collections out of the mean.
  const first = segments.findIndex((segment) => segment.mutator <= least.mutator * (1 + SETTLED));
  const settled = segments.slice(first);
  const collectors = settled.map((segment) => segment.collector);
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const mutator = least.mutator / roundsPerSegment;
  const collector = mean(collectors) / roundsPerSegment;
  const collected = segments.some((segment) => segment.collector > 0);
  return {
    instructions: mutator + collector,
    mutator,
    collector,
    forced: mean(settled.map((segment) => segment.forced)) / roundsPerSegment,
    cycles: least.cycles === null ? null : least.cycles / roundsPerSegment,
    spread: (Math.max(...mutators) - least.mutator) / least.mutator,
    settled: settled.length,
    collectorSpread: collector > 0 ? (Math.max(...collectors) - Math.min(...collectors)) / mean(collectors) : 0,
    inCollector: collected ? collector / (mutator + collector) : null,
    collections: settled.reduce((sum, segment) => sum + segment.collections, 0),
    inCompiler: mutator + collector > 0 ? Math.min(1, mean(settled.map((segment) => segment.compiler)) / roundsPerSegment / (mutator + collector)) : 0,
    segments: segments.map((segment) => ({ mutator: segment.mutator / roundsPerSegment, collector: segment.collector / roundsPerSegment })),
  };
}

module.exports = { steadyCount };
