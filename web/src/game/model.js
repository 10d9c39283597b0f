// The rules of 2048 on tiles: slide, merge once, score, spawn, win and game over.
// The model owns the truth of a game; it knows nothing of the DOM or storage.
//
// New tiles come from the game's random rule (randomSpawn in rules.js), or,
// when asked (a move or a new game with spawn: false), from outside: the tiles
// are then due (tilesDue), placed one by one with placeTile (the evil spawner,
// a person), and no move is played until they are all placed. Game over is
// judged once the last due tile is on the board.
import { Grid } from './grid.js';
import { Tile } from './tile.js';
import { DIRECTIONS, SIZE, WIN_VALUE, canMove, isDirection, lineIndices, randomSpawn, slideTargets } from './rules.js';
import { cellPosition } from './spawners.js';

export class GameModel {
  // pauseAtWin: false never stops at 2048 ("8402": nobody is there to press
  // Keep going); won is still set.
  constructor({ size = SIZE, random = Math.random, startTiles = 2, pauseAtWin = true } = {}) {
    this.size = size;
    this.random = random;
    this.startTiles = startTiles;
    this.pauseAtWin = pauseAtWin;
    this.tilesDue = 0;
    this.newGame();
  }

  // spawn: false leaves the board empty with the opening tiles due.
  newGame({ spawn = true } = {}) {
    this.grid = new Grid(this.size);
    this.score = 0;
    this.over = false;
    this.won = false;
    this.keepPlaying = !this.pauseAtWin;
    this.moveCount = 0;
    this.tilesDue = spawn ? 0 : this.startTiles;
    if (spawn) for (let i = 0; i < this.startTiles; i++) this.addRandomTile();
  }

  // Takes a validated saved state (see saved_state.js).
  restore(state) {
    this.grid = Grid.fromSavedCells(state.grid.size, state.grid.cells);
    this.size = state.grid.size;
    this.score = state.score;
    this.over = state.over;
    this.won = state.won;
    this.keepPlaying = state.keepPlaying;
    this.moveCount = 0;
    this.tilesDue = 0;
    // A saved board with no move left is over, whatever its flag says.
    if (!this.movesAvailable()) this.over = true;
  }

  // Replaces the board by 16 row-major values (tests, seeded positions).
  setBoard(board, { score = this.score } = {}) {
    this.grid = Grid.fromBoard(board, this.size);
    this.score = score;
    this.tilesDue = 0;
    this.over = !this.movesAvailable();
  }

  isTerminated() {
    return this.over || (this.won && !this.keepPlaying);
  }

  addRandomTile() {
    const spawn = randomSpawn(this.board(), this.random);
    if (!spawn) return null;
    const tile = new Tile(cellPosition(spawn.cell, this.size), spawn.value);
    this.grid.insertTile(tile);
    return tile;
  }

  // Why a tile cannot go there now, or null: a tile must be due, the cell on
  // the board and empty, the value 2 or 4. position: {x, y}.
  placementProblem(position, value) {
    if (this.tilesDue === 0) return 'no tile is due: the next turn is a move';
    const inside =
      position && Number.isInteger(position.x) && Number.isInteger(position.y) && this.grid.withinBounds(position);
    if (!inside) return `cell ${JSON.stringify(position)} is not on the board`;
    if (value !== 2 && value !== 4) return `a new tile is a 2 or a 4, got ${value}`;
    const there = this.grid.cellContent(position);
    if (there) return `cell (${position.x}, ${position.y}) is not empty (it holds a ${there.value})`;
    return null;
  }

  // Places a due tile; throws an Error naming the problem otherwise.
  placeTile(position, value) {
    const problem = this.placementProblem(position, value);
    if (problem) throw new Error(problem);
    const tile = new Tile(position, value);
    this.grid.insertTile(tile);
    this.tilesDue -= 1;
    if (this.tilesDue === 0 && !this.movesAvailable()) this.over = true;
    return tile;
  }

  // The model's own rule for every due tile (a spawner that failed).
  placeDueAtRandom() {
    const placed = [];
    while (this.tilesDue > 0) {
      const tile = this.addRandomTile();
      if (!tile) break;
      placed.push(tile);
      this.tilesDue -= 1;
    }
    this.tilesDue = 0;
    if (!this.movesAvailable()) this.over = true;
    return placed;
  }

  // Plays one move. Returns { moved, gain, spawned, justWon, over }; a move that
  // changes nothing (or any move while the game is over or won and paused, or
  // while a tile is due) leaves the game untouched. spawn: false leaves the new
  // tile due instead of placing a random one (a move that changed the board
  // always leaves an empty cell for it).
  move(dir, { spawn = true } = {}) {
    if (!isDirection(dir)) throw new Error(`unknown direction ${dir} (use 0 up, 1 right, 2 down, 3 left)`);
    const unchanged = { moved: false, gain: 0, spawned: null, justWon: false, over: this.over };
    if (this.isTerminated() || this.tilesDue > 0) return unchanged;

    const tiles = this.grid.tiles();
    for (const tile of tiles) {
      tile.mergedFrom = null;
      tile.savePosition();
    }

    let moved = false;
    let gain = 0;
    let justWon = false;
    for (let k = 0; k < this.size; k++) {
      // Where each tile lands comes from the shared rule; here the tiles follow.
      const line = this.linePositions(dir, k);
      const lineTiles = line.map((position) => this.grid.cellContent(position));
      const targets = slideTargets(lineTiles.map((tile) => (tile ? tile.value : 0)));
      const landed = []; // the tile now at each target cell of the line
      lineTiles.forEach((tile, i) => {
        if (!tile) return;
        const slot = targets[i];
        const last = landed[slot];
        if (last) {
          // Merge into the tile just placed; the result cannot merge again this move.
          const merged = new Tile({ x: last.x, y: last.y }, tile.value * 2);
          merged.mergedFrom = [last, tile];
          this.grid.removeTile(tile);
          this.grid.insertTile(merged);
          tile.updatePosition(merged);
          gain += merged.value;
          if (!this.won && merged.value >= WIN_VALUE) {
            this.won = true;
            justWon = true;
          }
          landed[slot] = merged;
          moved = true;
        } else {
          const target = line[slot];
          if (target.x !== tile.x || target.y !== tile.y) {
            this.grid.removeTile(tile);
            tile.updatePosition(target);
            this.grid.insertTile(tile);
            moved = true;
          }
          landed[slot] = tile;
        }
      });
    }

    if (!moved) return unchanged;
    this.score += gain;
    this.moveCount += 1;
    if (!spawn) {
      this.tilesDue = 1;
      return { moved: true, gain, spawned: null, justWon, over: false };
    }
    const spawned = this.addRandomTile();
    if (!this.movesAvailable()) this.over = true;
    return { moved: true, gain, spawned, justWon, over: this.over };
  }

  keepGoing() {
    this.keepPlaying = true;
  }

  // Cell positions of line k for a move in dir, the edge tiles move toward first.
  linePositions(dir, k) {
    return lineIndices(dir, k, this.size).map((i) => ({ x: i % this.size, y: Math.floor(i / this.size) }));
  }

  movesAvailable() {
    return DIRECTIONS.some((dir) => this.wouldMove(dir));
  }

  legalMoves() {
    if (this.tilesDue > 0) return [];
    return DIRECTIONS.filter((dir) => this.wouldMove(dir));
  }

  // Whether a move in dir would change the board (without playing it).
  wouldMove(dir) {
    return canMove(this.board(), dir, this.size);
  }

  board() {
    return this.grid.toBoard();
  }

  maxTile() {
    return this.grid.tiles().reduce((m, t) => Math.max(m, t.value), 0);
  }

  // The original game's gameState shape.
  serialize() {
    return {
      grid: this.grid.serialize(),
      score: this.score,
      over: this.over,
      won: this.won,
      keepPlaying: this.keepPlaying,
    };
  }
}
