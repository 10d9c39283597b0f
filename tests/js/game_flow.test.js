// The win / keep going / game over flow of a game session, as the original
// game runs it.
import { describe, expect, it } from 'vitest';
import { Game } from '../../web/src/game/game.js';
import { seededRandom } from '../../web/src/game/rng.js';
import { legalMoves } from '../../web/src/game/rules.js';

describe('win, keep going, game over', () => {
  it('says "You win!" once at 2048, ignores moves until Keep going, saves keepPlaying with the next move', () => {
    const game = Game.inMemory({ random: seededRandom(1) });
    const events = [];
    game.on('change', (e) => events.push(e));
    game.setBoard([1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], { score: 0 });
    const result = game.move(3);
    expect(result.justWon).toBe(true);
    expect(game.won).toBe(true);
    expect(game.isPausedByWin()).toBe(true);
    expect(events.at(-1).snapshot.won).toBe(true);
    expect(events.at(-1).snapshot.terminated).toBe(true);

    const board = game.board();
    for (const dir of [0, 1, 2, 3]) expect(game.move(dir).moved).toBe(false);
    expect(game.board()).toEqual(board);

    const savedBefore = game.storage.backend.getItem('gameState');
    game.keepGoing();
    expect(events.at(-1).kind).toBe('keepGoing');
    expect(game.isTerminated()).toBe(false);
    expect(game.storage.backend.getItem('gameState')).toBe(savedBefore);
    expect(JSON.parse(savedBefore).keepPlaying).toBe(false);

    const dir = legalMoves(game.board())[0];
    expect(game.move(dir).moved).toBe(true);
    expect(JSON.parse(game.storage.backend.getItem('gameState')).keepPlaying).toBe(true);
  });

  it('does not say "You win!" again at 4096', () => {
    const game = Game.inMemory({ random: seededRandom(2) });
    game.setBoard([2048, 2048, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    game.model.won = true;
    game.model.keepPlaying = true;
    const result = game.move(3);
    expect(result.justWon).toBe(false);
    expect(game.isTerminated()).toBe(false);
  });

  it('ends at "Game over!" and Try again starts a fresh game', () => {
    const game = Game.inMemory({ random: seededRandom(3) });
    const random = seededRandom(4);
    let moves = 0;
    while (!game.over && moves < 5000) {
      const legal = legalMoves(game.board());
      game.move(legal[Math.floor(random() * legal.length)]);
      moves++;
    }
    expect(game.over).toBe(true);
    expect(legalMoves(game.board())).toEqual([]);
    expect(game.snapshot().over).toBe(true);
    expect(game.storage.backend.getItem('gameState')).toBeNull();
    const best = game.best;
    expect(best).toBe(game.score);

    game.restart();
    expect(game.over).toBe(false);
    expect(game.score).toBe(0);
    expect(game.best).toBe(best);
    expect(game.board().filter((v) => v).length).toBe(2);
    expect(JSON.parse(game.storage.backend.getItem('gameState')).score).toBe(0);
  });

  it('marks a restored board with no move left as over', () => {
    const game = Game.inMemory();
    game.setBoard([2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2]);
    expect(game.over).toBe(true);
    expect(game.legalMoves()).toEqual([]);
  });

  it('gives the renderer where each tile came from', () => {
    const game = Game.inMemory({ random: () => 0.99 });
    game.setBoard([0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0]);
    let snapshot = null;
    game.on('change', (e) => {
      snapshot = e.snapshot;
    });
    game.move(3);
    const merged = snapshot.tiles.find((t) => t.mergedFrom);
    expect(merged).toMatchObject({ value: 4, x: 0, y: 0 });
    expect(merged.mergedFrom.map((s) => s.previous)).toEqual([
      { x: 1, y: 0 },
      { x: 3, y: 0 },
    ]);
    const still = snapshot.tiles.find((t) => t.x === 0 && t.y === 3);
    expect(still.previous).toEqual({ x: 0, y: 3 });
    const spawned = snapshot.tiles.filter((t) => !t.previous && !t.mergedFrom);
    expect(spawned).toHaveLength(1);
  });
});
