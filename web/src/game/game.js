// A game session: the model plus its saving, the best score and change events.
// Like the original, every move that changed the board is saved synchronously
// (inside the key handler), and the saved game is removed at game over.
//
// With a spawner (spawners.js) the new tiles come from it instead of the
// model's random rule: a move leaves its tile due, the spawner is asked for it
// (the engine's evil spawner answers a few milliseconds later; a person, through
// placeTile, whenever they click), and the game is saved once the tile is on
// the board, so the saved state is always a whole position. on('change',
// listener) hears each change as { kind, version, snapshot, ... }, kind 'move',
// 'place' (a new tile from outside), 'restart' or 'keepGoing'.
import { Emitter } from './emitter.js';
import { GameModel } from './model.js';
import { cellPosition, spawnerProblem } from './spawners.js';
import { GameStorage, MemoryStorage } from './storage.js';

export class Game extends Emitter {
  constructor({
    storage = new GameStorage(),
    random = Math.random,
    restore = true,
    spawner = null,
    pauseAtWin = true,
  } = {}) {
    super();
    this.storage = storage;
    this.model = new GameModel({ random, pauseAtWin });
    this.version = 0;
    this.best = storage.bestScore();
    this.spawner = null;
    this.setSpawner(spawner);
    this.placing = null; // the spawner's answer on its way, if any
    this.spawnToken = 0; // a restart or a new board drops answers still on their way
    const saved = restore ? storage.gameState() : null;
    // Whether the game came from its save (a reload) rather than starting anew.
    this.restored = Boolean(saved);
    if (saved) this.model.restore(saved);
    else if (this.spawner?.placesOpening) this.model.newGame({ spawn: false });
    this.save();
    if (this.model.tilesDue > 0) this.requestTiles();
  }

  // A session that never touches localStorage (the demo page, tests).
  static inMemory(options = {}) {
    return new Game({ storage: new GameStorage(new MemoryStorage()), restore: false, ...options });
  }

  #changed(kind, details = {}) {
    this.emit('change', { kind, version: this.version, snapshot: this.snapshot(), ...details });
  }

  get score() {
    return this.model.score;
  }
  get over() {
    return this.model.over;
  }
  get won() {
    return this.model.won;
  }
  get keepPlaying() {
    return this.model.keepPlaying;
  }
  get moveCount() {
    return this.model.moveCount;
  }
  // Tiles the spawner still has to place before the next move (0 normally).
  get tilesDue() {
    return this.model.tilesDue;
  }

  // null: the game's own random tiles. Applies from the next tile on.
  setSpawner(spawner) {
    const problem = spawnerProblem(spawner);
    if (problem) throw new Error(problem);
    this.spawner = spawner ?? null;
  }

  // Resolves once no spawner answer is on its way (at once when none is).
  settled() {
    return this.placing ?? Promise.resolve();
  }

  isTerminated() {
    return this.model.isTerminated();
  }
  // Won and waiting for "Keep going".
  isPausedByWin() {
    return this.model.won && !this.model.keepPlaying && !this.model.over;
  }
  board() {
    return this.model.board();
  }
  legalMoves() {
    return this.model.isTerminated() ? [] : this.model.legalMoves();
  }
  maxTile() {
    return this.model.maxTile();
  }

  move(dir, details = {}) {
    const external = this.spawner !== null;
    const result = this.model.move(dir, { spawn: !external });
    if (!result.moved) return result;
    this.version++;
    this.save();
    this.#changed('move', { dir, ...result, ...details });
    if (external) this.requestTiles();
    return result;
  }

  // Puts a due tile (cell 0..15 row-major, value 2 or 4) on the board; throws
  // an Error naming the problem when it cannot go there or none is due.
  placeTile(cell, value, details = {}) {
    if (!Number.isInteger(cell) || cell < 0 || cell >= this.model.size ** 2) {
      throw new Error(`cell must be a whole number from 0 to ${this.model.size ** 2 - 1}, got ${cell}`);
    }
    const tile = this.model.placeTile(cellPosition(cell, this.model.size), value);
    this.version++;
    this.save();
    this.#changed('place', { cell, value, tileId: tile.id, ...details });
    return tile;
  }

  // Asks the spawner for every due tile, one after another. A spawner that
  // fails (the engine stopped) must not stall the game: the model's random
  // rule places the tile instead, and the 'place' event carries the error.
  requestTiles() {
    const token = this.spawnToken;
    const current = () => token === this.spawnToken;
    const ask = async () => {
      while (current() && this.model.tilesDue > 0) {
        if (!this.spawner) throw new Error('no spawner is set for the tile that is due');
        const answer = this.spawner.place(this.board());
        if (answer === null || answer === undefined) return; // placed later by placeTile
        const { cell, value } = await answer;
        if (!current()) return;
        this.placeTile(cell, value, { source: 'spawner' });
      }
    };
    const placing = ask()
      .catch((err) => {
        if (!current() || this.model.tilesDue === 0) return;
        this.model.placeDueAtRandom();
        this.version++;
        this.save();
        this.#changed('place', { source: 'random', error: err?.message ?? String(err) });
      })
      .finally(() => {
        if (this.placing === placing) this.placing = null;
      });
    this.placing = placing;
  }

  restart(random) {
    if (random) this.model.random = random;
    this.spawnToken++;
    this.storage.clearGameState();
    this.model.newGame({ spawn: !this.spawner?.placesOpening });
    this.version++;
    this.save();
    this.#changed('restart');
    if (this.model.tilesDue > 0) this.requestTiles();
  }

  // "Keep going": saved only with the next move, as in the original.
  keepGoing() {
    if (!this.isPausedByWin()) return;
    this.model.keepGoing();
    this.#changed('keepGoing');
  }

  // Puts a given position on the board (tests and seeded positions).
  setBoard(board, options) {
    this.spawnToken++;
    this.model.setBoard(board, options);
    this.version++;
    this.save();
    this.#changed('restart');
  }

  // Puts a position of the game's history back on the board (undo, redo):
  // { board, score, won, keepPlaying }; over follows from the board.
  showPosition({ board, score, won, keepPlaying }) {
    this.spawnToken++;
    this.model.setBoard(board, { score });
    this.model.won = won;
    this.model.keepPlaying = keepPlaying;
    this.version++;
    this.save();
    this.#changed('restart', { restored: true });
  }

  save() {
    if (this.model.score > this.best) {
      this.best = this.model.score;
      this.storage.setBestScore(this.best);
    }
    if (this.model.over) this.storage.clearGameState();
    else if (this.model.tilesDue === 0) this.storage.setGameState(this.model.serialize());
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
        ? tile.mergedFrom.map((s) => ({
            id: s.id,
            value: s.value,
            x: s.x,
            y: s.y,
            previous: s.previousPosition ? { ...s.previousPosition } : null,
          }))
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
      tilesDue: m.tilesDue,
    };
  }
}
