// Checks a saved game state against the original game's gameState shape:
// {"grid":{"size":4,"cells":[[...]...]},"score":N,"over":b,"won":b,"keepPlaying":b}
// with cells[x][y] null or {"position":{"x":X,"y":Y},"value":V}. Anything else
// (corrupt JSON, another variant's layout) is refused with a reason.
import { SIZE, isTileValue } from './rules.js';

export class SavedStateError extends Error {}

function fail(reason) {
  throw new SavedStateError(reason);
}

// Parses and validates JSON text; returns the state or throws SavedStateError.
export function parseSavedState(text, size = SIZE) {
  let state;
  try {
    state = JSON.parse(text);
  } catch {
    fail('not valid JSON');
  }
  validateSavedState(state, size);
  return state;
}

export function validateSavedState(state, size = SIZE) {
  if (!state || typeof state !== 'object') fail('not an object');
  const { grid } = state;
  if (!grid || typeof grid !== 'object') fail('no grid');
  if (grid.size !== size) fail(`grid size ${JSON.stringify(grid.size)}, expected ${size}`);
  if (!Array.isArray(grid.cells) || grid.cells.length !== size) fail('grid.cells is not a list of columns');
  let tiles = 0;
  for (let x = 0; x < size; x++) {
    const column = grid.cells[x];
    if (!Array.isArray(column) || column.length !== size) fail(`column ${x} does not have ${size} cells`);
    for (let y = 0; y < size; y++) {
      const cell = column[y];
      if (cell === null) continue;
      if (!cell || typeof cell !== 'object' || !cell.position) fail(`cell ${x},${y} is not a tile`);
      if (cell.position.x !== x || cell.position.y !== y) fail(`cell ${x},${y} claims another position`);
      if (!isTileValue(cell.value)) fail(`cell ${x},${y} has value ${JSON.stringify(cell.value)}`);
      tiles++;
    }
  }
  if (tiles === 0) fail('the board is empty');
  if (!Number.isSafeInteger(state.score) || state.score < 0) fail(`score ${JSON.stringify(state.score)}`);
  for (const flag of ['over', 'won', 'keepPlaying']) {
    if (typeof state[flag] !== 'boolean') fail(`${flag} is not true or false`);
  }
  return state;
}
