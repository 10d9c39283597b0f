// The JS game model against the engine's own rules (the built WebAssembly
// engine through createEngine, on the main thread in Node): the same boards,
// gains and legal moves over many random move sequences with spawns, and on
// boards holding the biggest tiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../tools/harness/load_wasm.js';
import { GameModel } from '../../web/src/game/model.js';
import { seededRandom } from '../../web/src/game/rng.js';

let engine;

beforeAll(async () => {
  engine = await createNodeEngine({ workers: false });
});

afterAll(() => engine?.dispose());

// Checks one model move against engine.applyMove on the board before it;
// returns the engine's gain.
async function checkMove(model, dir) {
  const before = model.board();
  const expected = await engine.applyMove(before, dir);
  const result = model.move(dir);
  expect(result.moved).toBe(expected.moved);
  if (!expected.moved) {
    expect(model.board()).toEqual(before);
    return 0;
  }
  expect(result.gain).toBe(expected.gain);
  // The model's board is the engine's plus exactly one spawned 2 or 4 in a free cell.
  const after = model.board();
  const spawned = after.map((v, i) => (v !== expected.board[i] ? i : -1)).filter((i) => i >= 0);
  expect(spawned).toHaveLength(1);
  expect(expected.board[spawned[0]]).toBe(0);
  expect([2, 4]).toContain(after[spawned[0]]);
  return expected.gain;
}

describe('JS model against the engine rules', () => {
  it('agrees on every move of many random games', async () => {
    const moves = seededRandom(2024);
    let checked = 0;
    for (let game = 0; game < 100; game++) {
      const model = new GameModel({ random: seededRandom(1000 + game) });
      let score = 0;
      for (let step = 0; step < 600 && !model.over; step++) {
        score += await checkMove(model, Math.floor(moves() * 4));
        checked++;
        if (step % 25 === 0) {
          expect((await engine.legalMoves(model.board())).sort()).toEqual(model.legalMoves().sort());
        }
      }
      expect(model.score).toBe(score);
      expect(await engine.gameOver(model.board())).toBe(model.over);
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('agrees on boards with tiles up to 131072', async () => {
    const random = seededRandom(77);
    const values = [0, 0, 2, 4, 1024, 2048, 4096, 8192, 16384, 32768, 65536];
    for (let i = 0; i < 400; i++) {
      const board = Array.from({ length: 16 }, () => values[Math.floor(random() * values.length)]);
      // A 65536 pair merges into 131072 when it meets.
      board[Math.floor(random() * 16)] = 65536;
      for (let dir = 0; dir < 4; dir++) {
        const model = new GameModel({ random: seededRandom(i) });
        model.setBoard(board, { score: 0 });
        await checkMove(model, dir);
      }
    }
    const model = new GameModel({ random: seededRandom(1) });
    model.setBoard([65536, 65536, 0, 0, 131072, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], { score: 0 });
    await checkMove(model, 3);
    expect(model.board().filter((v) => v === 131072)).toHaveLength(2);
  });
});
