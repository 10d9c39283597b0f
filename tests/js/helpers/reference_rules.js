// A plain, obviously-correct 2048 reference in JavaScript, for checking the
// engine's rules: slide each line towards its front cell, merge equal
// neighbours once, add merged values to the score; spawns from SplitMix64 as
// the core draws them (BigInt arithmetic, independent of the C++ code).

// The cells of line j, front first (the cell the tiles slide towards).
function lineCells(dir, j) {
  switch (dir) {
    case 0:
      return [j, 4 + j, 8 + j, 12 + j]; // up
    case 1:
      return [4 * j + 3, 4 * j + 2, 4 * j + 1, 4 * j]; // right
    case 2:
      return [12 + j, 8 + j, 4 + j, j]; // down
    default:
      return [4 * j, 4 * j + 1, 4 * j + 2, 4 * j + 3]; // left
  }
}

function slideLine(values) {
  const tiles = values.filter((v) => v !== 0);
  const out = [];
  let gain = 0;
  for (let i = 0; i < tiles.length; i++) {
    if (i + 1 < tiles.length && tiles[i] === tiles[i + 1]) {
      out.push(tiles[i] * 2);
      gain += tiles[i] * 2;
      i++;
    } else {
      out.push(tiles[i]);
    }
  }
  while (out.length < 4) out.push(0);
  return { out, gain };
}

export function referenceMove(board, dir) {
  const next = board.slice();
  let gain = 0;
  for (let j = 0; j < 4; j++) {
    const cells = lineCells(dir, j);
    const line = slideLine(cells.map((c) => board[c]));
    cells.forEach((c, k) => {
      next[c] = line.out[k];
    });
    gain += line.gain;
  }
  return { board: next, gain, moved: next.some((v, i) => v !== board[i]) };
}

export function referenceLegalMoves(board) {
  return [0, 1, 2, 3].filter((dir) => referenceMove(board, dir).moved);
}

const MASK64 = (1n << 64n) - 1n;

// SplitMix64 with its state as a BigInt.
export class ReferenceRng {
  constructor(state) {
    this.state = BigInt(state) & MASK64;
  }

  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }

  below(n) {
    return Number(((this.next() >> 32n) * BigInt(n)) >> 32n);
  }

  // The state as the engine reports it: [hi, lo] 32-bit halves.
  halves() {
    return [Number(this.state >> 32n), Number(this.state & 0xffffffffn)];
  }
}

// One spawn: a uniformly chosen empty cell (row-major), then 4 one time in ten.
export function referenceSpawn(board, rng) {
  const empty = [];
  board.forEach((v, i) => {
    if (v === 0) empty.push(i);
  });
  if (empty.length === 0) return { board: board.slice(), spawned: false };
  const cell = empty[rng.below(empty.length)];
  const next = board.slice();
  next[cell] = rng.below(10) === 0 ? 4 : 2;
  return { board: next, spawned: true };
}

// A small seeded generator for the tests' random boards (mulberry32).
export function testRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
