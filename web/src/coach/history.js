// A game's undo history: every whole position of the game in order, and which
// one is on the board. Undo steps back, redo forward, and a new move after an
// undo drops the positions that were ahead. Pure data, no DOM: the play page
// keeps it in localStorage beside the original's gameState (undo.js).
//
// A position is { board (16 tile values, row-major), score, won, keepPlaying,
// over }, and due: true on the 8402 page's positions that wait for the
// person's tile (the board after the AI's move). Saved compactly, one short
// string a position (the tiles' exponents in base 36, the score, the flags),
// so a 13,000-move game's history is a few hundred KB:
// "0000000000000102:4:" is a board with a 2 and a 4, score 4.
//
// Beside each position, the move that led to it (none for the first): who
// made it and its direction, "p2" (the person, down) or "a3" (the AI, left),
// "t" for a tile the person placed (8402); and on a person's move, once the
// review has judged it, the values the AI gave each of the four moves in the
// position before ("p2/1200,1150,,980", empty where a move changes nothing).
import { SIZE, isDirection, isTileValue, moveBoard } from '../game/rules.js';

const CELLS = SIZE * SIZE;
const VERSION = 1;

export class HistoryError extends Error {}

function fail(reason) {
  throw new HistoryError(reason);
}

export function encodePosition({ board, score, won, keepPlaying, over, due = false }) {
  const exponents = board.map((v) => (v ? Math.log2(v) : 0).toString(36)).join('');
  return `${exponents}:${score}:${won ? 'w' : ''}${keepPlaying ? 'k' : ''}${over ? 'o' : ''}${due ? 'd' : ''}`;
}

export function decodePosition(text) {
  const match = /^([0-9a-h]{16}):(\d{1,16}):(w?k?o?d?)$/.exec(String(text));
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
  const position = {
    board,
    score,
    won: flags.includes('w'),
    keepPlaying: flags.includes('k'),
    over: flags.includes('o'),
  };
  if (flags.includes('d')) position.due = true;
  return position;
}

const BY = { p: 'person', a: 'ai', t: 'tile' };
const BY_LETTER = { person: 'p', ai: 'a', tile: 't' };

// move: { by: 'person' | 'ai' | 'tile', dir (0..3, not for a tile), values?
// (four numbers or null, the person's moves judged) }, or null.
export function encodeMove(move) {
  if (!move) return '';
  const letter = BY_LETTER[move.by];
  if (!letter) throw new HistoryError(`a move is made by the person, the AI or a placed tile, not ${move.by}`);
  if (letter === 't') return 't';
  if (!isDirection(move.dir)) throw new HistoryError(`a move's direction is 0 to 3, not ${move.dir}`);
  const values = move.values ? `/${move.values.map((v) => (Number.isFinite(v) ? Math.round(v) : '')).join(',')}` : '';
  return `${letter}${move.dir}${values}`;
}

export function decodeMove(text) {
  if (text === '' || text === null || text === undefined) return null;
  const match = /^(?:t|([pa])([0-3])(?:\/((?:-?\d{1,12})?(?:,(?:-?\d{1,12})?){3}))?)$/.exec(String(text));
  if (!match) fail(`a move of the history is not readable (${JSON.stringify(String(text).slice(0, 40))})`);
  if (!match[1]) return { by: 'tile' };
  const move = { by: BY[match[1]], dir: Number(match[2]) };
  if (match[3] !== undefined) move.values = match[3].split(',').map((v) => (v === '' ? null : Number(v)));
  return move;
}

export class GameHistory {
  // positions: encoded positions; at: the index of the one on the board;
  // moves: the encoded move that led to each position ('' for none).
  constructor(positions = [], at = positions.length - 1, moves = positions.map(() => '')) {
    this.positions = positions;
    this.at = at;
    this.moves = moves;
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

  position(index) {
    return decodePosition(this.positions[index]);
  }

  // The move that led to position index, or null.
  moveAt(index) {
    return decodeMove(this.moves[index]);
  }

  // Moves made by 'person', 'ai' or 'tile' up to the position on the board.
  countMoves(by) {
    let count = 0;
    for (let i = 1; i <= this.at; i++) if (decodeMove(this.moves[i])?.by === by) count++;
    return count;
  }

  // A new position after the current one, reached by move (or null); the
  // positions ahead (undone) go.
  record(position, move = null) {
    this.cut();
    this.positions.push(encodePosition(position));
    this.moves.push(encodeMove(move));
    this.at = this.positions.length - 1;
  }

  // Drops the positions after the one on the board.
  cut() {
    this.positions.length = this.at + 1;
    this.moves.length = this.at + 1;
  }

  // Puts position index on the board (the history stays whole).
  goTo(index) {
    if (!Number.isInteger(index) || index < 0 || index >= this.positions.length) return null;
    this.at = index;
    return this.current;
  }

  // The current position changed in place (Keep going pressed, for one).
  replaceCurrent(position) {
    if (this.at < 0) return this.record(position);
    this.positions[this.at] = encodePosition(position);
  }

  // Replaces the move that led to position index (a judgement added); the
  // position itself stays.
  setMove(index, move) {
    this.moves[index] = encodeMove(move);
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
    const data = { version: VERSION, at: this.at, positions: this.positions };
    if (this.moves.some((m) => m !== '')) data.moves = this.moves;
    return data;
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

  // The same from toJSON's object, already parsed (a game file). A history
  // saved before the moves were kept has none: each is then ''.
  static fromData(data) {
    if (!data || data.version !== VERSION) fail(`the saved history is not of version ${VERSION}`);
    const { positions, at } = data;
    if (!Array.isArray(positions) || positions.length === 0) fail('the saved history has no positions');
    if (!Number.isInteger(at) || at < 0 || at >= positions.length) fail('the saved history points outside itself');
    const moves = data.moves ?? positions.map(() => '');
    if (!Array.isArray(moves) || moves.length !== positions.length) {
      fail('the saved history has not one move for each position');
    }
    const decoded = positions.map((p) => decodePosition(p)); // throws on the first bad one
    moves.forEach((m, i) => {
      const move = decodeMove(m);
      if (decoded[i].due) checkDue(decoded[i - 1], move, decoded[i]);
    });
    return new GameHistory(
      positions.slice(),
      at,
      moves.map((m) => m ?? ''),
    );
  }
}

// A position waiting for the person's tile is the one before it with the
// AI's move played: 8402 shows it by playing that move again.
function checkDue(before, move, position) {
  if (!before || before.due || !move || move.by === 'tile')
    fail('a position waiting for a tile does not follow a move');
  const { board, gain } = moveBoard(before.board, move.dir);
  if (!samePosition({ board, score: before.score + gain }, position)) {
    fail('a position waiting for a tile is not the move it follows');
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
