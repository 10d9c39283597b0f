// Saving and restoring in the original game's localStorage format, and what
// happens with a corrupt, foreign or unavailable storage.
import { describe, expect, it, vi } from 'vitest';
import { Game } from '../../web/src/game/game.js';
import { seededRandom } from '../../web/src/game/rng.js';
import { GameStorage, MemoryStorage } from '../../web/src/game/storage.js';

function newStorage(initial = {}) {
  const backend = new MemoryStorage();
  for (const [k, v] of Object.entries(initial)) backend.setItem(k, v);
  const warnings = [];
  return { backend, warnings, storage: new GameStorage(backend, { warn: (m) => warnings.push(m) }) };
}

// A saved state in the original shape for a row-major board.
function savedState(board, extra = {}) {
  const cells = [0, 1, 2, 3].map((x) =>
    [0, 1, 2, 3].map((y) => {
      const value = board[y * 4 + x];
      return value ? { position: { x, y }, value } : null;
    }),
  );
  return { grid: { size: 4, cells }, score: 100, over: false, won: false, keepPlaying: false, ...extra };
}

const BOARD = [2, 2, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2];

describe('saved game', () => {
  it('is written in the original shape, column-first, after every move that changed the board', () => {
    const { backend, storage } = newStorage();
    const game = new Game({ storage, random: seededRandom(1) });
    game.setBoard(BOARD, { score: 0 });
    const setItem = vi.spyOn(backend, 'setItem');
    expect(game.move(3).moved).toBe(true);
    const saved = JSON.parse(backend.getItem('gameState'));
    expect(Object.keys(saved).sort()).toEqual(['grid', 'keepPlaying', 'over', 'score', 'won']);
    expect(saved.grid.size).toBe(4);
    expect(saved.score).toBe(4);
    expect(saved.grid.cells[0][0]).toEqual({ position: { x: 0, y: 0 }, value: 4 });
    expect(saved.grid.cells[0][1]).toEqual({ position: { x: 0, y: 1 }, value: 4 }); // the 4 of row 1 slid left
    expect(setItem).toHaveBeenCalledWith('gameState', expect.any(String));
    expect(backend.getItem('bestScore')).toBe('4');

    // A move that changes nothing writes nothing.
    game.setBoard([2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], { score: 4 });
    setItem.mockClear();
    const before = backend.getItem('gameState');
    expect(game.move(3).moved).toBe(false);
    expect(setItem).not.toHaveBeenCalled();
    expect(backend.getItem('gameState')).toBe(before);
  });

  it('is restored by the next page load', () => {
    const { storage } = newStorage();
    const first = new Game({ storage, random: seededRandom(2) });
    for (const dir of [0, 1, 2, 3, 0, 1]) first.move(dir);
    const second = new Game({ storage, random: seededRandom(3) });
    expect(second.board()).toEqual(first.board());
    expect(second.score).toBe(first.score);
  });

  it('restores a state written by the original game', () => {
    const { storage } = newStorage({
      gameState: JSON.stringify(
        savedState([0, 0, 0, 2, 0, 0, 0, 0, 0, 65536, 0, 0, 131072, 0, 0, 0], {
          score: 1234567,
          won: true,
          keepPlaying: true,
        }),
      ),
      bestScore: '2000000',
    });
    const game = new Game({ storage });
    expect(game.board()).toEqual([0, 0, 0, 2, 0, 0, 0, 0, 0, 65536, 0, 0, 131072, 0, 0, 0]);
    expect(game.score).toBe(1234567);
    expect(game.best).toBe(2000000);
    expect(game.isTerminated()).toBe(false);
  });

  const corrupt = {
    'not JSON': '{"grid":',
    'a 5x5 variant': JSON.stringify({ ...savedState(BOARD), grid: { size: 5, cells: [] } }),
    'a value that is not a tile': JSON.stringify(
      (() => {
        const s = savedState(BOARD);
        s.grid.cells[0][0].value = 3;
        return s;
      })(),
    ),
    'a tile claiming another cell': JSON.stringify(
      (() => {
        const s = savedState(BOARD);
        s.grid.cells[0][0].position = { x: 2, y: 2 };
        return s;
      })(),
    ),
    'a missing flag': JSON.stringify(
      (() => {
        const s = savedState(BOARD);
        delete s.won;
        return s;
      })(),
    ),
    'a negative score': JSON.stringify(savedState(BOARD, { score: -5 })),
    'an empty board': JSON.stringify(savedState(new Array(16).fill(0))),
    'a tile above 131072': JSON.stringify(savedState([262144, ...new Array(15).fill(0)])),
    null: 'null',
  };
  for (const [name, text] of Object.entries(corrupt)) {
    it(`is ignored with a warning when it holds ${name}`, () => {
      const { storage, warnings, backend } = newStorage({ gameState: text });
      const game = new Game({ storage, random: seededRandom(4) });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/ignoring the saved game/);
      expect(game.board().filter((v) => v).length).toBe(2);
      expect(game.score).toBe(0);
      // The fresh game replaced the bad save.
      expect(JSON.parse(backend.getItem('gameState')).score).toBe(0);
    });
  }

  it('is removed at game over, and the best score stays', () => {
    const { storage, backend } = newStorage();
    const game = new Game({ storage, random: () => 0 });
    // One move left: merging the 8s, then the spawn fills the last gap with no merge.
    game.setBoard([2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 8, 8], { score: 50 });
    expect(backend.getItem('gameState')).not.toBeNull();
    game.move(3); // bottom row [4,2,16,2] after the spawn (random 0: a 2 in the only gap)
    expect(game.over).toBe(true);
    expect(backend.getItem('gameState')).toBeNull();
    expect(backend.getItem('bestScore')).toBe('66');
  });

  it('keeps working in memory when localStorage throws', () => {
    const failing = {
      getItem() {
        throw new Error('SecurityError');
      },
      setItem() {
        throw new Error('QuotaExceededError');
      },
      removeItem() {
        throw new Error('SecurityError');
      },
    };
    const warnings = [];
    const game = new Game({ storage: new GameStorage(failing, { warn: (m) => warnings.push(m) }) });
    expect(game.board().filter((v) => v).length).toBe(2);
    for (const dir of [0, 1, 2, 3]) game.move(dir);
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('reads a broken best score as 0', () => {
    const { storage } = newStorage({ bestScore: 'lots' });
    expect(new Game({ storage }).best).toBe(0);
  });
});
