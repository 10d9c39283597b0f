// The JS game model: rules on hand examples, against the plain row-major
// reference in rules.js on many random boards, spawns, start, big tiles.
import { describe, expect, it } from 'vitest';
import { GameModel } from '../../web/src/game/model.js';
import { seededRandom } from '../../web/src/game/rng.js';
import { legalMoves, moveBoard, slideLine } from '../../web/src/game/rules.js';

function modelWith(board, random = seededRandom(1)) {
  const model = new GameModel({ random });
  model.setBoard(board, { score: 0 });
  return model;
}

// A random board with some empty cells and values that often merge.
function randomBoard(random) {
  return Array.from({ length: 16 }, () => {
    const r = random();
    return r < 0.35 ? 0 : 2 ** (1 + Math.floor(random() * 6));
  });
}

describe('slideLine', () => {
  it('merges equal neighbours once per move', () => {
    expect(slideLine([2, 2, 2, 2])).toEqual({ line: [4, 4, 0, 0], gain: 8 });
    expect(slideLine([4, 0, 0, 4])).toEqual({ line: [8, 0, 0, 0], gain: 8 });
    expect(slideLine([2, 2, 4, 0])).toEqual({ line: [4, 4, 0, 0], gain: 4 });
    expect(slideLine([8, 8, 8, 0])).toEqual({ line: [16, 8, 0, 0], gain: 16 });
    expect(slideLine([2, 4, 8, 16])).toEqual({ line: [2, 4, 8, 16], gain: 0 });
  });
});

describe('GameModel', () => {
  it('starts with two tiles of 2 or 4', () => {
    for (let seed = 0; seed < 50; seed++) {
      const board = new GameModel({ random: seededRandom(seed) }).board();
      const tiles = board.filter((v) => v !== 0);
      expect(tiles).toHaveLength(2);
      for (const v of tiles) expect([2, 4]).toContain(v);
    }
  });

  it('moves [2,2,2,2] left to [4,4,0,0] and scores the merges', () => {
    const model = modelWith([2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const result = model.move(3);
    expect(result.moved).toBe(true);
    expect(result.gain).toBe(8);
    expect(model.score).toBe(8);
    expect(model.board().slice(0, 4)).toEqual([4, 4, 0, 0]);
  });

  it('plays every direction like the row-major reference on random boards', () => {
    const random = seededRandom(42);
    let compared = 0;
    for (let i = 0; i < 2000; i++) {
      const board = randomBoard(random);
      for (const dir of [0, 1, 2, 3]) {
        const expected = moveBoard(board, dir);
        const model = modelWith(board, () => 0.5);
        const result = model.move(dir);
        expect(result.moved).toBe(expected.moved);
        expect(result.gain).toBe(expected.moved ? expected.gain : 0);
        if (!expected.moved) {
          expect(model.board()).toEqual(board);
          continue;
        }
        // The model also spawned one tile in a cell the move left empty.
        const after = model.board();
        const differences = after.map((v, k) => (v !== expected.board[k] ? k : -1)).filter((k) => k >= 0);
        expect(differences).toHaveLength(1);
        expect(expected.board[differences[0]]).toBe(0);
        compared++;
      }
      expect(new Set(modelWith(board).legalMoves())).toEqual(new Set(legalMoves(board)));
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('spawns a 2 nine times in ten and a 4 otherwise, in any empty cell', () => {
    const random = seededRandom(7);
    const counts = { 2: 0, 4: 0 };
    const cells = new Array(16).fill(0);
    for (let i = 0; i < 4000; i++) {
      const model = modelWith([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], random);
      const { spawned } = model.move(1); // the 2 goes to cell 3
      counts[spawned.value]++;
      cells[spawned.y * 4 + spawned.x]++;
    }
    expect(counts[2] / 4000).toBeGreaterThan(0.87);
    expect(counts[2] / 4000).toBeLessThan(0.93);
    expect(cells[3]).toBe(0);
    // Fifteen free cells, about 267 each.
    for (const [k, n] of cells.entries()) if (k !== 3) expect(n).toBeGreaterThan(180);
  });

  it('holds 65536 and 131072 exactly', () => {
    const model = modelWith([65536, 65536, 4, 2, 32768, 32768, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    model.move(3);
    expect(model.board().slice(0, 6)).toEqual([131072, 4, 2, 0, 65536, 0]);
    expect(model.score).toBe(131072 + 65536);
    expect(model.maxTile()).toBe(131072);
  });

  it('is over when no move changes the board, and then ignores moves', () => {
    const full = [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 8];
    const model = modelWith(full);
    expect(model.over).toBe(true);
    for (const dir of [0, 1, 2, 3]) expect(model.move(dir).moved).toBe(false);
    // One merge left: after it and its spawn the game may continue or end, never wrongly.
    const almost = [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 8, 8];
    const m2 = modelWith(almost, seededRandom(3));
    expect(m2.over).toBe(false);
    m2.move(3);
    expect(m2.over).toBe(legalMoves(m2.board()).length === 0);
  });

  it('replays the same game from the same seed', () => {
    const play = (seed) => {
      const model = new GameModel({ random: seededRandom(seed) });
      const moves = seededRandom(99);
      for (let i = 0; i < 300 && !model.over; i++) model.move(Math.floor(moves() * 4));
      return { board: model.board(), score: model.score };
    };
    expect(play(5)).toEqual(play(5));
    expect(play(5)).not.toEqual(play(6));
  });

  it('refuses an unknown direction', () => {
    expect(() => new GameModel().move(4)).toThrow(/direction/);
  });
});
