'use strict';

const { SURFACED } = require('../../lib/report/sections/debuggability-rows');
const { GRADED_KEYS } = require('./cases');
const { measureTrace } = require('./stack');

// Source-map levels: the 2013 article's "source maps support", measured.

// The setting whose runs, with and without source maps, decide the level:
// Node's default, what a developer has without asking for more.
const SOURCE_MAP_SETTING = 'node';

// Whether a runtime of --runtime (null: the node running asyncmark) runs a setting.
function runsSetting(target, setting) {
  return !target || Boolean(target.settings[setting]?.applies);
}

/**
 * Whether an example runs its graded cases once more with source maps asked
 * for: a compiled example, under SOURCE_MAP_SETTING (chosen, and applied by
 * the runtime), where the runtime applies source maps only when asked.
 * @param {object} entry its registry entry
 * @param {{ settings: string[], target: object|null, maps: object|null }} how the settings
 *   chosen, the runtime (null: the node running asyncmark), how it applies source maps
 */
function runsWithSourceMaps(entry, { settings, target, maps }) {
  return (
    Boolean(entry.transpiled) &&
    settings.includes(SOURCE_MAP_SETTING) &&
    runsSetting(target, SOURCE_MAP_SETTING) &&
    Boolean(maps && maps.applies && !maps.always)
  );
}

/**
 * The source-map level of one example, 1–5, from which graded cases name the
 * failing line (see docs/explanation/debuggability.md, "Source maps"):
 *   5 doesn't need them: without source maps the trace names the failing line
 *     of the file the developer wrote (an example that is not compiled: its
 *     own file) in some graded case;
 *   4 has them, needs them sometimes: only with source maps is the original
 *     line named, and without them the trace still names the failing call in
 *     the compiled file in some case;
 *   3 has them, needs them always: as 4, but without them no trace names the
 *     failing call in the compiled file;
 *   2 none, needs them sometimes: source maps do not lead to the original line
 *     (none to apply, the runtime applies none, or the map is wrong), but the
 *     compiled file's failing call is named in some case;
 *   1 none but needs them: neither.
 * A case counts only when the error surfaced; each list holds graded case keys.
 * @param {object} outcomes { transpiled, without, readable, mapped (null: no
 *   run with source maps), maps (how the runtime applies them, or null) }
 * @returns {{ level: number|null, reason: string }}
 */
function sourceMapLevel({ transpiled, without, readable, mapped, maps = null }) {
  const list = (keys) => keys.join(', ');
  if (without.length > 0) {
    if (!transpiled) return { level: 5, reason: `not compiled; its failing line named without source maps in: ${list(without)}` };
    const always = maps && maps.always ? ' (the runtime applies them without being asked)' : '';
    return { level: 5, reason: `original failing line named without asking for source maps${always} in: ${list(without)}` };
  }
  if (!transpiled) return { level: null, reason: 'not compiled, and no graded case names its failing line: there is nothing for a source map to map' };
  const compiled =
    readable.length > 0
      ? `; without them the compiled file's failing call is named in: ${list(readable)}`
      : "; without them no trace names the compiled file's failing call";
  if (mapped && mapped.length > 0)
    return { level: readable.length > 0 ? 4 : 3, reason: `original failing line named only with source maps, in: ${list(mapped)}${compiled}` };
  const why = maps && !maps.applies ? maps.reason : 'with source maps the trace still does not name the original failing line';
  return { level: readable.length > 0 ? 2 : 1, reason: `${why}${compiled}` };
}

// The graded cases of `runs` that surfaced with a trace naming the failing
// line of `file` (ranges: its failing call), measured from each run's stack.
function casesNaming(runs, file, ranges) {
  return GRADED_KEYS.filter((key) =>
    runs.some((run) => run.case === key && SURFACED.includes(run.outcome) && run.stack && measureTrace(run.stack, { file, ranges }).distance === 0),
  );
}

/**
 * An example's source-map level from its runs under SOURCE_MAP_SETTING
 * (without maps) and its runs with source maps; no level when that setting
 * did not run.
 * @param {object} example its entry in the probe's report, its runs done
 * @param {{ entry: object, settings: string[], target: object|null, maps: object|null }} how
 *   its registry entry, the settings chosen, the runtime, how it applies source maps
 */
function sourceMapsOf(example, { entry, settings, target, maps }) {
  if (!settings.includes(SOURCE_MAP_SETTING) || !runsSetting(target, SOURCE_MAP_SETTING)) {
    return { level: null, reason: `not measured: needs the ${SOURCE_MAP_SETTING} setting, which did not run` };
  }
  const plain = example.runs.filter((r) => r.setting === SOURCE_MAP_SETTING);
  const transpiled = Boolean(entry.transpiled);
  const original = transpiled ? { file: entry.transpiled.source, ranges: example.original.ranges } : { file: entry.file, ranges: example.failingCall.ranges };
  const without = casesNaming(plain, original.file, original.ranges);
  const readable = casesNaming(plain, entry.file, example.failingCall.ranges);
  const mapped = runsWithSourceMaps(entry, { settings, target, maps }) ? casesNaming(example.sourceMapRuns, original.file, original.ranges) : null;
  return { ...sourceMapLevel({ transpiled, without, readable, mapped, maps }), without, readable, mapped };
}

module.exports = { SOURCE_MAP_SETTING, runsSetting, runsWithSourceMaps, sourceMapLevel, sourceMapsOf };
