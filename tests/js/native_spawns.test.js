// The page's twin of the CLI's spawns (native_spawns.js): from the same seed,
// the seeded game loop meets the tiles `ai2048 selfplay` met, opening and
// every spawn, so a bench in a page can replay native games.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureNativeCli, nativeGames } from '../../tools/harness/native_cli.js';
import { nativeSpawner, splitMix64 } from '../../web/src/game/native_spawns.js';
import { legalMoves, moveBoard } from '../../web/src/game/rules.js';
import { playSeededGame } from '../../web/src/game/seeded_game.js';

const rulesEngine = {
  gameOver: async (board) => legalMoves(board).length === 0,
  applyMove: async (board, dir) => moveBoard(board, dir),
};

beforeAll(() => {
  ensureNativeCli();
}, 600_000);

describe('native spawns', () => {
  it('give the opening and every spawn of native seeded games', async () => {
    // Long enough for 4s, crowded boards and seeds past 32 bits.
    const seeds = [1, 77, 2 ** 40 + 3];
    for (const seed of seeds) {
      const [game] = nativeGames(['--games', '1', '--seed', String(seed), '--max-moves', '300', '--depth', '1']);
      expect(game.turns.length, `seed ${seed}`).toBe(game.moves);
      const boards = [];
      const played = await playSeededGame(rulesEngine, {
        seed,
        spawns: 'native',
        maxMoves: game.turns.length,
        chooseMove: async (board, n) => {
          boards.push(board);
          return game.turns[n].dir;
        },
      });
      expect(boards, `seed ${seed}`).toEqual(game.turns.map((t) => t.board));
      expect(played.board, `seed ${seed}`).toEqual(game.turns.at(-1).next);
      expect(played.score, `seed ${seed}`).toBe(game.score);
      expect(boards.flat().includes(4), `seed ${seed}: a 4 spawned`).toBe(true);
    }
  });

  it('draw below(n) within [0, n), and differ from seed to seed', () => {
    const rng = splitMix64(9);
    const draws = Array.from({ length: 1000 }, () => rng.below(10));
    expect(Math.min(...draws)).toBe(0);
    expect(Math.max(...draws)).toBe(9);
    expect(splitMix64(1).next()).not.toBe(splitMix64(2).next());
  });

  it('leave a full board as it is, and refuse a seed that is not a whole number', async () => {
    const full = new Array(16).fill(2);
    expect(nativeSpawner(3)(full)).toEqual(full);
    expect(() => nativeSpawner(-1)).toThrow(/a native seed is a whole number/);
    expect(() => nativeSpawner(1.5)).toThrow(/a native seed is a whole number/);
    const other = playSeededGame(rulesEngine, { seed: 1, spawns: 'other', chooseMove: async () => 0 });
    await expect(other).rejects.toThrow(/spawns is 'app' or 'native'/);
  });
});
