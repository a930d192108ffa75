'use strict';

const show = require('../display');

// A summarized cell as the flat row every table reads: raw numbers, its
// failures counted and labelled. Pure.

/** The flat row of one cell. */
function cellRow(cell) {
  const failedRuns = cell.runs - cell.okRuns;
  return {
    example: cell.example,
    baseline: cell.example === cell.baseline,
    status: cell.status,
    runs: cell.runs,
    okRuns: cell.okRuns,
    statuses: Object.entries(cell.statuses)
      .filter(([status]) => status !== 'ok')
      .map(([s, count]) => `${count}/${cell.runs} ${show.statusLabel(s)}`)
      .join(', '),
    failedRuns,
    error: cell.error,
    mean: cell.time ? cell.time.mean : null,
    low: cell.time ? cell.time.low : null,
    high: cell.time ? cell.time.high : null,
    min: cell.time ? cell.time.min : null,
    max: cell.time ? cell.time.max : null,
    ratio: cell.ratio ? cell.ratio.ratio : null,
    // Why a timed cell has no ratio: it never ran in a session with the baseline (lib/summary.js).
    ratioMissing: cell.ratioMissing ?? null,
    ratioLow: cell.ratio ? cell.ratio.low : null,
    ratioHigh: cell.ratio ? cell.ratio.high : null,
    p: cell.ratio ? cell.ratio.p : null,
    significant: cell.ratio ? cell.ratio.significant : null,
    maxRssMB: cell.maxRssMB,
    cpuMs: cell.cpuMs,
    gcMs: cell.gcMs,
    gcCount: cell.gcCount,
    growthTime: cell.growth ? cell.growth.time : null,
    growthCpu: cell.growth ? cell.growth.cpu : null,
    growthMemory: cell.growth ? cell.growth.memory : null,
    growthBase: cell.growth ? cell.growth.base : null,
    growthNs: cell.growth ? cell.growth.ns : [],
    instructionsPerInvocation: cell.instructions ? cell.instructions.median : null,
    instructionSpread: cell.instructions ? cell.instructions.spread : null,
    instructionRatio: cell.instructionRatio ?? null,
    instructionRatioSpread: cell.instructionRatioSpread ?? null,
    // The floor's count at this cell, where its scenario declares one and the runs hold it (lib/above-floor.js).
    floorInstructions: cell.floor ? cell.floor.instructions : null,
    instructionRatioAboveFloor: cell.instructionRatioAboveFloor ?? null,
    instructionRatioAboveFloorSpread: cell.instructionRatioAboveFloorSpread ?? null,
    estimatedCyclesPerInvocation: cell.estimatedCycles ?? null,
    inCollector: cell.inCollector ?? null,
    collectorPerInvocation: cell.collector ?? null,
    countedCollections: cell.collections ?? null,
    settledSegments: cell.settled ?? null,
    countedSegments: cell.segments ?? null,
    onCancel: cell.onCancel ?? null,
    hearing: cell.hearing ?? null,
    ...cell.extra,
  };
}

module.exports = { cellRow };
