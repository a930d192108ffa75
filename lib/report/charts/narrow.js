'use strict';

const { textSize } = require('./label-layout');
const { wrapWords } = require('./wrap-words');
const { CONFIG } = require('./vega');

// What the charts' narrow layouts share. The HTML page shows a chart's narrow
// layout below 600 px, where its desktop one is wider than the screen
// (page-charts.js): the same marks in one column, their texts at the desktop's
// sizes, wrapped to the width or given a line of their own, never shrunk.
// Pure.

// A plot's width: with the padding and the axis's last label, within the
// page's 390 px less its margins (358 px).
const WIDTH = 316;
const FONT = 11;
const LINE = 13;
// Vega, drawing without a browser, sizes the picture by an estimate of its
// texts' widths of 0.8 em a character (wider than Helvetica's): a line is
// wrapped to that estimate, or the picture would grow past the phone's width.
const EM = 0.8;

/** How many characters of `fontSize` px fit in `width` px, by Vega's estimate. */
function charsIn(width, fontSize) {
  return Math.floor(width / (fontSize * EM));
}

/** A title and its subtitle's lines (nulls left out), wrapped to `width` at the sizes of the charts' look. */
function narrowTitle(text, subtitle, width = WIDTH) {
  return {
    text: wrapWords(text, charsIn(width, CONFIG.title.fontSize)),
    subtitle: subtitle.filter(Boolean).flatMap((line) => wrapWords(line, charsIn(width, CONFIG.title.subtitleFontSize))),
  };
}

/** An axis's title wrapped to `width` (a rotated one to the plot's height). */
function axisTitle(text, width = WIDTH) {
  return wrapWords(text, charsIn(width, CONFIG.axis.titleFontSize));
}

// Fewer ticks than the desktop's: at most five, 1 kept.
function fewerTicks(values) {
  if (values.length <= 5) return values;
  const step = Math.ceil(values.length / 5);
  const one = values.indexOf(1);
  return values.filter((v, i) => (i - Math.max(one, 0)) % step === 0);
}

// A row's marks (a bar, or a lane per runtime) under its name, and the room
// between two rows.
const GAP = 5;

/**
 * Every row's lines in pixels: its name (and its number beside it when both
 * fit the width), then a block of `block` px for its marks.
 * @param {object[]} rows each with the texts named by `label` and `text`
 * @returns {object[]} the rows with nameY, textY (the texts' middles), top,
 *   barY and end (the block's top, middle and foot) and bottom, top to bottom
 */
function placeRows(rows, { block, label = 'label', text = 'text', width = WIDTH }) {
  // Below the frame's top edge.
  let bottom = 4;
  return rows.map((row) => {
    const apart = textSize(row[label], { fontSize: FONT }).width + 12 + textSize(row[text], { fontSize: FONT }).width > width;
    const nameY = bottom + LINE / 2;
    const textY = apart ? nameY + LINE : nameY;
    const top = textY + LINE / 2;
    bottom = top + block + GAP;
    return { ...row, nameY, textY, top, barY: top + block / 2, end: top + block, bottom };
  });
}

/** The layers that write placed rows' names at the left and their numbers at the right. */
function rowTextLayers({ label = 'label', text = 'text', width = WIDTH } = {}) {
  const y = (field) => ({ field, type: 'quantitative', scale: null });
  return [
    {
      mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: FONT, color: '#222' },
      encoding: { x: { value: 0 }, y: y('nameY'), text: { field: label } },
    },
    {
      mark: { type: 'text', align: 'right', baseline: 'middle', fontSize: FONT, color: '#333' },
      encoding: { x: { value: width }, y: y('textY'), text: { field: text } },
    },
  ];
}

/** A rule at `x` across each placed row's block only: never through the names above it. */
function blockRule(x, mark = { color: '#555', strokeWidth: 1.5 }) {
  return {
    mark: { type: 'rule', ...mark },
    encoding: { x, y: { field: 'top', type: 'quantitative', scale: null }, y2: { field: 'end' } },
  };
}

module.exports = { WIDTH, FONT, LINE, charsIn, narrowTitle, axisTitle, fewerTicks, placeRows, rowTextLayers, blockRule };
