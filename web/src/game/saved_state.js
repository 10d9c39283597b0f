// The one reader of the original game's saved gameState:
// {"grid":{"size":4,"cells":[[...]...]},"score":N,"over":b,"won":b,"keepPlaying":b}
// with cells[x][y] (column first) null or {"position":{"x":X,"y":Y},"value":V}.
// Two callers, two levels of trust: the game's own save must be complete
// (parseSavedState, strict), while the bookmarklet reads whatever a 2048 page
// left there and needs only the board (parseGameState, lenient). Both share
// the grid checks below, so they agree on what a board is.
import { SIZE, isTileValue } from './rules.js';

export class SavedStateError extends Error {}

function fail(reason) {
  throw new SavedStateError(reason);
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return fail('the saved gameState is not JSON');
  }
}

// The saved grid as `size` * `size` row-major values (0 empty). strict: each
// tile must also name its own cell, as the original writes it.
function readBoard(state, size, { strict }) {
  const grid = state && state.grid;
  if (!grid || !Array.isArray(grid.cells)) fail('the saved gameState has no grid');
  if (grid.size !== size || grid.cells.length !== size) {
    fail(`the saved board is ${grid.size}x${grid.size}; the AI plays ${size}x${size} boards only`);
  }
  const board = new Array(size * size).fill(0);
  for (let x = 0; x < size; x++) {
    const column = grid.cells[x];
    if (!Array.isArray(column) || column.length !== size) fail(`the saved grid is not ${size}x${size}`);
    for (let y = 0; y < size; y++) {
      const cell = column[y];
      if (cell == null) continue;
      if (strict) {
        if (typeof cell !== 'object' || !cell.position) fail(`cell ${x},${y} is not a tile`);
        if (cell.position.x !== x || cell.position.y !== y) fail(`cell ${x},${y} claims another position`);
      }
      if (!isTileValue(cell.value)) fail(`the saved grid holds a tile of value ${cell.value}`);
      board[y * size + x] = cell.value;
    }
  }
  return board;
}

// The game's own save: parses and validates JSON text; returns the state
// (for GameModel.restore) or throws SavedStateError.
export function parseSavedState(text, size = SIZE) {
  return validateSavedState(parseJson(text), size);
}

export function validateSavedState(state, size = SIZE) {
  const board = readBoard(state, size, { strict: true });
  if (board.every((v) => v === 0)) fail('the board is empty');
  if (!Number.isSafeInteger(state.score) || state.score < 0) fail(`score ${JSON.stringify(state.score)}`);
  for (const flag of ['over', 'won', 'keepPlaying']) {
    if (typeof state[flag] !== 'boolean') fail(`${flag} is not true or false`);
  }
  return state;
}

// A 2048 page's save, as the bookmarklet reads it: null when there is none,
// { board, score, over, won, keepPlaying } (board: 16 values, row-major;
// score null when missing), or { error } when the text is there but is not
// the original's shape.
export function parseGameState(text) {
  if (text == null || text === '') return null;
  try {
    const state = parseJson(text);
    return {
      board: readBoard(state, SIZE, { strict: false }),
      score: Number.isFinite(state.score) ? state.score : null,
      over: state.over === true,
      won: state.won === true,
      keepPlaying: state.keepPlaying === true,
    };
  } catch (err) {
    if (!(err instanceof SavedStateError)) throw err;
    return { error: err.message };
  }
}
