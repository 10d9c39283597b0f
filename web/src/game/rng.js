// A small seeded random number generator for reproducible games (the demo page
// and tests). SplitMix32: a 32-bit state advanced by a Weyl constant, then mixed.
// Returns a function giving floats in [0, 1), like Math.random.
export function seededRandom(seed) {
  let state = normalizeSeed(seed);
  return function random() {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return z / 4294967296;
  };
}

// Any integer or string becomes a 32-bit seed (strings are hashed, FNV-1a).
export function normalizeSeed(seed) {
  if (typeof seed === 'number' && Number.isFinite(seed)) return Math.trunc(seed) >>> 0;
  let hash = 0x811c9dc5;
  for (const ch of String(seed)) {
    hash = Math.imul(hash ^ ch.codePointAt(0), 0x01000193) >>> 0;
  }
  return hash;
}
