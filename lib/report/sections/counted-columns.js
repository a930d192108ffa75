'use strict';

// The table columns of counted CPU work (bench --measure instructions|both,
// lib/runner/count.js), for any driver that declares `counted`: instructions
// and estimated cycles per invocation, and the ratio to the baseline's, each
// labelled as the work of a deterministic configuration, not a time. Shown
// only in a table with counts. Pure, and requires nothing: the drivers'
// column files use it, and the report's display module requires the drivers.

const counted = (rows) => rows.some((row) => Number.isFinite(row.instructionsPerInvocation));

/**
 * @param {object} show lib/report/display.js, as the report hands it to a driver's columns
 * @param {string} per what one invocation is called: upload, call
 * @param {string} rounds what the repetitions of the measured region are: batches, rounds (of calls)
 * @returns {object[]} the columns
 */
function countedColumns(show, per, rounds) {
  return [
    {
      key: 'instructionsPerInvocation',
      title: `instructions/${per}`,
      when: counted,
      counted: true,
      description: `Instructions of one ${per}, counted by valgrind (callgrind), each of the steady measured ${rounds} in a window of its own, without the harness (its arguments, its simulated I/O, its checks): the mutator's work, outside V8's collections, of the least of one process's counted segments of ${rounds}, plus the collector's work, its mean over the segments from the first settled one, in a window sized to hold about ten collections (docs/explanation/counted-work.md); under V8 --single-threaded --predictable: the CPU work of a deterministic configuration, not a time; median of the runs, in brackets half their spread (max - min) / median.`,
      align: 'right',
      format: (value, row) =>
        Number.isFinite(value)
          ? `${show.number(Math.round(value))}${Number.isFinite(row.instructionSpread) ? ` (±${(row.instructionSpread * 50).toFixed(2)}%)` : ''}`
          : show.DASH,
    },
    {
      key: 'estimatedCyclesPerInvocation',
      title: `est. cycles/${per}`,
      when: counted,
      counted: true,
      description: `Cycles of one ${per} estimated from callgrind's cache simulation of the least segment's windows, L1 hits + 5 x last-level hits + 35 x RAM accesses (iai's formula): the work of a deterministic configuration, not a time; median of the runs.`,
      align: 'right',
      format: (value) => (Number.isFinite(value) ? show.number(Math.round(value)) : show.DASH),
    },
    {
      key: 'inCollector',
      title: 'instructions in GC',
      when: (rows) => rows.some((row) => Number.isFinite(row.inCollector)),
      counted: true,
      description: `The collector's work per ${per} and, in brackets, its share of the count and how many collections its mean is over: the instructions of V8's garbage collections (its calls to Heap::PerformGarbageCollection: scavenges and full collections, not the lazy sweeping after one), in the windows and in the gaps between them, the mean over the counted segments from the first settled one; median of the runs. Where it is large the count depends on where the collections fall, which V8 decides by heap sizes and, on Node 26, not identically from run to run: run more than once and read the spread (docs/explanation/counted-work.md).`,
      align: 'right',
      format: (value, row) => {
        if (!Number.isFinite(value)) return show.DASH;
        const share = `${(value * 100).toFixed(1)}%`;
        const over = Number.isFinite(row.countedCollections) ? `; ${show.number(Math.round(row.countedCollections))} GCs` : '';
        return Number.isFinite(row.collectorPerInvocation) ? `${show.number(Math.round(row.collectorPerInvocation))} (${share}${over})` : share;
      },
    },
    {
      key: 'settledSegments',
      title: 'settled segments',
      when: (rows) => rows.some((row) => Number.isFinite(row.settledSegments)),
      counted: true,
      description: `The tier the count is of: how many of the counted segments of ${rounds} are settled, from the first whose mutator work is within 10% of the least segment's on (V8 running the code it settled on, TurboFan's where it got there), of how many were counted; median of the runs. Few of many: V8 settled late in the window; 1: only the last or least segment, whose count is then a bound of the settled code's, not a measure of it.`,
      align: 'right',
      format: (value, row) => (Number.isFinite(value) ? `${show.number(Math.round(value))} of ${show.number(Math.round(row.countedSegments))}` : show.DASH),
    },
    {
      key: 'instructionRatio',
      title: '× baseline instructions',
      brief: true,
      when: counted,
      counted: true,
      description: `Instructions per ${per} divided by the baseline's (medians): a ratio of counted CPU work, not of time, to as many figures as the counts' spread and their shares in GC support (the collector's part moves with the heap's history, which repeated counts of one history do not show).`,
      align: 'right',
      format: (value, row) => (Number.isFinite(value) ? `${show.figures(value, row.instructionRatioSpread)}×` : show.DASH),
    },
    {
      key: 'instructionRatioAboveFloor',
      title: '× baseline above floor',
      brief: true,
      // Only where the runs hold the floor's count at some row's cell: a floor is never assumed.
      when: (rows) => rows.some((row) => Number.isFinite(row.floorInstructions)),
      counted: true,
      description: `The example's own work relative to the baseline's: (x - f) / (b - f), with x its instructions per ${per}, b the baseline's and f the floor's, each the median of its counted runs. The floor is the example the scenario declares as the work every style pays whatever it is written in (its floor), counted by bench --measure instructions or both beside the examples, in the same environment at this cell's parameters; the plain ratio is pulled toward 1 by that shared work, this one is not. A ratio of counted CPU work, not of time, to as many figures as the three counts' spreads and their shares in GC support, which weigh more the nearer a count is to the floor. —: the example has no count here, or its count or the baseline's is not above the floor's (nothing of its own to compare); a table with no count of the floor has no such column.`,
      align: 'right',
      format: (value, row) => (Number.isFinite(value) ? `${show.figures(value, row.instructionRatioAboveFloorSpread)}×` : show.DASH),
    },
  ];
}

module.exports = { countedColumns };
