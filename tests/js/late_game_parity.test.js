// The late-game search (settings.late, SearchSettings::late_from in the core):
// wasm plays as native `ai2048 suggest --late TILE` does, at a node budget and
// at a fixed depth, and refuses a late tile that is not a power of two.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, jsonLines, runNative } from '../../tools/harness/native_cli.js';

let engine;
beforeAll(async () => {
  engine = await loadWasmModule();
  ensureNativeCli();
}, 600_000);

// Late boards: a chain of big tiles from a corner, small tiles around it.
const BOARDS = [
  [2, 4, 8, 2, 0, 2, 16, 4, 0, 0, 0, 1024, 16384, 8192, 4096, 2048],
  [0, 2, 4, 8, 0, 0, 32, 2, 2, 64, 256, 4, 16384, 8192, 2048, 512],
  [4, 8, 2, 0, 16, 4, 0, 0, 2, 32, 128, 0, 32768, 16384, 8192, 4096],
];

function nativeSuggest(board, args) {
  const out = jsonLines(
    runNative(['suggest', board.join(','), '--eval', 'heuristic', '--tables', 'off', ...args, '--table-bits', '18']),
  );
  return out[out.length - 1];
}

function expectSameSearch(wasm, native, board) {
  expect(wasm.dir, `board ${board}`).toBe(native.dir);
  expect(wasm.nodes, `board ${board}`).toBe(native.nodes);
  expect(wasm.depth, `board ${board}`).toBe(native.depth);
  // The CLI prints 6 significant digits.
  native.values.forEach((v, d) => {
    if (v === null) expect(wasm.values[d]).toBeNull();
    else
      expect(Math.abs(wasm.values[d] - v), `board ${board} dir ${d}`).toBeLessThanOrEqual(
        1e-5 * Math.max(1, Math.abs(v)),
      );
  });
}

describe('the late-game search, native against wasm', () => {
  test('the same move, values, depth and node count at a node budget and at a fixed depth', () => {
    for (const board of BOARDS) {
      const native = nativeSuggest(board, ['--nodes', '30000', '--late', '8192']);
      const wasm = engine.search(board, { nodes: 30000, late: 8192, tableBits: 18 });
      expectSameSearch(wasm, native, board);
      expect(wasm.lateWalls, `board ${board}`).toBeGreaterThan(0);
      expect(wasm.depth, `board ${board}`).toBeGreaterThan(2);
      const fixed = engine.search(board, { depth: 3, late: 8192, tableBits: 18 });
      expectSameSearch(fixed, nativeSuggest(board, ['--depth', '3', '--late', '8192']), board);
    }
  });

  test('below its tile the usual search plays', () => {
    const board = BOARDS[0];
    const late = engine.search(board, { depth: 2, late: 32768, tableBits: 18 });
    const usual = engine.search(board, { depth: 2, tableBits: 18 });
    expect(late.lateWalls).toBeUndefined();
    expect(late.values).toEqual(usual.values);
    expect(late.nodes).toBe(usual.nodes);
  });

  test('the late tile is a power of two from 4 to 65536 or 0, echoed by settings', () => {
    const board = BOARDS[0];
    for (const late of [-1, 3, 3000, 131072, 1.5]) {
      expect(() => engine.search(board, { depth: 2, late })).toThrow(
        /late must be a tile, a power of two from 4 to 65536/,
      );
    }
    expect(() => engine.search(board, { depth: 2, lateDrop: 1 })).toThrow(/lateDrop must be a share/);
    expect(engine.settings({ depth: 2, late: 8192 }).late).toBe(8192);
    expect(engine.settings({ depth: 2 }).late).toBe(0);
  });
});
