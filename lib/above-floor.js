'use strict';

// A ratio of counted CPU work above a floor. Part of every example's count is
// work any style pays whatever it is written in (the event loop, the
// callbacks, the timers); a scenario may declare an example of another
// scenario that does only that (its `floor`, lib/problems.js), and bench
// --measure instructions counts it beside the examples. Then each cell's
// count above the floor's, divided by the baseline's above it, is what its
// style adds, relative to what the baseline's adds. Pure: the summarized
// cells and the floors the scenarios declare in, numbers out. A floor is
// never assumed: without its count there is no ratio.

const NONE = { floor: null, instructionRatioAboveFloor: null, instructionRatioAboveFloorSpread: null };

// Whether a floor's cell is at `params`: each of its parameters has the same value there.
function sameAt(floorParams, params) {
  return Object.entries(floorParams).every(([name, value]) => Object.hasOwn(params, name) && params[name] === value);
}

/**
 * The counted cell of the floor `cell`'s scenario declares, in the same
 * environment, at `cell`'s values of the floor's parameters; null when its
 * scenario declares none or the floor was not counted there.
 * @param {object} cell a summarized cell (lib/summary.js)
 * @param {object[]} cells every summarized cell
 * @param {Object<string, { scenario: string, example: string }>} [floors] by declaring scenario (lib/problems.js floors)
 */
function floorCellOf(cell, cells, floors) {
  const declared = floors && Object.hasOwn(floors, cell.scenario) ? floors[cell.scenario] : null;
  if (!declared) return null;
  const found = cells.filter(
    (other) =>
      other.env === cell.env &&
      other.scenario === declared.scenario &&
      other.example === declared.example &&
      other.instructions &&
      sameAt(other.params, cell.params),
  );
  // The one that matches on the most parameters.
  return found.sort((a, b) => Object.keys(b.params).length - Object.keys(a.params).length)[0] ?? null;
}

// A count's uncertainty relative to it: half its spread over runs and its
// share in the collector, as lib/summary.js's ratioSpread takes them; null when neither is known.
function relativeUncertainty(cell) {
  const parts = [cell.instructions.spread === null ? null : cell.instructions.spread / 2, cell.inCollector].filter(Number.isFinite);
  return parts.length ? parts.reduce((total, value) => total + value, 0) : null;
}

/**
 * How far (x - f) / (b - f) is known, relative to it: each count's
 * uncertainty in instructions, the floor's taken on both sides, over the
 * difference it is part of. Above a floor near the counts the same
 * uncertainty weighs more than in their plain ratio.
 */
function aboveSpread(cell, base, floor) {
  const known = [cell, base, floor].map(relativeUncertainty);
  if (known.every((value) => value === null)) return null;
  const [x, b, f] = [cell, base, floor].map((each) => each.instructions.median);
  const [ux, ub, uf] = known.map((value) => value ?? 0);
  return (x * ux + f * uf) / (x - f) + (b * ub + f * uf) / (b - f);
}

/**
 * A cell's ratio to the baseline above the floor: { floor: { scenario,
 * example, instructions } | null, instructionRatioAboveFloor,
 * instructionRatioAboveFloorSpread }. The ratio is null where the cell or the
 * baseline has no count, or either count is not above the floor's.
 * @param {object} cell a summarized cell
 * @param {object | null} base the baseline's cell at the same environment, scenario and parameters
 * @param {object | null} floor the floor's cell (floorCellOf)
 */
function aboveFloor(cell, base, floor) {
  if (!floor) return NONE;
  const f = floor.instructions.median;
  const described = { scenario: floor.scenario, example: floor.example, instructions: f };
  const x = cell.instructions ? cell.instructions.median : null;
  const b = base && base.instructions ? base.instructions.median : null;
  if (!(x > f) || !(b > f)) return { ...NONE, floor: described };
  // The baseline's own ratio is 1 exactly.
  if (cell === base) return { floor: described, instructionRatioAboveFloor: 1, instructionRatioAboveFloorSpread: null };
  return { floor: described, instructionRatioAboveFloor: (x - f) / (b - f), instructionRatioAboveFloorSpread: aboveSpread(cell, base, floor) };
}

module.exports = { floorCellOf, aboveFloor };
