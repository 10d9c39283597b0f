// Whole games by link: index.html#game=... carries a game's start, its moves
// and its new tiles, and opens as the same history (every position, Undo and
// Redo through it). Compact, about one character a move:
//
//   #game=1.<start>.<score>.<flags>.<at>.<steps>
//
// start: the first position's 16 tiles as exponents in base 36, row by row
// (0 empty, 1 a 2, b a 2048); score: its score; flags: "w" when it is won
// already, "k" when it plays on past 2048, "g" when Keep going was pressed on
// the last position; at: which position is on the board (0 the start); steps:
// one character a move, from the URL-safe base-64 alphabet (A-Z a-z 0-9 - _),
// the move's direction times 16 plus the cell (row-major) of the new tile,
// a 2; "." before it when the new tile is a 4; "~" between two moves when the
// one who moves changes (the game starts with the person; "~" first when the
// AI plays first, as in Autoplay). The review's judgements are not carried:
// the review judges the moves again.
//
// Pure, no DOM. The reader replays every step by the game's own rules and
// says what is wrong with a malformed link.
import { GameModel } from '../game/model.js';
import { DIRECTIONS, SIZE, isTileValue, moveBoard } from '../game/rules.js';
import { cellPosition } from '../game/spawners.js';
import { GameHistory, decodePosition, encodeMove, encodePosition } from './history.js';
import { hashValue } from './position_link.js';

const CELLS = SIZE * SIZE;
const VERSION = '1';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const FOUR = '.';
const SWITCH = '~';
// A game of 2048 rarely passes 100,000 moves; the cap keeps a hostile link from
// stalling the page.
const MAX_STEPS = 500_000;

export class GameLinkError extends Error {}

// The move from before to after (both positions): { dir, cell, value }, or
// null when after is not one move and one new tile away from before.
function stepBetween(before, after, dir = null) {
  for (const d of dir === null ? DIRECTIONS : [dir]) {
    const moved = moveBoard(before.board, d);
    if (!moved.moved || before.score + moved.gain !== after.score) continue;
    const changed = [];
    for (let i = 0; i < CELLS; i++) if (moved.board[i] !== after.board[i]) changed.push(i);
    if (changed.length !== 1) continue;
    const cell = changed[0];
    const value = after.board[cell];
    if (moved.board[cell] === 0 && (value === 2 || value === 4)) return { dir: d, cell, value };
  }
  return null;
}

// The link's text (what follows "#game=") for a GameHistory; throws
// GameLinkError when the history is not a game of moves and new tiles (the
// 8402 page's placed tiles, for one).
export function encodeGameLink(history) {
  if (!history || history.positions.length === 0) throw new GameLinkError('there is no game to link to');
  const positions = history.positions.map((p) => decodePosition(p));
  const start = positions[0];
  const last = positions[positions.length - 1];
  let steps = '';
  let by = 'person';
  for (let i = 1; i < positions.length; i++) {
    const move = history.moveAt(i);
    if (positions[i].due || move?.by === 'tile') {
      throw new GameLinkError('a game with placed tiles (8402) cannot be written as a link');
    }
    const step = stepBetween(positions[i - 1], positions[i], move ? move.dir : null);
    if (!step)
      throw new GameLinkError(`position ${i} of the game is not one move and one new tile after the one before`);
    const mover = move?.by ?? 'person';
    if (mover !== by) {
      steps += SWITCH;
      by = mover;
    }
    steps += (step.value === 4 ? FOUR : '') + ALPHABET[step.dir * 16 + step.cell];
  }
  const exponents = start.board.map((v) => (v ? Math.log2(v) : 0).toString(36)).join('');
  const flags = `${start.won ? 'w' : ''}${start.keepPlaying ? 'k' : ''}${last.won && last.keepPlaying && positions.length > 1 ? 'g' : ''}`;
  const text = `${VERSION}.${exponents}.${start.score}.${flags}.${history.at}.${steps}`;
  // The link must open as this very game: checked here, so a link never
  // promises what it cannot give.
  const back = decodeGameLink(text);
  const same = back.positions.every((p, i) => p === history.positions[i]);
  if (!same || back.positions.length !== history.positions.length) {
    throw new GameLinkError('this game cannot be written as a link (its replay differs)');
  }
  return text;
}

function fail(reason) {
  throw new GameLinkError(reason);
}

// A GameHistory from the link's text; throws GameLinkError saying what is wrong.
export function decodeGameLink(text) {
  const match = /^(\d+)\.([0-9a-z]{16})\.(\d{1,16})\.([wkg]*)\.(\d{1,7})\.([A-Za-z0-9_~.-]*)$/.exec(String(text ?? ''));
  if (!match) {
    if (/^\d+\./.test(String(text)) && !String(text).startsWith(`${VERSION}.`)) {
      fail(`the link is of another version (${String(text).split('.')[0]}; this page reads ${VERSION})`);
    }
    fail('the link is not a game (it is cut short or altered)');
  }
  const [, version, exponents, scoreText, flags, atText, steps] = match;
  if (version !== VERSION) fail(`the link is of another version (${version}; this page reads ${VERSION})`);
  const board = Array.from(exponents, (c) => {
    const e = Number.parseInt(c, 36);
    return e ? 2 ** e : 0;
  });
  if (!board.every((v) => v === 0 || isTileValue(v))) fail('the start holds a tile out of range');
  if (board.every((v) => v === 0)) fail('the start has no tile');
  const score = Number(scoreText);
  if (!Number.isSafeInteger(score)) fail('the start score is out of range');

  const model = new GameModel({ random: () => 0 });
  model.setBoard(board, { score });
  model.won = flags.includes('w');
  model.keepPlaying = flags.includes('k');
  const here = () => ({
    board: model.board(),
    score: model.score,
    won: model.won,
    keepPlaying: model.keepPlaying,
    over: model.over,
  });
  const positions = [encodePosition(here())];
  const moves = [''];
  let by = 'person';
  let four = false;
  for (let i = 0; i < steps.length; i++) {
    const c = steps[i];
    if (c === SWITCH) {
      if (four || steps[i + 1] === SWITCH) fail(`the moves are damaged at character ${i + 1}`);
      by = by === 'person' ? 'ai' : 'person';
      continue;
    }
    if (c === FOUR) {
      if (four) fail(`the moves are damaged at character ${i + 1}`);
      four = true;
      continue;
    }
    if (positions.length > MAX_STEPS) fail(`the game is longer than ${MAX_STEPS} moves`);
    const code = ALPHABET.indexOf(c);
    const dir = code >> 4;
    const cell = code & 15;
    const n = positions.length;
    if (model.over) fail(`move ${n} comes after the game is over`);
    // A move after a won position means Keep going was pressed there.
    if (model.won && !model.keepPlaying) {
      model.keepGoing();
      positions[n - 1] = encodePosition(here());
    }
    if (!model.move(dir, { spawn: false }).moved) fail(`move ${n} changes nothing on the board`);
    const problem = model.placementProblem(cellPosition(cell, SIZE), four ? 4 : 2);
    if (problem) fail(`the new tile of move ${n} cannot go there (${problem})`);
    model.placeTile(cellPosition(cell, SIZE), four ? 4 : 2);
    four = false;
    positions.push(encodePosition(here()));
    moves.push(encodeMove({ by, dir }));
  }
  if (four || steps.endsWith(SWITCH)) fail('the moves are cut short');
  if (flags.includes('g') && model.won) {
    model.keepGoing();
    positions[positions.length - 1] = encodePosition(here());
  }
  const at = Number(atText);
  if (at >= positions.length) fail(`the link points at position ${at}, and the game has ${positions.length}`);
  return new GameHistory(positions, at, moves);
}

// The game a page address asks for: null when its hash names none, else
// { history } or { error }.
export function gameFromHash(hash) {
  const found = hashValue(hash, 'game');
  if (!found || found.error) return found;
  try {
    return { history: decodeGameLink(found.text) };
  } catch (err) {
    if (err instanceof GameLinkError) return { error: err.message };
    throw err;
  }
}

// The address of page (a URL string) with history's game in its hash.
export function gameLink(page, history) {
  const url = new URL(page);
  url.hash = `game=${encodeGameLink(history)}`;
  return url.href;
}
