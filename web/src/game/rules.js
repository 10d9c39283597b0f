// The rules of 2048 on plain boards, one copy for the whole front end (the
// game model, the bookmarklet and the engine's input checks): directions,
// tile values, sliding and merging. Directions follow the original game's
// order everywhere: 0 up, 1 right, 2 down, 3 left.
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

// A tile on the board: a power of two from 2 to MAX_TILE (0 is an empty cell).
export function isTileValue(value) {
  return Number.isInteger(value) && value >= 2 && value <= MAX_TILE && (value & (value - 1)) === 0;
}

export function isDirection(dir) {
  return dir === UP || dir === RIGHT || dir === DOWN || dir === LEFT;
}

// The one slide-and-merge rule of the front end: where each tile of a line
// lands when the line slides toward index 0. Equal neighbours merge once, so
// two tiles with the same target merge; targets[i] is -1 for an empty cell.
// The game model follows its tiles with it; slideLine, moveBoard and
// legalMoves (the bookmarklet's) give the values.
export function slideTargets(values) {
  const targets = values.map(() => -1);
  let free = 0;
  let mergeable = -1; // the last tile placed, while it can still take a merge
  for (let i = 0; i < values.length; i++) {
    if (values[i] === 0) continue;
    if (mergeable >= 0 && values[mergeable] === values[i]) {
      targets[i] = targets[mergeable];
      mergeable = -1;
    } else {
      targets[i] = free++;
      mergeable = i;
    }
  }
  return targets;
}

// Slides one line of values toward index 0: { line, gain }.
export function slideLine(values) {
  const line = values.map(() => 0);
  let gain = 0;
  slideTargets(values).forEach((target, i) => {
    if (target < 0) return;
    if (line[target] !== 0) gain += line[target] + values[i];
    line[target] += values[i];
  });
  return { line, gain };
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
    idx.forEach((cell, i) => {
      next[cell] = result.line[i];
    });
    gain += result.gain;
  }
  const moved = next.some((v, i) => v !== board[i]);
  return { board: next, gain, moved };
}

// Whether a move in `dir` changes the board.
export function canMove(board, dir, size = SIZE) {
  return moveBoard(board, dir, size).moved;
}

export function legalMoves(board, size = SIZE) {
  return DIRECTIONS.filter((dir) => canMove(board, dir, size));
}

// The indices of a board's empty cells, in row-major order: where a spawn
// may land (this rule's and the CLI's, native_spawns.js).
export function emptyCellIndices(board) {
  const empty = [];
  board.forEach((value, i) => {
    if (value === 0) empty.push(i);
  });
  return empty;
}

// The game's spawn rule, one copy for the game model and the tools' in-page
// games (seeded_game.js): a uniformly chosen empty cell (row-major order),
// then a 2 with probability SPAWN_TWO_PROBABILITY, else a 4; random() is drawn
// twice, for the cell first. Returns { cell, value }, or null on a full board.
export function randomSpawn(board, random) {
  const empty = emptyCellIndices(board);
  if (empty.length === 0) return null;
  const cell = empty[Math.min(empty.length - 1, Math.floor(random() * empty.length))];
  return { cell, value: random() < SPAWN_TWO_PROBABILITY ? 2 : 4 };
}

// The board with one tile spawned by the rule (a copy; the same on a full board).
export function withRandomTile(board, random) {
  const next = board.slice();
  const spawn = randomSpawn(board, random);
  if (spawn) next[spawn.cell] = spawn.value;
  return next;
}

export function maxTile(board) {
  return board.reduce((a, b) => Math.max(a, b), 0);
}
