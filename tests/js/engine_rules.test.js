// The wasm module's rules against a plain JavaScript reference: every row both
// ways, many random boards (big tiles included) in all four directions, legal
// moves, game over, and seeded spawns.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import {
  ReferenceRng,
  referenceLegalMoves,
  referenceMove,
  referenceSpawn,
  testRandom,
} from './helpers/reference_rules.js';

let engine;
beforeAll(async () => {
  engine = await loadWasmModule();
});

const sameBoard = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

function describeMismatch(board, dir, got, want) {
  return `board ${board.join(',')} dir ${dir}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;
}

function checkMove(board, dir, mismatches) {
  const got = engine.applyMove(board, dir);
  const want = referenceMove(board, dir);
  if (!sameBoard(got.board, want.board) || got.gain !== want.gain || got.moved !== want.moved) {
    mismatches.push(describeMismatch(board, dir, got, want));
  }
}

function randomBoard(random) {
  // Few distinct values make merges likely; some boards reach 131072 (one at
  // most: no game makes two, and the engine refuses them).
  const top = 1 + Math.floor(random() * 17);
  const fill = random();
  const board = Array.from({ length: 16 }, () => (random() < fill ? 2 ** (1 + Math.floor(random() * top)) : 0));
  const first = board.indexOf(131072);
  return board.map((v, i) => (v === 131072 && i !== first ? 65536 : v));
}

describe('moves', () => {
  test('every one of the 65536 rows, left and right, placed in each row of the board', () => {
    const mismatches = [];
    for (let row = 0; row < 65536; row++) {
      const board = new Array(16).fill(0);
      const r = row & 3;
      for (let c = 0; c < 4; c++) {
        const exponent = (row >> (4 * c)) & 0xf;
        board[4 * r + c] = exponent ? 2 ** exponent : 0;
      }
      checkMove(board, 1, mismatches);
      checkMove(board, 3, mismatches);
      if (mismatches.length > 5) break;
    }
    expect(mismatches).toEqual([]);
  });

  test('random boards with tiles up to 131072, all four directions', () => {
    const random = testRandom(2048);
    const mismatches = [];
    let moved = 0;
    for (let i = 0; i < 4000 && mismatches.length <= 5; i++) {
      const board = randomBoard(random);
      for (let dir = 0; dir < 4; dir++) {
        checkMove(board, dir, mismatches);
        moved += referenceMove(board, dir).moved ? 1 : 0;
      }
    }
    expect(mismatches).toEqual([]);
    expect(moved).toBeGreaterThan(4000); // the boards exercise real moves
  });

  test('two 65536 tiles make 131072, two 32768 make 65536, exactly', () => {
    const board = [65536, 65536, 32768, 32768, ...new Array(12).fill(0)];
    const out = engine.applyMove(board, 3);
    expect(out.board.slice(0, 4)).toEqual([131072, 65536, 0, 0]);
    expect(out.gain).toBe(131072 + 65536);
  });
});

describe('legal moves and game over', () => {
  test('match the reference on random and full boards', () => {
    const random = testRandom(77);
    const mismatches = [];
    let over = 0;
    for (let i = 0; i < 4000; i++) {
      // Full boards of few values: some are stuck, most are not.
      const board =
        i % 2 ? randomBoard(random) : Array.from({ length: 16 }, () => 2 ** (1 + Math.floor(random() * 16)));
      const want = referenceLegalMoves(board);
      const got = engine.legalMoves(board);
      if (!sameBoard(got, want) || engine.gameOver(board) !== (want.length === 0)) {
        mismatches.push(`${board.join(',')}: got ${got}, want ${want}`);
      }
      over += want.length === 0 ? 1 : 0;
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(over).toBeGreaterThan(0);
  });
});

describe('seeded spawns', () => {
  test('newGame(seed) spawns two tiles as SplitMix64 draws them', () => {
    for (const seed of [0, 1, 2, 3, 12345, 2 ** 32 + 7, Number.MAX_SAFE_INTEGER]) {
      const rng = new ReferenceRng(seed);
      let board = new Array(16).fill(0);
      board = referenceSpawn(board, rng).board;
      board = referenceSpawn(board, rng).board;
      const got = engine.newGame(seed);
      expect(got.board).toEqual(board);
      expect(got.state).toEqual(rng.halves());
      expect(got.board.filter((v) => v !== 0)).toHaveLength(2);
    }
  });

  test('spawn chains carry the generator state as [hi, lo]', () => {
    const random = testRandom(5);
    for (let i = 0; i < 300; i++) {
      const board = randomBoard(random);
      const state = [Math.floor(random() * 2 ** 32), Math.floor(random() * 2 ** 32)];
      const rng = new ReferenceRng((BigInt(state[0]) << 32n) | BigInt(state[1]));
      const want = referenceSpawn(board, rng);
      const got = engine.spawn(board, state);
      expect(got.board).toEqual(want.board);
      expect(got.spawned).toBe(want.spawned);
      // A full board draws nothing.
      expect(got.state).toEqual(want.spawned ? rng.halves() : state);
    }
  });

  test('2s and 4s come at about 9 to 1', () => {
    let state = 99;
    let fours = 0;
    for (let i = 0; i < 5000; i++) {
      const out = engine.spawn(new Array(16).fill(0), state);
      state = out.state;
      fours += out.board.includes(4) ? 1 : 0;
    }
    expect(fours / 5000).toBeGreaterThan(0.08);
    expect(fours / 5000).toBeLessThan(0.12);
  });
});
