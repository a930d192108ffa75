'use strict';

const assert = require('node:assert/strict');
const { placeLabels, boxesOverlap, textSize, DEFAULTS } = require('../../lib/report/charts/label-layout');
const registries = require('../../examples');
const { scatterLayout, LABEL, PANEL_WIDTH: WIDTH, PANEL_HEIGHT: HEIGHT } = require('../../lib/report/charts/scatter-plot');
const { shortName } = require('../../lib/report/charts/families');
const { MAX_PER_PANEL } = require('../../lib/report/charts/families');
const { DENSE_ROWS } = require('./dense-rows');

// The scatter's labels must never overprint. The crowded case is the real
// one: the DoxBee styles at n=10000, t=1, where seven examples lie within 13
// tokens and 0.6× of each other.

function assertNoOverlap(labels, points, { margin = 0, radius = DEFAULTS.pointRadius } = {}) {
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      assert.ok(!boxesOverlap(labels[i].box, labels[j].box, margin), `${labels[i].key} and ${labels[j].key} overlap`);
    }
    for (const p of points) {
      const mark = { x0: p.x - radius, y0: p.y - radius, x1: p.x + radius, y1: p.y + radius };
      assert.ok(!boxesOverlap(labels[i].box, mark), `${labels[i].key} covers the point of ${p.key ?? p.example}`);
    }
  }
}

// Points spread like the scatter's, in pixels of one panel.
function densePoints() {
  const { panels } = scatterLayout(DENSE_ROWS, registries);
  return panels.flatMap((panel) => panel.points).map((p) => ({ key: p.example, text: p.example, x: p.x, y: p.y }));
}

describe('report: label layout', () => {
  it('estimates a label at least as wide as Helvetica writes it', () => {
    // Helvetica's average advance for lower-case names with dashes is about 0.55 em.
    assert.ok(textSize('callbacks-neo-async-waterfall', { fontSize: 10 }).width >= 29 * 10 * 0.55);
    assert.equal(textSize('ab', { fontSize: 10 }).height, 12.5);
  });

  it('places full names in the crowded real case with no two overlapping and none on a point', () => {
    const points = densePoints();
    const labels = placeLabels(points, { width: WIDTH, height: HEIGHT });
    assert.equal(labels.length, points.length);
    assertNoOverlap(labels, points, { margin: DEFAULTS.margin });
    // The text sits at the edge of its box nearest the point.
    for (const label of labels) {
      const expected = { left: label.box.x0, right: label.box.x1, center: (label.box.x0 + label.box.x1) / 2 }[label.align];
      assert.ok(Math.abs(label.x - expected) < 1e-9, `${label.key}: ${label.x} against ${expected}`);
    }
  });

  it("names every point of the scatter in its family's panel, inside the panel, none overlapping", () => {
    const { panels } = scatterLayout(DENSE_ROWS, registries);
    assert.deepEqual(panels.flatMap((panel) => panel.labels.map((l) => l.key)).sort(), DENSE_ROWS.map((row) => row.example).sort());
    assert.ok(panels.every((panel) => panel.labels.length <= MAX_PER_PANEL));
    for (const panel of panels) {
      assertNoOverlap(panel.labels, panel.points, { margin: DEFAULTS.margin, radius: LABEL.pointRadius });
      for (const label of panel.labels) {
        assert.equal(label.text, shortName(label.key, panel.family));
        const { box } = label;
        assert.ok(box.x0 >= 0 && box.x1 <= WIDTH && box.y0 >= 0 && box.y1 <= panel.height, `${label.key} inside its panel`);
      }
    }
  });

  it('gives the same layout every time', () => {
    const points = densePoints();
    assert.deepEqual(placeLabels(points, { width: WIDTH, height: HEIGHT }), placeLabels(points, { width: WIDTH, height: HEIGHT }));
  });

  it('still finds room when the points sit on top of each other', () => {
    const points = Array.from({ length: 12 }, (_, i) => ({ key: `example-${i}`, text: `example-number-${i}`, x: 50, y: 50 }));
    const labels = placeLabels(points, { width: 200, height: 120 });
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) assert.ok(!boxesOverlap(labels[i].box, labels[j].box), `${i} and ${j}`);
    }
  });
});
