// Pure readers for what an original-2048-style page shows: its tile
// elements' classes and its score text (its saved gameState is read by
// src/game/saved_state.js, like the game's own). No DOM access here, so Node
// tests can check every rule.
import { isTileValue } from '../src/game/rules.js';

const VALUE_CLASS = /^tile-(\d+)$/;
const POSITION_CLASS = /^tile-position-(\d+)-(\d+)$/;

// One tile element's classes ("tile tile-8 tile-position-2-3 tile-new") to
// { value, index } (index row-major), or null when they do not describe a tile.
export function parseTileClasses(classNames) {
  let value = null;
  let index = null;
  for (const name of String(classNames).split(/\s+/)) {
    const v = VALUE_CLASS.exec(name);
    if (v) value = Number(v[1]);
    const p = POSITION_CLASS.exec(name);
    if (p) {
      const col = Number(p[1]);
      const row = Number(p[2]);
      if (col >= 1 && col <= 4 && row >= 1 && row <= 4) index = (row - 1) * 4 + (col - 1);
    }
  }
  if (!isTileValue(value) || index === null) return null;
  return { value, index };
}

// A board from every tile element's classes. During a merge three elements
// share a cell (two sources and the result): the cell holds the largest.
export function boardFromTileClasses(classList) {
  const board = new Array(16).fill(0);
  for (const classes of classList) {
    const tile = parseTileClasses(classes);
    if (tile && tile.value > board[tile.index]) board[tile.index] = tile.value;
  }
  return board;
}

// The score container's text may carry a floating addition ("22048+2048"):
// the score is the first number.
export function parseScoreText(text) {
  const match = /\d+/.exec(String(text == null ? '' : text));
  return match ? Number(match[0]) : null;
}

export function boardKey(board) {
  return board.join(',');
}
