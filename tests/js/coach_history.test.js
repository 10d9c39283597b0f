// The undo history (web/src/coach/history.js) and its binding to a game
// (undo.js): positions recorded after each whole move, undo and redo restore
// board, score and flags, a new move drops the redo steps, and a saved history
// survives a reload, while a damaged or foreign one is set aside with a warning
// and the game is kept.
import { describe, expect, it } from 'vitest';
import { GameHistory, HistoryError, decodePosition, encodePosition } from '../../web/src/coach/history.js';
import { UndoHistory, positionOf } from '../../web/src/coach/undo.js';
import { Game } from '../../web/src/game/game.js';
import { GameStorage, MemoryStorage } from '../../web/src/game/storage.js';

function seededRandom(seed = 1) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

// A game on its own storage (a page's localStorage), restored as a reload would.
function pageGame(backend, seed = 1) {
  return new Game({ storage: new GameStorage(backend), random: seededRandom(seed) });
}

function playMoves(game, count) {
  for (let i = 0; i < count && !game.over; i++) {
    const dir = game.legalMoves()[i % game.legalMoves().length];
    game.move(dir);
  }
}

describe('the undo history', () => {
  it('encodes a position in a short string and reads it back', () => {
    const position = {
      board: [2, 4, 0, 0, 0, 131072, 0, 0, 0, 0, 0, 0, 0, 0, 0, 65536],
      score: 3_900_000,
      won: true,
      keepPlaying: true,
      over: false,
    };
    const text = encodePosition(position);
    expect(text).toBe('12000h000000000g:3900000:wk');
    expect(decodePosition(text)).toEqual(position);
    for (const bad of [
      '',
      '12000h000000000g:x:',
      '12000z000000000g:1:',
      '12000i000000000g:1:',
      '0000000000000000:0:',
      'nonsense',
    ]) {
      expect(() => decodePosition(bad)).toThrow(HistoryError);
    }
  });

  it('undoes and redoes moves, and a new move drops what was undone', () => {
    const backend = new MemoryStorage();
    const game = pageGame(backend);
    const undo = new UndoHistory(game);
    const start = positionOf(game);
    expect(undo.canUndo).toBe(false);
    playMoves(game, 5);
    const fifth = positionOf(game);
    expect(game.score).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(undo.undo()).toBe(true);
    expect(undo.undo()).toBe(false);
    expect(positionOf(game)).toEqual(start);
    for (let i = 0; i < 5; i++) expect(undo.redo()).toBe(true);
    expect(undo.redo()).toBe(false);
    expect(positionOf(game)).toEqual(fifth);
    undo.undo();
    undo.undo();
    expect(undo.canRedo).toBe(true);
    playMoves(game, 1);
    expect(undo.canRedo).toBe(false);
    expect(undo.history.undoSteps).toBe(4);
  });

  it('takes back the move that ended the game', () => {
    const game = pageGame(new MemoryStorage());
    const undo = new UndoHistory(game);
    // Any move merges the two 128s; the new tile then leaves no move.
    game.setBoard([8, 16, 8, 16, 16, 8, 16, 8, 8, 16, 8, 16, 32, 64, 128, 128], { score: 5000 });
    const before = positionOf(game);
    game.move(3);
    expect(game.over).toBe(true);
    expect(undo.undo()).toBe(true);
    expect(game.over).toBe(false);
    expect(positionOf(game)).toEqual(before);
  });

  it('keeps the history over a reload, with the game', () => {
    const backend = new MemoryStorage();
    const game = pageGame(backend);
    new UndoHistory(game);
    playMoves(game, 8);
    const reloaded = pageGame(backend, 99);
    const undo = new UndoHistory(reloaded);
    expect(positionOf(reloaded)).toEqual(positionOf(game));
    expect(undo.history.undoSteps).toBe(8);
    undo.undo();
    const again = pageGame(backend, 5);
    const undoAgain = new UndoHistory(again);
    expect(positionOf(again)).toEqual(positionOf(reloaded));
    expect(undoAgain.canRedo).toBe(true);
  });

  it('saves a whole game to a file that opens back to the same positions, and refuses a bad file', () => {
    const game = pageGame(new MemoryStorage());
    const undo = new UndoHistory(game);
    playMoves(game, 12);
    undo.undo();
    const file = undo.exportText();
    const here = positionOf(game);
    const other = pageGame(new MemoryStorage(), 77);
    const opened = new UndoHistory(other);
    playMoves(other, 3);
    const kept = positionOf(other);
    for (const bad of [
      'not json',
      '{"version":1,"at":0,"positions":["0000000000000011:0:"]}',
      '{"format":"ai2048-game"}',
    ]) {
      expect(() => opened.importText(bad)).toThrow(HistoryError);
      expect(positionOf(other)).toEqual(kept);
    }
    opened.importText(file);
    expect(positionOf(other)).toEqual(here);
    expect(opened.history.undoSteps).toBe(11);
    expect(opened.canRedo).toBe(true);
    for (let i = 0; i < 11; i++) opened.undo();
    undo.undo();
    for (let i = 0; i < 10; i++) undo.undo();
    expect(positionOf(other)).toEqual(positionOf(game));
  });

  it('sets aside a damaged or foreign history with a warning and keeps the game', () => {
    for (const text of ['{not json', '{"version":1,"at":3,"positions":["0000000000000011:0:"]}', 'null']) {
      const backend = new MemoryStorage();
      const game = pageGame(backend);
      playMoves(game, 3);
      const here = positionOf(game);
      backend.setItem('gameHistory', text);
      const warnings = [];
      const reloaded = pageGame(backend);
      const undo = new UndoHistory(reloaded, { warn: (w) => warnings.push(w) });
      expect(positionOf(reloaded)).toEqual(here);
      expect(undo.canUndo).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/undo history/);
    }
    // A readable history of another game.
    const backend = new MemoryStorage();
    const game = pageGame(backend);
    playMoves(game, 3);
    backend.setItem('gameHistory', JSON.stringify(GameHistory.startingAt({ ...positionOf(game), score: 1 })));
    const warnings = [];
    new UndoHistory(pageGame(backend), { warn: (w) => warnings.push(w) });
    expect(warnings[0]).toMatch(/another game/);
  });
});
