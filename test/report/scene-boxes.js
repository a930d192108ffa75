'use strict';

const vega = require('vega');
const vegaLite = require('vega-lite');

// The boxes of a chart's marks as Vega lays them out: the spec compiled and
// run headless (no renderer), and every item's bounds read from the
// scenegraph, moved by the offsets of the groups around it into the chart's
// own pixels. Text is measured as Vega measures it without a font, 0.8 em a
// character, wider than a browser writes it: boxes apart here are apart on
// screen.

async function sceneItems(spec) {
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    await view.runAsync();
    const items = [];
    const walk = (mark, dx, dy) => {
      for (const item of mark.items ?? []) {
        if (mark.marktype === 'group') {
          for (const child of item.items ?? []) walk(child, dx + (item.x ?? 0), dy + (item.y ?? 0));
        } else {
          const b = item.bounds;
          items.push({ marktype: mark.marktype, item, box: { x0: b.x1 + dx, y0: b.y1 + dy, x1: b.x2 + dx, y1: b.y2 + dy } });
        }
      }
    };
    walk(view.scenegraph().root, 0, 0);
    return items;
  } finally {
    view.finalize();
  }
}

/**
 * The placed labels of a chart (text marks whose data are label-layout's
 * labels, drawn once each: the white outline under a name is not counted),
 * with their boxes in the chart's pixels.
 * @returns {Promise<Array<{ text: string, example: string, box }>>}
 */
async function labelBoxes(spec) {
  const items = await sceneItems(spec);
  return items
    .filter(({ marktype, item }) => marktype === 'text' && item.datum && item.datum.box && item.stroke !== 'white')
    .map(({ item, box }) => ({ text: item.text, example: item.datum.example, box }));
}

/** The pairs of boxes that share any area, as "a / b". */
function overlaps(labels) {
  const found = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i].box;
      const b = labels[j].box;
      if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) found.push(`${labels[i].text} / ${labels[j].text}`);
    }
  }
  return found;
}

module.exports = { sceneItems, labelBoxes, overlaps };
