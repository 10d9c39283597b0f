// The undo history (web/src/coach/history.js) and its binding to a game
// (undo.js): positions recorded after each whole move, undo and redo restore
// board, score and flags, a new move drops the redo steps, and a saved history
// survives a reload, while a damaged or foreign one is set aside with a warning
// and the game is kept. Beside each position the move that led to it (the
// person's, the AI's, a placed tile); on the 8402 page the positions that wait
// for the person's tile too, and the AI's hold after an undo.
import { describe, expect, it } from 'vitest';
import {
  GameHistory,
  HistoryError,
  decodeMove,
  decodePosition,
  encodeMove,
  encodePosition,
} from '../../web/src/coach/history.js';
import { UndoHistory, positionOf } from '../../web/src/coach/undo.js';
import { Game } from '../../web/src/game/game.js';
import { legalMoves } from '../../web/src/game/rules.js';
import { GameStorage, MemoryStorage } from '../../web/src/game/storage.js';
import { AiResponder } from '../../web/src/pages/ai_responder.js';
import { turnText } from '../../web/src/pages/place_view.js';

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

  it('keeps a finished game and its history over a reload, until a new game starts', () => {
    const backend = new MemoryStorage();
    const game = pageGame(backend);
    const undo = new UndoHistory(game);
    // Any move merges the two 128s; the new tile then leaves no move.
    game.setBoard([8, 16, 8, 16, 16, 8, 16, 8, 8, 16, 8, 16, 32, 64, 128, 128], { score: 5000 });
    game.move(3);
    expect(game.over).toBe(true);
    // The review's judgement of the last move is kept with it.
    expect(undo.setJudgement(1, undo.moveKey(1), [10, 20, null, 5])).toBe(true);
    const finished = positionOf(game);
    const steps = undo.history.undoSteps;
    // The game removed its own save at game over: the reload starts a new game,
    // and the history puts the finished one back, without a warning.
    expect(backend.getItem('gameState')).toBeNull();
    const warnings = [];
    const reloaded = pageGame(backend, 42);
    const again = new UndoHistory(reloaded, { warn: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(positionOf(reloaded)).toEqual(finished);
    expect(reloaded.over).toBe(true);
    expect(again.history.undoSteps).toBe(steps);
    expect(again.history.moveAt(1)).toEqual({ by: 'person', dir: 3, values: [10, 20, null, 5] });
    expect(backend.getItem('gameState')).toBeNull();
    // And again on a second reload.
    const third = pageGame(backend, 43);
    new UndoHistory(third);
    expect(positionOf(third)).toEqual(finished);
    // A saved game in play (another tab's, say) is never replaced by it.
    const other = new MemoryStorage();
    for (const key of ['gameHistory', 'bestScore']) other.setItem(key, backend.getItem(key));
    other.setItem('gameState', JSON.stringify({ ...pageGame(new MemoryStorage(), 5).model.serialize(), score: 0 }));
    const inPlay = pageGame(other, 6);
    const kept = positionOf(inPlay);
    new UndoHistory(inPlay, { warn: () => {} });
    expect(positionOf(inPlay)).toEqual(kept);
    // A new game ends it: the next reload keeps the new game.
    third.restart();
    playMoves(third, 2);
    const fresh = positionOf(third);
    const fourth = pageGame(backend, 44);
    const last = new UndoHistory(fourth);
    expect(positionOf(fourth)).toEqual(fresh);
    expect(last.history.undoSteps).toBe(2);
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

describe('the moves in the history', () => {
  it('are kept beside the positions, with the judged values, and read back', () => {
    for (const move of [
      { by: 'person', dir: 2 },
      { by: 'ai', dir: 0 },
      { by: 'tile' },
      { by: 'person', dir: 3, values: [1200, null, -40, 980] },
    ]) {
      expect(decodeMove(encodeMove(move))).toEqual(move);
    }
    expect(encodeMove({ by: 'person', dir: 1, values: [1200.4, 1100.6, null, null] })).toBe('p1/1200,1101,,');
    expect(encodeMove(null)).toBe('');
    expect(decodeMove('')).toBeNull();
    for (const bad of ['x1', 'p4', 'p1/1,2,3', 'a', 'p1/a,b,c,d']) expect(() => decodeMove(bad)).toThrow(HistoryError);
    expect(() => encodeMove({ by: 'someone', dir: 1 })).toThrow(HistoryError);

    const history = GameHistory.startingAt({ board: [2, 2, ...new Array(14).fill(0)], score: 0 });
    history.record({ board: [4, 0, 0, 2, ...new Array(12).fill(0)], score: 4 }, { by: 'person', dir: 3 });
    const data = JSON.parse(JSON.stringify(history));
    expect(data.moves).toEqual(['', 'p3']);
    expect(GameHistory.fromData(data).moveAt(1)).toEqual({ by: 'person', dir: 3 });
    // A history saved before the moves were kept reads with none.
    const { moves, ...old } = data;
    expect(moves).toHaveLength(2);
    expect(GameHistory.fromData(old).moveAt(1)).toBeNull();
    expect(() => GameHistory.fromData({ ...data, moves: ['p3'] })).toThrow(/one move for each position/);
  });

  it('refuse a position waiting for a tile that is not the move before it', () => {
    const before = { board: [2, 2, ...new Array(14).fill(0)], score: 0 };
    const history = GameHistory.startingAt(before);
    history.record({ board: [4, ...new Array(15).fill(0)], score: 4, due: true }, { by: 'ai', dir: 3 });
    const data = JSON.parse(JSON.stringify(history));
    expect(GameHistory.fromData(data).current.due).toBe(true);
    expect(() => GameHistory.fromData({ ...data, moves: ['', 'a1'] })).toThrow(/not the move it follows/);
    expect(() => GameHistory.fromData({ ...data, moves: ['', ''] })).toThrow(/does not follow a move/);
    expect(() => GameHistory.fromData({ ...data, positions: data.positions.slice(1), moves: ['a3'], at: 0 })).toThrow(
      /does not follow a move/,
    );
  });
});

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('8402: the AI and the person take turns in the history', () => {
  const newPlaceGame = () => Game.inMemory({ spawner: { placesOpening: true, place: () => null }, pauseAtWin: false });

  it('undoes the AI move and the tile one at a time, and a reload puts the game back', () => {
    const backend = new MemoryStorage();
    const storage = new GameStorage(backend);
    const game = newPlaceGame();
    const undo = new UndoHistory(game, { storage, key: '8402History', standalone: true });
    expect(undo.history.positions).toHaveLength(0);
    game.placeTile(0, 2);
    expect(undo.history.positions).toHaveLength(0); // one opening tile is no position yet
    game.placeTile(1, 2);
    const opening = positionOf(game);
    game.move(3, { source: 'ai' }); // 4 . . . with its tile due
    const afterAi = positionOf(game);
    game.placeTile(15, 4);
    const afterTile = positionOf(game);
    game.move(0, { source: 'ai' });
    expect(undo.history.positions).toHaveLength(4);
    expect(undo.history.countMoves('ai')).toBe(2);
    expect(game.tilesDue).toBe(1);

    // A reload: the game as it was, the person's turn.
    const reloaded = newPlaceGame();
    const again = new UndoHistory(reloaded, { storage, key: '8402History', standalone: true });
    expect(reloaded.board()).toEqual(game.board());
    expect(reloaded.score).toBe(game.score);
    expect(reloaded.tilesDue).toBe(1);

    again.undo(); // the AI's move
    expect(positionOf(reloaded)).toEqual(afterTile);
    expect(reloaded.tilesDue).toBe(0);
    again.undo(); // the tile
    expect(positionOf(reloaded)).toEqual(afterAi);
    expect(reloaded.tilesDue).toBe(1);
    again.undo(); // the AI's first move
    expect(positionOf(reloaded)).toEqual(opening);
    expect(again.undo()).toBe(false);
    again.redo();
    expect(reloaded.tilesDue).toBe(1);
    expect(again.history.countMoves('ai')).toBe(1);

    // A tile placed now drops the moves ahead.
    reloaded.placeTile(10, 2);
    expect(again.canRedo).toBe(false);
    expect(again.history.positions).toHaveLength(3);
    expect(again.history.moveAt(2)).toEqual({ by: 'tile' });

    // A new game: nothing saved until its opening tiles are down.
    reloaded.restart();
    expect(backend.getItem('8402History')).toBe('');
    const fresh = newPlaceGame();
    new UndoHistory(fresh, { storage, key: '8402History', standalone: true });
    expect(fresh.tilesDue).toBe(2);
  });
});

describe("8402: the AI's hold after an undo", () => {
  it('plays no move while held, and answers once resumed or once a tile is placed', async () => {
    const engine = {
      calls: 0,
      async bestMove(board) {
        this.calls++;
        return { dir: legalMoves(board)[0], values: [1, 1, 1, 1] };
      },
    };
    const game = Game.inMemory({ spawner: { placesOpening: true, place: () => null }, pauseAtWin: false });
    const ai = new AiResponder({ game, engine, player: 'expectimax', strength: 'd1' });
    const undo = new UndoHistory(game, { storage: new GameStorage(new MemoryStorage()), standalone: true });
    const settleAi = async () => {
      for (let i = 0; i < 20 && ai.thinking; i++) await settle();
      await settle();
    };
    game.placeTile(0, 2);
    game.placeTile(3, 2);
    await settleAi();
    expect(ai.aiMoves).toBe(1);
    ai.hold();
    undo.undo(); // the AI's move: its turn again, but it waits
    await settleAi();
    expect(ai.turn()).toBe('ai');
    expect(engine.calls).toBe(1);
    expect(turnText(ai, game)).toMatch(/^The AI waits: press Let the AI move/);
    ai.resume();
    await settleAi();
    expect(engine.calls).toBe(2);
    expect(ai.turn()).toBe('place');
    // Held on the person's turn: a tile placed lets it answer (the page resumes it first).
    ai.hold();
    ai.resume();
    game.placeTile(game.board().indexOf(0), 4);
    await settleAi();
    expect(engine.calls).toBe(3);
    expect(ai.turn()).toBe('place');
  });
});
