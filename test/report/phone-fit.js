'use strict';

const assert = require('node:assert/strict');
const { renderSvg } = require('../../lib/report/charts/vega');

// What a chart's narrow layout must measure, drawn from its spec by Vega as
// the report draws it: no wider than the page on a 390 px phone (less its two
// 1rem margins) and no taller than pictures.test.js allows a narrow layout.
// Its desktop layout, drawn the same way, fails the width: the check's planted
// failure, a chart without a narrow layout of its own.

const PHONE_PAGE = 390 - 2 * 16;
const TALLEST_NARROW = 2400;

function sizeOf(svg) {
  const [, width, height] = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  return { width: Number(width), height: Number(height) };
}

/**
 * Draws both layouts of a chart and checks their sizes, and that Vega warned of nothing.
 * @returns {Promise<{ width: number, height: number }>} the narrow layout's size
 */
async function assertFitsPhone(name, narrowSpec, wideSpec) {
  const messages = [];
  const narrow = sizeOf(await renderSvg(narrowSpec, { messages }));
  assert.deepEqual(messages, [], name);
  assert.ok(narrow.width <= PHONE_PAGE, `${name}: the narrow layout is ${narrow.width} px wide`);
  assert.ok(narrow.height <= TALLEST_NARROW, `${name}: the narrow layout is ${narrow.height} px tall`);
  const wide = sizeOf(await renderSvg(wideSpec));
  assert.ok(wide.width > PHONE_PAGE, `${name}: the desktop layout, ${wide.width} px wide, passes the check it should fail`);
  return narrow;
}

module.exports = { PHONE_PAGE, assertFitsPhone };
