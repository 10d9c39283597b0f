// Positions by link: index.html#board=0,0,2,0,... (16 tile values row by row,
// 0 for empty; the same on 8402.html), or the 16 values pasted. The reader
// says what is wrong with a malformed one, so the page can refuse it and keep
// its game.
import { SIZE, isTileValue } from '../game/rules.js';

const CELLS = SIZE * SIZE;

// 16 values separated by commas or spaces: { board } or { error }.
export function parseBoardText(text) {
  const words = String(text ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  if (words.length !== CELLS) {
    return { error: `a position is ${CELLS} tile values, row by row (0 for empty); this one has ${words.length}` };
  }
  const board = [];
  for (const word of words) {
    const value = /^\d{1,6}$/.test(word) ? Number(word) : NaN;
    if (!(value === 0 || isTileValue(value))) {
      return { error: `"${word.slice(0, 12)}" is not a tile: tiles are 0 or a power of two from 2 to 131072` };
    }
    board.push(value);
  }
  if (board.every((v) => v === 0)) return { error: 'the position has no tile' };
  return { board };
}

// What a page address's hash holds under key (#key=...), decoded: null when
// it names none, { text } or { error } when the encoding cannot be read. The
// position and game links share it.
export function hashValue(hash, key) {
  const prefix = `${key}=`;
  const value = String(hash ?? '').replace(/^#/, '');
  if (!value.startsWith(prefix)) return null;
  try {
    return { text: decodeURIComponent(value.slice(prefix.length)) };
  } catch {
    return { error: 'the link is damaged (its encoding cannot be read)' };
  }
}

// The position a page address asks for: null when its hash names none,
// else parseBoardText's answer.
export function boardFromHash(hash) {
  const found = hashValue(hash, 'board');
  if (!found || found.error) return found;
  return parseBoardText(found.text);
}

// The address of page (a URL string) with board in its hash.
export function positionLink(page, board) {
  const url = new URL(page);
  url.hash = `board=${board.join(',')}`;
  return url.href;
}
