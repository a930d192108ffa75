'use strict';

const { textSize } = require('./label-layout');
const { wrapWords, wrapName } = require('./wrap-words');
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

/**
 * A title and its subtitle's lines (nulls left out), wrapped to `width` at the
 * sizes of the charts' look; a line the desktop ends with ';' runs on into the next.
 */
function narrowTitle(text, subtitle, width = WIDTH) {
  const sentences = subtitle
    .filter(Boolean)
    .reduce((all, line) => (all.length && all[all.length - 1].endsWith(';') ? [...all.slice(0, -1), `${all[all.length - 1]} ${line}`] : [...all, line]), []);
  return {
    text: wrapWords(text, charsIn(width, CONFIG.title.fontSize)),
    subtitle: sentences.flatMap((line) => wrapWords(line, charsIn(width, CONFIG.title.subtitleFontSize))),
  };
}

/** A chart's title: as given on a desktop, wrapped (narrowTitle) in the phone's layout. */
function chartTitle(text, subtitle, { narrow = false } = {}) {
  return narrow ? narrowTitle(text, subtitle) : { text, subtitle: subtitle.filter(Boolean) };
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
 * @param {object[]} rows each with the texts named by `label` and `text` (null: no number)
 * @returns {object[]} the rows with nameY, textY (the texts' middles), top,
 *   barY and end (the block's top, middle and foot) and bottom, top to bottom
 */
function placeRows(rows, { block, label = 'label', text = 'text', width = WIDTH }) {
  // Below the frame's top edge.
  let bottom = 4;
  return rows.map((row) => {
    const apart = text !== null && textSize(row[label], { fontSize: FONT }).width + 12 + textSize(row[text], { fontSize: FONT }).width > width;
    const nameY = bottom + LINE / 2;
    const textY = apart ? nameY + LINE : nameY;
    const top = textY + LINE / 2;
    bottom = top + block + GAP;
    return { ...row, nameY, textY, top, barY: top + block / 2, end: top + block, bottom };
  });
}

/** The layers that write placed rows' names at the left and their numbers (unless `text` is null) at the right. */
function rowTextLayers({ label = 'label', text = 'text', width = WIDTH } = {}) {
  const y = (field) => ({ field, type: 'quantitative', scale: null });
  const names = {
    mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: FONT, color: '#222' },
    encoding: { x: { value: 0 }, y: y('nameY'), text: { field: label } },
  };
  const numbers = {
    mark: { type: 'text', align: 'right', baseline: 'middle', fontSize: FONT, color: '#333' },
    encoding: { x: { value: width }, y: y('textY'), text: { field: text } },
  };
  return text === null ? [names] : [names, numbers];
}

/** A rule at `x` across each placed row's block only: never through the names above it. */
function blockRule(x, mark = { color: '#555', strokeWidth: 1.5 }) {
  return {
    mark: { type: 'rule', ...mark },
    encoding: { x, y: { field: 'top', type: 'quantitative', scale: null }, y2: { field: 'end' } },
  };
}

// A key's names at the desktop legend's size, a line each 14 px apart (the
// browser's line box of 12 px text is 14 px), each after a short line in its colour.
const KEY_FONT = CONFIG.legend.labelFontSize;
const KEY_LINE = 14;
const SYMBOL = 14;

/**
 * A key laid out as text flows: each entry its symbol and its name, side by
 * side while they fit `width`, else on the next line; a name too long for a
 * line broken after its hyphens, onto lines of its own.
 * @param {Array<{ example: string, text: string }>} entries
 * @returns {{ entries: Array<{ example, text, x, line, symbol: boolean }>, lines: number }} x: the
 *   symbol's left edge; symbol: whether the entry's line starts with its symbol (its name's first line)
 */
function flowKey(entries, width) {
  const chars = charsIn(width - SYMBOL - 4, KEY_FONT);
  const placed = [];
  let x = 0;
  let line = 0;
  for (const entry of entries) {
    const lines = wrapName(entry.text, chars);
    const size = SYMBOL + 4 + Math.max(...lines.map((text) => text.length * KEY_FONT * EM));
    if (x > 0 && (lines.length > 1 || x + size > width)) {
      x = 0;
      line++;
    }
    lines.forEach((text, i) => placed.push({ example: entry.example, text, x, line: line + i, symbol: i === 0 }));
    line += lines.length - 1;
    x += size + 12;
  }
  return { entries: placed, lines: placed.length ? line + 1 : 0 };
}

/**
 * The layers that draw a flowKey's entries from `top` down, each symbol and
 * name in the colour of its example and described by its name, so that the
 * page can pick it out (vega.js tagExamples).
 * @param {object} color a colour encoding whose field is `example`'s, or `series` holding the same
 */
function keyLayers(key, { top, color }) {
  const values = key.entries.map((entry) => ({
    ...entry,
    series: entry.example,
    y: top + entry.line * KEY_LINE,
    x2: entry.x + SYMBOL,
    textX: entry.x + SYMBOL + 4,
  }));
  const pixel = (field) => ({ field, type: 'quantitative', scale: null });
  const description = { field: 'example' };
  return [
    {
      data: { values: values.filter((entry) => entry.symbol) },
      mark: { type: 'rule', strokeWidth: 3 },
      encoding: { x: pixel('x'), x2: { field: 'x2' }, y: pixel('y'), color, description },
    },
    {
      data: { values },
      mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: KEY_FONT, color: '#222' },
      encoding: { x: pixel('textX'), y: pixel('y'), text: { field: 'text' }, description },
    },
  ];
}

module.exports = {
  WIDTH,
  FONT,
  LINE,
  KEY_LINE,
  charsIn,
  narrowTitle,
  chartTitle,
  axisTitle,
  fewerTicks,
  placeRows,
  rowTextLayers,
  blockRule,
  flowKey,
  keyLayers,
};
