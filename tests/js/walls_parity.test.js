// Walls in the search (settings.walls, SearchSettings::walls in the core): wasm
// searches as native `ai2048 suggest --walls N` does, and refuses bad counts.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, jsonLines, runNative } from '../../tools/harness/native_cli.js';

let engine;
beforeAll(async () => {
  engine = await loadWasmModule();
  ensureNativeCli();
}, 600_000);

// Late boards with a chain of large tiles along an edge.
const BOARDS = [
  [2, 4, 1024, 16384, 0, 16, 256, 2048, 0, 8, 128, 256, 2, 4, 4, 2],
  [8, 16, 1024, 16384, 8, 16, 128, 2048, 2, 4, 16, 256, 2, 2, 4, 2],
  [4, 2, 16, 2, 8, 64, 4, 8, 2, 256, 0, 32, 16384, 8192, 4096, 4096],
];

function nativeSuggest(board, args) {
  const out = jsonLines(runNative(['suggest', board.join(','), '--eval', 'heuristic', ...args, '--table-bits', '18']));
  return out[out.length - 1];
}

describe('walls, native against wasm', () => {
  test('the same move, values and node count, and fewer nodes than without', () => {
    for (const board of BOARDS) {
      const native = nativeSuggest(board, ['--depth', '3', '--walls', '3']);
      const wasm = engine.search(board, { depth: 3, walls: 3, tableBits: 18 });
      expect(wasm.dir, `board ${board}`).toBe(native.dir);
      expect(wasm.nodes, `board ${board}`).toBe(native.nodes);
      // The CLI prints 6 significant digits.
      native.values.forEach((v, d) => {
        if (v === null) expect(wasm.values[d]).toBeNull();
        else expect(Math.abs(wasm.values[d] - v), `board ${board} dir ${d}`).toBeLessThanOrEqual(1e-5 * Math.abs(v));
      });
      const open = engine.search(board, { depth: 3, tableBits: 18 });
      expect(wasm.nodes, `board ${board}`).toBeLessThan(open.nodes);
    }
  });

  test('a count is a whole number from 0 to 16, echoed by settings', () => {
    const board = BOARDS[0];
    for (const walls of [-1, 17, 1.5]) {
      expect(() => engine.search(board, { depth: 2, walls })).toThrow(/walls must be a whole number from 0 to 16/);
    }
    expect(engine.settings({ depth: 2, walls: 3 }).walls).toBe(3);
    expect(engine.settings({ depth: 2 }).walls).toBe(0);
  });
});
