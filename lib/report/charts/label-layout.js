'use strict';

// Where the scatter's labels go, so that none covers another or a point. Vega
// has no font engine here, so text is measured by an estimate: characters ×
// font size × an average character width a little wider than Helvetica's.
// Labels choose one after another, each the free place nearest its point; a
// label away from its point gets a leader line. Several orders of choosing are
// tried, and the layout with the shortest and fewest crossing leaders is kept.
// Deterministic and pure: pixel positions in, pixel boxes out.

const DEFAULTS = {
  fontSize: 11,
  // Helvetica and Arial average about 0.55 em for lower case and dashes.
  charWidth: 0.62,
  lineHeight: 1.25,
  pointRadius: 6,
  gap: 3,
  // Room kept between two labels.
  margin: 2,
  // A leader longer than this is taken only when no label crossing-free nearer fits.
  longLeader: 90,
  // How far right of the plot a label may reach: a narrow layout has no room there.
  overhang: Infinity,
};

/** The estimated size of a line of text, in pixels. */
function textSize(text, { fontSize = DEFAULTS.fontSize, charWidth = DEFAULTS.charWidth, lineHeight = DEFAULTS.lineHeight } = {}) {
  return { width: String(text).length * fontSize * charWidth, height: fontSize * lineHeight };
}

/** Whether two boxes share any area, `margin` pixels of room counted as shared. */
function boxesOverlap(a, b, margin = 0) {
  return a.x0 < b.x1 + margin && b.x0 < a.x1 + margin && a.y0 < b.y1 + margin && b.y0 < a.y1 + margin;
}

// From the point to the nearest edge of the box.
function distanceToBox(px, py, box) {
  const dx = Math.max(box.x0 - px, 0, px - box.x1);
  const dy = Math.max(box.y0 - py, 0, py - box.y1);
  return Math.hypot(dx, dy);
}

function inBox(x, y, box) {
  return x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
}

// Whether segments p1-p2 and p3-p4 cross (touching ends do not count).
function segmentsCross(p1, p2, p3, p4) {
  const side = (a, b, c) => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
  return side(p1, p2, p3) * side(p1, p2, p4) < 0 && side(p3, p4, p1) * side(p3, p4, p2) < 0;
}

/** Whether the segment { x1, y1, x2, y2 } passes through the box. */
function segmentHitsBox(segment, box) {
  const a = { x: segment.x1, y: segment.y1 };
  const b = { x: segment.x2, y: segment.y2 };
  if (inBox(a.x, a.y, box) || inBox(b.x, b.y, box)) return true;
  const corners = [
    { x: box.x0, y: box.y0 },
    { x: box.x1, y: box.y0 },
    { x: box.x1, y: box.y1 },
    { x: box.x0, y: box.y1 },
  ];
  return corners.some((corner, i) => segmentsCross(a, b, corner, corners[(i + 1) % 4]));
}

function segmentsMeet(s, t) {
  return segmentsCross({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }, { x: t.x1, y: t.y1 }, { x: t.x2, y: t.y2 });
}

// Where a label can go around its point, nearest first (ties in the order
// generated): beside it, the text starting right of the point or ending left
// of it, in rows up and down and then further out; above or below it,
// centred or reaching right or left from it. The text's anchor is the box's
// near edge, so the real text, narrower than the estimate, hugs the point.
function candidates(point, size, { pointRadius, gap }) {
  const near = pointRadius + gap;
  const row = size.height + 1;
  const list = [];
  const add = (x0, cy, align) => list.push({ x0, cy, align });
  for (let shift = 0; shift <= 12; shift++) {
    for (let lines = 0; lines <= 40; lines++) {
      for (const sign of lines === 0 ? [0] : [-1, 1]) {
        const cy = point.y + (sign * lines * row) / 2;
        add(point.x + near + shift * 12, cy, 'left');
        add(point.x - near - shift * 12 - size.width, cy, 'right');
      }
    }
  }
  for (let lines = 0; lines <= 40; lines++) {
    for (const side of [-1, 1]) {
      const cy = point.y + side * (near + size.height / 2 + lines * row);
      add(point.x - size.width / 2, cy, 'center');
      add(point.x - near, cy, 'left');
      add(point.x + near - size.width, cy, 'right');
    }
  }
  return list
    .map(({ x0, cy, align }, order) => {
      const box = { x0, y0: cy - size.height / 2, x1: x0 + size.width, y1: cy + size.height / 2 };
      const x = align === 'left' ? box.x0 : align === 'right' ? box.x1 : (box.x0 + box.x1) / 2;
      const distance = distanceToBox(point.x, point.y, box);
      const leader =
        distance > near + 1
          ? { x1: point.x, y1: point.y, x2: Math.min(Math.max(point.x, box.x0), box.x1), y2: Math.min(Math.max(point.y, box.y0), box.y1) }
          : null;
      return { x, y: cy, align, box, leader, distance, order };
    })
    .sort((a, b) => a.distance - b.distance || a.order - b.order);
}

function crowding(point, points, radius = 80) {
  return points.filter((p) => p !== point && Math.hypot(p.x - point.x, p.y - point.y) < radius).length;
}

// The orders in which labels may choose, each tried: a label that chooses
// early takes the place nearest its point, and which order leaves the fewest
// long or crossing leaders depends on the picture.
const ORDERS = [
  (a, b) => b.crowd - a.crowd,
  (a, b) => a.point.y - b.point.y,
  (a, b) => b.point.y - a.point.y,
  (a, b) => a.point.x - b.point.x,
  (a, b) => b.point.x - a.point.x,
  (a, b) => a.crowd - b.crowd,
];

// What a layout costs a reader: the length of its leaders, each crossing of
// two leaders, and each label pushed out of the plot.
const COST = { crossing: 150, outside: 400 };

// One label after another, in `order`, each taking the nearest free place.
function layoutInOrder(points, order, o) {
  const markOf = (p) => ({ x0: p.x - o.pointRadius, y0: p.y - o.pointRadius, x1: p.x + o.pointRadius, y1: p.y + o.pointRadius });
  const marks = points.map(markOf);
  // Points without a label are avoided where there is room, covered where there is not.
  const obstacles = (o.obstacles ?? []).map(markOf);
  const clear = (c) => !obstacles.some((m) => boxesOverlap(m, c.box));
  const placed = new Map();
  const boxes = [];
  const leaders = [];
  let cost = 0;
  const inside = (c) => c.box.x0 >= 0 && c.box.y0 >= 0 && c.box.x1 <= o.width && c.box.y1 <= o.height;
  // Out of the plot, a label may go right of it (by `overhang` at most) or above it, not onto an axis.
  const beside = (c) => c.box.x0 >= 0 && c.box.y1 <= o.height && c.box.x1 <= o.width + o.overhang;
  // A label covers no other label, no point and no leader line; its own
  // leader crosses no label, and, if it can, no other point and no other leader
  // (in a tight cluster every way out passes a neighbour).
  const free = (c, own, { strict = false, loose = false } = {}) =>
    !boxes.some((b) => boxesOverlap(b, c.box, o.margin)) &&
    !marks.some((m) => boxesOverlap(m, c.box)) &&
    !leaders.some((l) => segmentHitsBox(l, c.box)) &&
    (!c.leader ||
      (!boxes.some((b) => segmentHitsBox(c.leader, b)) &&
        (loose || !marks.some((m, i) => i !== own && segmentHitsBox(c.leader, m))) &&
        (!strict || !leaders.some((l) => segmentsMeet(l, c.leader)))));
  for (const { point, index } of order) {
    const size = textSize(point.text, o);
    const list = candidates(point, size, o);
    // Inside the plot, near, with no leader crossing another, if there is room;
    // else inside anywhere; else beside the plot; else inside with a leader
    // past other points; failing all, above every other label, where there is
    // always room.
    let choice =
      list.find((c) => inside(c) && c.distance <= o.longLeader && free(c, index, { strict: true }) && clear(c)) ??
      list.find((c) => inside(c) && c.distance <= o.longLeader && free(c, index, { strict: true })) ??
      list.find((c) => inside(c) && free(c, index)) ??
      list.find((c) => beside(c) && free(c, index)) ??
      list.find((c) => inside(c) && free(c, index, { loose: true }));
    if (!choice) {
      const top = Math.min(0, ...boxes.map((b) => b.y0), ...marks.map((m) => m.y0)) - o.margin - 1;
      // Centred over its point, or, where the plot's right edge bounds the labels, moved in from the edges.
      const bounded = Number.isFinite(o.overhang);
      const x0 = bounded ? Math.max(0, Math.min(point.x - size.width / 2, o.width + o.overhang - size.width)) : point.x - size.width / 2;
      const box = { x0, y0: top - size.height, x1: x0 + size.width, y1: top };
      const x2 = Math.min(Math.max(point.x, box.x0), box.x1);
      choice = { x: (box.x0 + box.x1) / 2, y: top - size.height / 2, align: 'center', box, leader: { x1: point.x, y1: point.y, x2, y2: top } };
    }
    if (choice.leader) {
      cost += Math.hypot(choice.leader.x2 - choice.leader.x1, choice.leader.y2 - choice.leader.y1);
      cost += COST.crossing * leaders.filter((l) => segmentsMeet(l, choice.leader)).length;
    }
    if (!inside(choice)) cost += COST.outside;
    boxes.push(choice.box);
    if (choice.leader) leaders.push(choice.leader);
    placed.set(index, { key: point.key, text: point.text, x: choice.x, y: choice.y, align: choice.align, box: choice.box, leader: choice.leader });
  }
  return { labels: points.map((_, index) => placed.get(index)), cost };
}

/**
 * @param {Array<{ key: string, text: string, x: number, y: number }>} points pixel positions
 * @param {{ width: number, height: number, fontSize?, charWidth?, pointRadius?, gap?, margin?, overhang?, obstacles? }} options
 *   obstacles: points drawn without a label, which a label covers only when no near place is clear of them
 * @returns {Array<{ key, text, x, y, align, box, leader: { x1, y1, x2, y2 } | null }>} x, y: the
 *   text's anchor ('left', 'right' or 'center' as `align` says) and middle; in the order of `points`
 */
function placeLabels(points, options) {
  const o = { ...DEFAULTS, ...options };
  const items = points.map((point, index) => ({ point, index, crowd: crowding(point, points) }));
  let best = null;
  for (const compare of ORDERS) {
    const order = [...items].sort((a, b) => compare(a, b) || a.point.key.localeCompare(b.point.key) || a.index - b.index);
    const layout = layoutInOrder(points, order, o);
    if (!best || layout.cost < best.cost) best = layout;
  }
  return best ? best.labels : [];
}

module.exports = { DEFAULTS, textSize, boxesOverlap, placeLabels };
