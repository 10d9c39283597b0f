// A game's undo history: every whole position of the game in order, and which
// one is on the board. Undo steps back, redo forward, and a new move after an
// undo drops the positions that were ahead. Pure data, no DOM: the play page
// keeps it in localStorage beside the original's gameState (undo.js).
//
// A position is { board (16 tile values, row-major), score, won, keepPlaying,
// over }. Saved compactly, one short string a position (the tiles' exponents
// in base 36, the score, the flags), so a 13,000-move game's history is a few
// hundred KB: "0000000000000102:4:" is a board with a 2 and a 4, score 4.
import { SIZE, isTileValue } from '../game/rules.js';

const CELLS = SIZE * SIZE;
const VERSION = 1;

export class HistoryError extends Error {}

function fail(reason) {
  throw new HistoryError(reason);
}

export function encodePosition({ board, score, won, keepPlaying, over }) {
  const exponents = board.map((v) => (v ? Math.log2(v) : 0).toString(36)).join('');
  return `${exponents}:${score}:${won ? 'w' : ''}${keepPlaying ? 'k' : ''}${over ? 'o' : ''}`;
}

export function decodePosition(text) {
  const match = /^([0-9a-h]{16}):(\d{1,16}):(w?k?o?)$/.exec(String(text));
  if (!match) fail(`a position of the history is not readable (${JSON.stringify(String(text).slice(0, 40))})`);
  const board = Array.from(match[1], (c) => {
    const e = Number.parseInt(c, 36);
    return e ? 2 ** e : 0;
  });
  if (!board.every((v) => v === 0 || isTileValue(v))) fail('a position of the history holds a tile out of range');
  if (board.every((v) => v === 0)) fail('a position of the history has an empty board');
  const score = Number(match[2]);
  if (!Number.isSafeInteger(score)) fail('a position of the history has a score out of range');
  const flags = match[3];
  return { board, score, won: flags.includes('w'), keepPlaying: flags.includes('k'), over: flags.includes('o') };
}

export class GameHistory {
  // positions: encoded positions; at: the index of the one on the board.
  constructor(positions = [], at = positions.length - 1) {
    this.positions = positions;
    this.at = at;
  }

  static startingAt(position) {
    return new GameHistory([encodePosition(position)], 0);
  }

  get current() {
    return this.at >= 0 ? decodePosition(this.positions[this.at]) : null;
  }
  get canUndo() {
    return this.at > 0;
  }
  get canRedo() {
    return this.at < this.positions.length - 1;
  }
  // How many positions back there are.
  get undoSteps() {
    return Math.max(0, this.at);
  }

  // A new position after the current one; the positions ahead (undone) go.
  record(position) {
    this.positions.length = this.at + 1;
    this.positions.push(encodePosition(position));
    this.at = this.positions.length - 1;
  }

  // The current position changed in place (Keep going pressed, for one).
  replaceCurrent(position) {
    if (this.at < 0) return this.record(position);
    this.positions[this.at] = encodePosition(position);
  }

  undo() {
    if (!this.canUndo) return null;
    this.at--;
    return this.current;
  }

  redo() {
    if (!this.canRedo) return null;
    this.at++;
    return this.current;
  }

  toJSON() {
    return { version: VERSION, at: this.at, positions: this.positions };
  }

  // Reads what toJSON wrote; throws HistoryError naming what is wrong.
  static parse(text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      fail('the saved history is not JSON');
    }
    return GameHistory.fromData(data);
  }

  // The same from toJSON's object, already parsed (a game file).
  static fromData(data) {
    if (!data || data.version !== VERSION) fail(`the saved history is not of version ${VERSION}`);
    const { positions, at } = data;
    if (!Array.isArray(positions) || positions.length === 0) fail('the saved history has no positions');
    if (!Number.isInteger(at) || at < 0 || at >= positions.length) fail('the saved history points outside itself');
    for (const p of positions) decodePosition(p); // throws on the first bad one
    return new GameHistory(positions.slice(), at);
  }
}

export function samePosition(a, b) {
  return (
    a.score === b.score &&
    a.board.length === CELLS &&
    b.board.length === CELLS &&
    a.board.every((v, i) => v === b.board[i])
  );
}
