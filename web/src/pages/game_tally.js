// The demo's record over games: how many reached each tile, average and best
// score, like the published 100-game tables; and, within a game, the move at
// which each milestone tile (2048, 4096, ...) first appeared.
export const TALLY_TILES = [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072];
export const MILESTONES = [2048, 4096, 8192, 16384, 32768, 65536, 131072];

export class GameTally {
  constructor() {
    this.games = [];
  }

  // game: { score, maxTile, moves, seed, seconds }
  record(game) {
    this.games.push({ ...game });
  }

  get count() {
    return this.games.length;
  }

  averageScore() {
    if (!this.games.length) return 0;
    return this.games.reduce((sum, g) => sum + g.score, 0) / this.games.length;
  }

  bestScore() {
    return this.games.reduce((best, g) => Math.max(best, g.score), 0);
  }

  averageMoves() {
    if (!this.games.length) return 0;
    return this.games.reduce((sum, g) => sum + g.moves, 0) / this.games.length;
  }

  // One row per tile up to the largest one reached (and at least to 2048):
  // { tile, reached, share }.
  rows() {
    const largest = this.games.reduce((m, g) => Math.max(m, g.maxTile), 0);
    return TALLY_TILES.filter((tile) => tile <= Math.max(largest, 2048)).map((tile) => {
      const reached = this.games.filter((g) => g.maxTile >= tile).length;
      return { tile, reached, share: this.games.length ? reached / this.games.length : 0 };
    });
  }
}

export class MilestoneTracker {
  constructor() {
    this.reset();
  }

  reset() {
    this.reached = []; // { tile, move }
  }

  // Called after each move; returns the milestones this move reached.
  update(maxTile, move) {
    const fresh = [];
    for (const tile of MILESTONES) {
      if (maxTile >= tile && !this.reached.some((r) => r.tile === tile)) {
        const entry = { tile, move };
        this.reached.push(entry);
        fresh.push(entry);
      }
    }
    return fresh;
  }
}
