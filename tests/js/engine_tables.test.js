// Endgame tables in WebAssembly: a table file made by the native tools loads
// into the module, expectimax then chooses the same moves with the same table
// rates as `ai2048 suggest --tables FILE`, settings.tables: false turns it off,
// and every bad file is refused with a message while the module keeps working.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeEngine, loadWasmModule } from '../../tools/harness/load_wasm.js';
import { jsonLines, runNative, trainSmallNetwork } from '../../tools/harness/native_cli.js';

let wasm;
let dir;
let tablePath;
let bytes;
let boards;

// Boards whose six largest tiles stand in the snake (bottom row and the two
// right cells above it: 16384 8192 4096 2048, then 64 32 above the row's end),
// so the target is 32; the free cells hold a seeded few tiles below 32.
function snakeBoards(count, seed) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const out = [];
  while (out.length < count) {
    const board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 64, 32, 16384, 8192, 4096, 2048];
    for (let cell = 0; cell < 10; cell++) if (next() < 0.5) board[cell] = [2, 4, 8, 16][Math.floor(next() * 4)];
    out.push(board);
  }
  return out;
}

beforeAll(async () => {
  wasm = await loadWasmModule();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-tables-'));
  const full = path.join(dir, 'snake-32');
  runNative(['tables', 'build', '--target', '32', '--dir', full, '--threads', '2'], { stdio: 'pipe' });
  boards = snakeBoards(40, 7);
  const boardsPath = path.join(dir, 'boards.txt');
  fs.writeFileSync(boardsPath, boards.map((b) => b.join(',')).join('\n') + '\n');
  const visits = path.join(dir, 'visits.txt');
  const heuristic = ['--eval', 'heuristic', '--depth', '1'];
  runNative(
    ['selfplay', '--from', boardsPath, ...heuristic, '--tables', full, '--visits', visits, '--max-moves', '30'],
    {
      stdio: 'pipe',
    },
  );
  tablePath = path.join(dir, 'endgame.t2048.gz');
  runNative(['tables', 'distill', '--tables', full, '--visits', visits, '--out', tablePath], { stdio: 'pipe' });
  bytes = new Uint8Array(zlib.gunzipSync(fs.readFileSync(tablePath)));
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('endgame tables in wasm', () => {
  test('refuses bad files with a message and keeps working', () => {
    const corrupt = bytes.slice();
    corrupt[corrupt.length >> 1] ^= 0x40;
    expect(() => wasm.loadTables(corrupt)).toThrow(/table file: checksum mismatch/);
    expect(() => wasm.loadTables(bytes.subarray(0, 20))).toThrow(/table file: /);
    expect(() => wasm.loadTables(new Uint8Array(zlib.gzipSync(bytes)))).toThrow(/no N2048TBL magic/);
    expect(() => wasm.loadTables([1, 2, 3])).toThrow(/Uint8Array/);
    expect(() => wasm.search(boards[0], { depth: 1, tables: 'yes' })).toThrow(/tables must be true or false/);
    expect(() => wasm.settings({ tables: 0 })).toThrow(/tables must be true or false, got 0/);
    expect(wasm.search(boards[0], { depth: 1 }).tableRate).toBeUndefined();
  });

  test('tables is a setting: on by default, false turns it off', () => {
    expect(wasm.settings({}).tables).toBe(true);
    expect(wasm.settings({ tables: true }).tables).toBe(true);
    expect(wasm.settings({ tables: false }).tables).toBe(false);
    expect(wasm.settings({ player: 'greedy', tables: false })).toMatchObject({ player: 'greedy', tables: false });
  });

  test('chooses the native moves with the native table rates', () => {
    const info = wasm.loadTables(bytes);
    expect(info).toMatchObject({ tables: 1, targets: [32] });
    expect(info.states).toBeGreaterThan(100);
    let fromTable = 0;
    let changed = 0;
    for (const board of boards.slice(0, 20)) {
      const [native] = jsonLines(
        runNative(['suggest', board.join(','), '--eval', 'heuristic', '--depth', '2', '--tables', tablePath]),
      );
      const mine = wasm.search(board, { depth: 2 });
      expect(mine.dir).toBe(native.dir);
      expect(mine.tableRate === undefined).toBe(native.tableRate === undefined);
      if (native.tableRate !== undefined) {
        fromTable++;
        expect(mine.tableRate).toBeCloseTo(native.tableRate, 5);
      }
      // Without the tables: the search's own move, never a table rate, as
      // natively with --tables off.
      const plain = wasm.search(board, { depth: 2, tables: false });
      expect(plain.tableRate).toBeUndefined();
      expect(plain.values).toEqual(mine.values);
      if (native.tableRate !== undefined) {
        const [off] = jsonLines(
          runNative(['suggest', board.join(','), '--eval', 'heuristic', '--depth', '2', '--tables', 'off']),
        );
        expect(plain.dir).toBe(off.dir);
        if (plain.dir !== mine.dir) changed++;
      }
    }
    expect(fromTable).toBeGreaterThan(5);
    // On some of these boards the table's move is not the search's.
    expect(changed).toBeGreaterThan(0);
  });

  test('the engine loads the table beside the network, and its moves say so', async () => {
    const networkPath = path.join(dir, 'small.n2048.gz');
    trainSmallNetwork(networkPath, { games: 300, seed: 4 });
    const engine = await createNodeEngine();
    try {
      const url = pathToFileURL(tablePath).href;
      await expect(engine.loadTables(url)).rejects.toThrow(/needs the network/);
      expect(engine.tablesProblem).toMatch(/needs the network/);
      await engine.loadNetwork(pathToFileURL(networkPath).href);
      const info = await engine.loadTables(url);
      expect(info).toMatchObject({ tables: 1, targets: [32] });
      expect(engine.tables).toEqual(info);
      expect(engine.tablesProblem).toBeNull();
      let fromTable = 0;
      for (const board of boards.slice(0, 10)) {
        const [native] = jsonLines(
          runNative(['suggest', board.join(','), '--network', networkPath, '--depth', '2', '--tables', tablePath]),
        );
        const mine = await engine.bestMove(board, { depth: 2 });
        expect(mine.dir).toBe(native.dir);
        if (native.tableRate !== undefined) fromTable++;
        expect(mine.tableRate === undefined).toBe(native.tableRate === undefined);
      }
      expect(fromTable).toBeGreaterThan(0);
    } finally {
      engine.dispose();
    }
  });
});
