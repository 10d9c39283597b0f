// A game session: the model plus its saving, the best score and change events.
// Like the original, every move that changed the board is saved synchronously
// (inside the key handler), and the saved game is removed at game over.
import { GameModel } from './model.js';
import { GameStorage, MemoryStorage } from './storage.js';

export class Game {
  constructor({
    storage = new GameStorage(),
    random = Math.random,
    restore = true,
  } = {}) {
    this.storage = storage;
    this.model = new GameModel({ random });
    this.listeners = new Set();
    this.version = 0;
    this.best = storage.bestScore();
    const saved = restore ? storage.gameState() : null;
    if (saved) this.model.restore(saved);
    this.save();
  }

  // A session that never touches localStorage (the demo page, tests).
  static inMemory(options = {}) {
    return new Game({ storage: new GameStorage(new MemoryStorage()), restore: false, ...options });
  }

  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(kind, details = {}) {
    const event = { kind, version: this.version, snapshot: this.snapshot(), ...details };
    for (const listener of this.listeners) listener(event);
  }

  get score() { return this.model.score; }
  get over() { return this.model.over; }
  get won() { return this.model.won; }
  get keepPlaying() { return this.model.keepPlaying; }
  get moveCount() { return this.model.moveCount; }

  isTerminated() { return this.model.isTerminated(); }
  // Won and waiting for "Keep going".
  isPausedByWin() { return this.model.won && !this.model.keepPlaying && !this.model.over; }
  board() { return this.model.board(); }
  legalMoves() { return this.model.isTerminated() ? [] : this.model.legalMoves(); }
  maxTile() { return this.model.maxTile(); }

  move(dir, details = {}) {
    const result = this.model.move(dir);
    if (!result.moved) return result;
    this.version++;
    this.save();
    this.emit('move', { dir, ...result, ...details });
    return result;
  }

  restart(random) {
    if (random) this.model.random = random;
    this.storage.clearGameState();
    this.model.newGame();
    this.version++;
    this.save();
    this.emit('restart');
  }

  // "Keep going": saved only with the next move, as in the original.
  keepGoing() {
    if (!this.isPausedByWin()) return;
    this.model.keepGoing();
    this.emit('keepGoing');
  }

  // Puts a given position on the board (tests and seeded positions).
  setBoard(board, options) {
    this.model.setBoard(board, options);
    this.version++;
    this.save();
    this.emit('restart');
  }

  save() {
    if (this.model.score > this.best) {
      this.best = this.model.score;
      this.storage.setBestScore(this.best);
    }
    if (this.model.over) this.storage.clearGameState();
    else this.storage.setGameState(this.model.serialize());
  }

  // An immutable picture of the board for the renderer: tiles with where they
  // came from, so a render that runs later still animates this move.
  snapshot() {
    const m = this.model;
    const tiles = m.grid.tiles().map((tile) => ({
      id: tile.id,
      value: tile.value,
      x: tile.x,
      y: tile.y,
      previous: tile.previousPosition ? { ...tile.previousPosition } : null,
      mergedFrom: tile.mergedFrom
        ? tile.mergedFrom.map((s) => ({ id: s.id, value: s.value, x: s.x, y: s.y,
          previous: s.previousPosition ? { ...s.previousPosition } : null }))
        : null,
    }));
    return {
      tiles,
      score: m.score,
      best: this.best,
      over: m.over,
      won: m.won,
      keepPlaying: m.keepPlaying,
      terminated: m.isTerminated(),
      moveCount: m.moveCount,
    };
  }
}
