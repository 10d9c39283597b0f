// The figures of npm run bench:browser's game mode (tools/bench/browser_games.mjs),
// from move records as playGames makes them: [ms, nodes, largest tile, empty
// cells, ms over allocation, game index, move number].
import { describe, expect, it } from 'vitest';
import { summarizeGames } from '../../tools/bench/browser_games.mjs';

const blocks = { longTasks: 0, longestTaskMs: 0, longestFrameGapMs: 16.7, frames: 10 };
const results = [
  { game: 0, seed: 1, score: 100, maxTile: 64, moves: 3 },
  { game: 1, seed: 2, score: 300, maxTile: 128, moves: 2 },
];
const moves = [
  [5, 1000, 32, 12, 0.5, 0, 1],
  [10, 2000, 64, 8, 1.0, 0, 2],
  [40, 3000, 64, 3, 4.0, 0, 3],
  [8, 1500, 64, 10, 0.8, 1, 1],
  [12, 2500, 128, 2, 3.5, 1, 2],
];

describe('bench:browser game summary', () => {
  it('names the game and the move of the worst move over its allocation, and counts those above 3', () => {
    const summary = summarizeGames(results, { moves, wallMs: 1000, blocks });
    expect(summary.msOverAllocation.aboveThree).toBe(2);
    expect(summary.msOverAllocation.max).toBe(4);
    expect(summary.msOverAllocation.worst).toEqual({
      ms: 40,
      allocationMs: 10,
      nodes: 3000,
      largestTile: 64,
      emptyCells: 3,
      game: 0,
      move: 3,
    });
  });

  it('gives no allocation figures for a depth budget', () => {
    const depthMoves = moves.map((m) => [...m.slice(0, 4), null, ...m.slice(5)]);
    const summary = summarizeGames(results, { moves: depthMoves, wallMs: 1000, blocks });
    expect(summary.msOverAllocation).toBeUndefined();
    expect(summary.nodesPerMove).toBe(2000);
    expect(summary.meanScore).toBe(200);
  });
});
