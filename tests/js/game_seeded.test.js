// The game's one spawn rule (rules.js randomSpawn) and the seeded game loop
// the tools run in a page (seeded_game.js): the model and the loop place the
// same tiles from the same seed.
import { describe, expect, it } from 'vitest';
import { GameModel } from '../../web/src/game/model.js';
import { legalMoves, moveBoard, randomSpawn, withRandomTile } from '../../web/src/game/rules.js';
import { seededRandom } from '../../web/src/game/rng.js';
import { openingBoard, playSeededGame } from '../../web/src/game/seeded_game.js';

// An engine's gameOver and applyMove, on the front end's rules.
const rulesEngine = {
  gameOver: async (board) => legalMoves(board).length === 0,
  applyMove: async (board, dir) => moveBoard(board, dir),
};

// The model's game from a seed with the moves a second seed picks (an
// illegal pick is skipped), as { board, score, moves }.
function modelGame(seed, pickSeed, maxMoves = Infinity) {
  const model = new GameModel({ random: seededRandom(seed), pauseAtWin: false });
  const picks = seededRandom(pickSeed);
  let moves = 0;
  while (!model.over && moves < maxMoves) {
    const legal = legalMoves(model.board());
    model.move(legal[Math.floor(picks() * legal.length)]);
    moves += 1;
  }
  return { board: model.board(), score: model.score, moves };
}

describe('the spawn rule', () => {
  it('draws the cell, then the value: a uniform empty cell, 4 one time in ten', () => {
    const draws = [0.6, 0.95];
    const spawn = randomSpawn([2, 0, 4, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], () => draws.shift());
    // 12 empty cells; 0.6 picks the eighth (index 7 among them): cell 10.
    expect(spawn).toEqual({ cell: 10, value: 4 });
    expect(randomSpawn(new Array(16).fill(2), Math.random)).toBe(null);
    expect(withRandomTile(new Array(16).fill(2), Math.random)).toEqual(new Array(16).fill(2));
  });

  it('gives the seeded games it gave before it moved into rules.js', () => {
    // Pinned from the model before this change: seed, then 200 moves picked by seed 100 + seed.
    const play = (seed) => {
      const model = new GameModel({ random: seededRandom(seed) });
      const dirs = seededRandom(100 + seed);
      for (let n = 0; n < 200 && !model.over; n++) model.move(Math.floor(dirs() * 4));
      return { board: model.board(), score: model.score };
    };
    expect(play(1)).toEqual({ board: [4, 8, 2, 4, 2, 4, 32, 2, 4, 64, 16, 4, 2, 16, 8, 2], score: 568 });
    expect(play(3)).toEqual({ board: [2, 0, 2, 4, 2, 2, 16, 2, 32, 8, 8, 16, 4, 8, 256, 4], score: 2028 });
  });
});

describe('the seeded game loop', () => {
  it('places the same tiles as the game model from the same seed', async () => {
    for (const seed of [1, 7, 2048]) {
      const picks = seededRandom(seed + 1);
      const chooseMove = async (board) => {
        const legal = legalMoves(board);
        return legal[Math.floor(picks() * legal.length)];
      };
      const played = await playSeededGame(rulesEngine, { seed, chooseMove });
      expect(played, `seed ${seed}`).toEqual(modelGame(seed, seed + 1));
    }
  });

  it('opens with two tiles, or plays on from a given board, and stops at maxMoves', async () => {
    const random = seededRandom(5);
    expect(openingBoard((b) => withRandomTile(b, random)).filter((v) => v > 0)).toHaveLength(2);
    const seen = [];
    const start = [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const played = await playSeededGame(rulesEngine, {
      seed: 9,
      board: start,
      maxMoves: 3,
      chooseMove: async (board, movesSoFar) => {
        seen.push([board, movesSoFar]);
        return legalMoves(board)[0];
      },
    });
    expect(seen[0]).toEqual([start, 0]);
    expect(seen.map(([, n]) => n)).toEqual([0, 1, 2]);
    expect(played.moves).toBe(3);
    expect(played.score).toBeGreaterThanOrEqual(4);
  });

  it('stops at the first board that holds stopTile, the game it would have played up to there', async () => {
    // The same moves with and without the stop: a move picked by a seeded draw.
    const game = (stopTile) => {
      const picks = seededRandom(12);
      const boards = [];
      const chooseMove = async (board) => {
        boards.push(board);
        const legal = legalMoves(board);
        return legal[Math.floor(picks() * legal.length)];
      };
      return playSeededGame(rulesEngine, { seed: 4, stopTile, chooseMove }).then((r) => ({ ...r, boards }));
    };
    const whole = await game(Infinity);
    const first32 = whole.boards.findIndex((b) => Math.max(...b) >= 32);
    expect(first32).toBeGreaterThan(0);
    const stopped = await game(32);
    expect(stopped.moves).toBe(first32);
    expect(Math.max(...stopped.board)).toBeGreaterThanOrEqual(32);
    expect(stopped.board).toEqual(whole.boards[first32]);
    expect(stopped.moves).toBeLessThan(whole.moves);
    // A board that already holds it plays no move.
    const start = [32, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const none = await playSeededGame(rulesEngine, { seed: 1, board: start, stopTile: 32, chooseMove: async () => 0 });
    expect(none).toEqual({ board: start, score: 0, moves: 0 });
  });
});
