'use strict';

// Seeded, keyed randomness. A decision is a pure function of (seed, key), so the
// k-th call of an operation gets the same fault and the same jitter whatever style
// made it and however calls interleave.

function hashString(text) {
  // FNV-1a, 32 bit.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(state) {
  let a = state >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A number in [0, 1) determined by the seed and the key.
function keyedRandom(seed, key) {
  return mulberry32(hashString(`${seed}:${key}`))();
}

module.exports = { hashString, mulberry32, keyedRandom };
