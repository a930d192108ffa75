'use strict';

const show = require('../display');

// The names of the chart files: the same from run to run for the same grid.

// A chart file name that stays the same from run to run for the same grid.
function chartBase(scenario, envIndex, envCount, slug) {
  return [scenario, envCount > 1 ? `env${envIndex + 1}` : null, slug].filter(Boolean).join('-');
}

// Parameters that differ between the parameter sets of one scenario's charts
// name the files apart: "t1", "t10", "load-dt0.05", "n10000-t1".
function paramSlugs(paramSets, { except = [] } = {}) {
  if (paramSets.length < 2) return paramSets.map(() => null);
  // Every parameter any set has: a set without one (bytes under the compute workload) names it not.
  const keys = show
    .orderedParamKeys(Object.assign({}, ...paramSets))
    .filter((key) => !except.includes(key) && new Set(paramSets.map((p) => String(p[key]))).size > 1);
  const word = (key, value) => (typeof value === 'number' ? `${key}${value}` : String(value));
  return paramSets.map((p) =>
    show.slug(
      keys
        .filter((key) => p[key] !== undefined)
        .map((key) => word(key, p[key]))
        .join('-'),
    ),
  );
}

// The name of a chart's narrow layout, for a phone's width (charts/queue.js):
// the chart's, with -narrow.
function narrowNameOf(name) {
  return name.replace(/\.svg$/, '-narrow.svg');
}

module.exports = { chartBase, paramSlugs, narrowNameOf };
