// The n-tuple network in WebAssembly: loaded from a file's bytes, it gives the
// same values as the native build, plays the same seeded game, and every bad
// file is refused with a message while the module keeps working.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import { jsonLines, nativeGames, runNative, trainSmallNetwork } from '../../tools/harness/native_cli.js';

let engine;
let dir;
let networkPath;
let bytes;

beforeAll(async () => {
  engine = await loadWasmModule();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-net-'));
  networkPath = path.join(dir, 'small.n2048.gz');
  trainSmallNetwork(networkPath, { games: 1500, seed: 4 });
  bytes = new Uint8Array(zlib.gunzipSync(fs.readFileSync(networkPath)));
}, 600_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const board = [0, 2, 4, 8, 0, 0, 16, 2, 0, 0, 4, 32, 2, 0, 0, 64];

describe('the network in wasm', () => {
  test('refuses eval "network" before a network is loaded', () => {
    expect(engine.networkInfo()).toBeNull();
    expect(() => engine.search(board, { depth: 1, eval: 'network' })).toThrow(/none is loaded/);
  });

  test('refuses bad files with a message and keeps working', () => {
    const corrupt = bytes.slice();
    corrupt[corrupt.length >> 1] ^= 0x40;
    expect(() => engine.loadNetwork(corrupt)).toThrow(/checksum/);
    expect(() => engine.loadNetwork(bytes.subarray(0, bytes.length - 10))).toThrow(/truncated/);
    expect(() => engine.loadNetwork(new Uint8Array(zlib.gzipSync(bytes)))).toThrow(/magic/);
    expect(() => engine.loadNetwork([1, 2, 3])).toThrow(/Uint8Array/);
    expect(() => engine.loadNetwork(new Uint8Array(10))).toThrow(/too short/);
    expect(engine.networkInfo()).toBeNull();
    expect(engine.search(board, { depth: 1 }).dir).toBeGreaterThanOrEqual(0);
  });

  test('loads and gives the native values, which differ from the heuristic', () => {
    const info = engine.loadNetwork(bytes);
    expect(info).toMatchObject({ tuples: '0123 4567 0145 1256', stages: 1, weights: 4 * 65536 });
    const text = board.join(',');
    for (const depth of [1, 2, 3]) {
      const [native] = jsonLines(
        runNative([
          'suggest',
          text,
          '--eval',
          'network',
          '--network',
          networkPath,
          '--depth',
          String(depth),
          '--table-bits',
          '16',
          '--tables',
          'off',
        ]),
      );
      const wasm = engine.search(board, { depth, eval: 'network', tableBits: 16 });
      // The CLI prints 6 significant digits.
      expect(wasm.values.map((v) => Number(v.toPrecision(6)))).toEqual(native.values);
      expect(wasm.dir).toBe(native.dir);
      const heuristic = engine.search(board, { depth, tableBits: 16 });
      expect(heuristic.values).not.toEqual(wasm.values);
    }
  });

  test('plays the same seeded game as the native build', () => {
    engine.loadNetwork(bytes);
    const [native] = nativeGames([
      '--eval',
      'network',
      '--network',
      networkPath,
      '--seed',
      '21',
      '--games',
      '1',
      '--depth',
      '1',
      '--table-bits',
      '16',
    ]);
    let { board: b, state } = engine.newGame(21);
    let moves = 0;
    let score = 0;
    while (!engine.gameOver(b)) {
      const { dir } = engine.search(b, { depth: 1, eval: 'network', tableBits: 16 });
      const turn = native.turns[moves];
      expect(turn && [turn.board.join(), turn.dir]).toEqual([b.join(), dir]);
      const moved = engine.applyMove(b, dir);
      score += moved.gain;
      const spawned = engine.spawn(moved.board, state);
      b = spawned.board;
      state = spawned.state;
      moves += 1;
    }
    expect(moves).toBe(native.moves);
    expect(score).toBe(native.score);
  });

  test('reads a network on a log scale (a table of levels) as the native build does', () => {
    const logPath = path.join(dir, 'log.n2048.gz');
    const [written] = jsonLines(runNative(['network', networkPath, '--out', logPath, '--log-scale', '50']));
    expect(written.step).toBeLessThan(jsonLines(runNative(['network', networkPath]))[0].step);
    const logBytes = new Uint8Array(zlib.gunzipSync(fs.readFileSync(logPath)));
    expect(new DataView(logBytes.buffer).getUint32(12, true)).toBe(5);
    engine.loadNetwork(bytes);
    const linear = engine.search(board, { depth: 2, eval: 'network', tableBits: 16 });
    engine.loadNetwork(logBytes);
    const text = board.join(',');
    for (const depth of [1, 2]) {
      const args = ['suggest', text, '--eval', 'network', '--network', logPath, '--depth', String(depth)];
      const [native] = jsonLines(runNative([...args, '--table-bits', '16', '--tables', 'off']));
      const wasm = engine.search(board, { depth, eval: 'network', tableBits: 16 });
      expect(wasm.values.map((v) => Number(v.toPrecision(6)))).toEqual(native.values);
      expect(wasm.dir).toBe(native.dir);
      if (depth === 2) expect(wasm.values).not.toEqual(linear.values);
    }
  });

  test('unloads', () => {
    engine.loadNetwork(bytes);
    expect(engine.unloadNetwork()).toBe(true);
    expect(engine.networkInfo()).toBeNull();
  });
});
