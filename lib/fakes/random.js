'use strict';

// Seeded, keyed randomness. A decision is a pure function of (seed, key), so the
// k-th call of an operation gets the same fault and the same jitter whatever style
// made it and however calls interleave.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

// FNV-1a, 32 bit, continued from the hash h of the text before: so that
// hashString(a + b) === hashString(b, hashString(a)).
function hashString(text, h = FNV_OFFSET) {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

// The same for the decimal digits of a whole number k, without building its
// string: hashInteger(k, h) === hashString(String(k), h).
function hashInteger(k, h) {
  let unit = 1;
  while (unit * 10 <= k) unit *= 10;
  for (; unit >= 1; unit /= 10) {
    h ^= 48 + (Math.floor(k / unit) % 10);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

// One step of mulberry32 from state a: the number in [0, 1) it draws.
function mulberryDraw(a) {
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function mulberry32(state) {
  let a = state >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    return mulberryDraw(a);
  };
}

// The first number mulberry32(state) draws, without making the generator.
function firstDraw(state) {
  return mulberryDraw((state + 0x6d2b79f5) >>> 0);
}

// A number in [0, 1) determined by the seed and the key.
function keyedRandom(seed, key) {
  return firstDraw(hashString(`${seed}:${key}`));
}

// keyedRandom(seed, `${prefix}${k}`) for a whole number k, given
// prefixHash = hashString(`${seed}:${prefix}`): the engine's form, which builds
// no string per call.
function keyedRandomAt(prefixHash, k) {
  return firstDraw(hashInteger(k, prefixHash));
}

module.exports = { hashString, hashInteger, mulberry32, firstDraw, keyedRandom, keyedRandomAt };
