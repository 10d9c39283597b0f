// Directions and tile facts shared by the whole front end. Directions follow the
// original game's order everywhere: 0 up, 1 right, 2 down, 3 left.
export const UP = 0;
export const RIGHT = 1;
export const DOWN = 2;
export const LEFT = 3;
export const DIRECTIONS = [UP, RIGHT, DOWN, LEFT];
export const DIRECTION_NAMES = ['up', 'right', 'down', 'left'];
export const DIRECTION_ARROWS = ['↑', '→', '↓', '←'];

export const SIZE = 4;
export const WIN_VALUE = 2048;
// 2^17: four 65536-free steps below it can all sit on the board with a spawned 4.
export const MAX_TILE = 131072;
export const SPAWN_TWO_PROBABILITY = 0.9;

// Unit step of each direction in (x = column, y = row) terms.
export const VECTORS = [
  { x: 0, y: -1 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
];

export function isTileValue(value) {
  return Number.isInteger(value) && value >= 2 && value <= MAX_TILE && (value & (value - 1)) === 0;
}

export function isDirection(dir) {
  return dir === UP || dir === RIGHT || dir === DOWN || dir === LEFT;
}

// Slides one line of values toward index 0: equal neighbours merge once.
// A plain helper used to check the tile-tracking model and to judge boards.
export function slideLine(values) {
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
  while (out.length < values.length) out.push(0);
  return { line: out, gain };
}

// The cell indices (row-major) of line `k` for a move in `dir`, leading edge first.
export function lineIndices(dir, k, size = SIZE) {
  const idx = [];
  for (let i = 0; i < size; i++) {
    if (dir === LEFT) idx.push(k * size + i);
    else if (dir === RIGHT) idx.push(k * size + (size - 1 - i));
    else if (dir === UP) idx.push(i * size + k);
    else idx.push((size - 1 - i) * size + k);
  }
  return idx;
}

// Applies a move to a row-major board of values: { board, gain, moved }.
export function moveBoard(board, dir, size = SIZE) {
  const next = board.slice();
  let gain = 0;
  for (let k = 0; k < size; k++) {
    const idx = lineIndices(dir, k, size);
    const result = slideLine(idx.map((i) => board[i]));
    idx.forEach((cell, i) => { next[cell] = result.line[i]; });
    gain += result.gain;
  }
  const moved = next.some((v, i) => v !== board[i]);
  return { board: next, gain, moved };
}

export function legalMoves(board, size = SIZE) {
  return DIRECTIONS.filter((dir) => moveBoard(board, dir, size).moved);
}

export function maxTile(board) {
  return board.reduce((a, b) => Math.max(a, b), 0);
}
