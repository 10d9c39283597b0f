// The spawns `ai2048` draws for a seeded game (cpp/engine/rng.h, spawn() in
// cpp/engine/tiles.cpp), so that a page's game on the same seed meets the same
// tiles as the CLI's: a bench in Chromium then plays the CLI's games move for
// move at a node budget, and its figures pair board by board with native runs.
// The app's own games keep their generator (rng.js); this one is for the tools.
//
// SplitMix64 on BigInt: the state advances by the golden-ratio constant and is
// mixed by two multiply-xorshift rounds; below(n) scales the top 32 bits by n.
import { emptyCellIndices } from './rules.js';

const MASK = (1n << 64n) - 1n;

export function splitMix64(seed) {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new Error(`a native seed is a whole number from 0 to 2^53 - 1, got ${seed}`);
  }
  let state = BigInt(seed);
  const next = () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
  return {
    next,
    // Uniform in [0, n) for n < 2^32, as Rng::below.
    below: (n) => Number(((next() >> 32n) * BigInt(n)) >> 32n),
  };
}

// A spawner for playSeededGame: the board with one tile placed as the CLI's
// spawn() places it (the empty cells counted in row-major order, a 4 when
// below(10) is 0), or the same board when no cell is empty.
export function nativeSpawner(seed) {
  const rng = splitMix64(seed);
  return (board) => {
    const empty = emptyCellIndices(board);
    if (empty.length === 0) return board.slice();
    const cell = empty[rng.below(empty.length)];
    const next = board.slice();
    next[cell] = rng.below(10) === 0 ? 4 : 2;
    return next;
  };
}
