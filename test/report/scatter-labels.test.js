'use strict';

const assert = require('node:assert/strict');
const registries = require('../../examples');
const { DENSE_ROWS, ALL_ROWS } = require('./dense-rows');
const { scatterSpec } = require('../../lib/report/charts/scatter-plot');
const { exampleColors, REFERENCE_GREY } = require('../../lib/report/charts/colors');
const { sceneItems, labelBoxes, overlaps } = require('./scene-boxes');

// Complexity against time names every point beside it, with no legend, and no
// two names overlap as Vega lays them out (its scenegraph, read headless).

const AT = { scenario: 'doxbee-sequential', params: { n: 10000, t: 1 }, baseline: 'callbacks-original' };

function specOf(rows) {
  const colors = exampleColors(
    rows.map((r) => r.example),
    registries,
  );
  return scatterSpec(rows, AT, { colors, registries });
}

// Every text layer of placed labels in the spec.
function labelLayers(node, found = []) {
  if (Array.isArray(node)) node.forEach((child) => labelLayers(child, found));
  else if (node && typeof node === 'object') {
    if (node.mark?.type === 'text' && node.data?.values?.some((v) => v.box)) found.push(node);
    Object.values(node).forEach((child) => labelLayers(child, found));
  }
  return found;
}

describe('report: the names in complexity against time', function () {
  this.timeout(20000);

  for (const [what, rows] of [
    ['the 18 crowded styles', DENSE_ROWS],
    ['all 33 DoxBee styles', ALL_ROWS],
  ]) {
    it(`names each of ${what} once, no two names overlapping and none over a coloured point`, async () => {
      const spec = specOf(rows);
      const labels = await labelBoxes(spec);
      assert.deepEqual(labels.map((l) => l.example).sort(), rows.map((r) => r.example).sort());
      assert.deepEqual(overlaps(labels), []);
      const points = (await sceneItems(spec)).filter(({ marktype, item }) => marktype === 'symbol' && item.datum?.example && item.fill !== REFERENCE_GREY);
      assert.equal(points.length, rows.length);
      for (const label of labels) {
        for (const point of points) assert.deepEqual(overlaps([label, { text: point.item.datum.example, box: point.box }]), [], `${label.text}`);
      }
    });
  }

  it('has no legend: colours are named where the points are', async () => {
    const items = await sceneItems(specOf(ALL_ROWS));
    assert.ok(items.length > 0);
    assert.ok(!items.some(({ item }) => item.mark?.role === 'legend' || item.mark?.role?.startsWith('legend-')), 'no legend');
  });

  it('catches a planted layout in which two names overlap', async () => {
    const spec = specOf(ALL_ROWS);
    // Two names of one panel moved onto the same place.
    const [layer] = labelLayers(spec).filter((l) => l.data.values.length >= 2);
    const [first, second] = layer.data.values;
    Object.assign(second, { x: first.x, y: first.y, align: first.align });
    const found = overlaps(await labelBoxes(spec));
    assert.ok(found.length >= 1, 'the overlap is seen');
  });
});
