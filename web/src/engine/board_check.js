// Synchronous board checks for callers that want an answer before asking the
// engine (the engine checks again in WebAssembly, with the same rules).
import { MAX_TILE, isTileValue } from '../game/rules.js';

// The problem with a board as a sentence, or null when it is a valid board:
// 16 tile values, row-major, each 0 or a tile value (rules.js).
export function boardProblem(board) {
  const arrayLike = Array.isArray(board) || (ArrayBuffer.isView(board) && !(board instanceof DataView));
  if (!arrayLike) return 'a board must be an array of 16 tile values';
  if (board.length !== 16) return `a board needs 16 tile values, got ${board.length}`;
  for (let i = 0; i < 16; i++) {
    const v = board[i];
    if (v !== 0 && !isTileValue(v)) {
      return (
        `bad tile value ${JSON.stringify(v) ?? String(v)} at cell ${i} (row ${(i >> 2) + 1}, ` +
        `column ${(i & 3) + 1}): a tile is 0 or a power of two from 2 to ${MAX_TILE}`
      );
    }
  }
  return null;
}

// Throws an Error naming the problem; returns true for a valid board.
export function validateBoard(board) {
  const problem = boardProblem(board);
  if (problem) throw new Error(problem);
  return true;
}
