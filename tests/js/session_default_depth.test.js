// One engine session natively and in wasm (cpp/session/engine_session.h): with
// the network and no budget, `ai2048 suggest B` and the wasm's
// search(B, {eval: 'network'}) (what engine.bestMove(B, {}) sends once the
// network is loaded) search the same depth, the network's default of 2, and
// give the same values.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import { jsonLines, runNative, trainSmallNetwork } from '../../tools/harness/native_cli.js';

let engine;
let dir;
let networkPath;

beforeAll(async () => {
  engine = await loadWasmModule();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-session-'));
  networkPath = path.join(dir, 'small.n2048.gz');
  trainSmallNetwork(networkPath, { games: 300, seed: 8 });
  engine.loadNetwork(new Uint8Array(zlib.gunzipSync(fs.readFileSync(networkPath))));
}, 600_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Boards whose chosen depth (from the position: distinct tiles - 2, 3 to 8)
// is above the network's default, so a search that ignored it would differ.
const boards = [
  [0, 2, 4, 8, 0, 0, 16, 2, 0, 0, 4, 32, 2, 0, 0, 64],
  [2, 4, 8, 16, 32, 64, 128, 256, 0, 0, 0, 2, 0, 0, 0, 0],
  [1024, 512, 256, 128, 4, 8, 16, 64, 2, 0, 0, 32, 0, 0, 0, 2],
];

function nativeSuggest(board, extra = []) {
  const args = ['suggest', board.join(','), '--network', networkPath, '--tables', 'off', ...extra];
  return jsonLines(runNative(args))[0];
}

describe('the session default depth', () => {
  test('suggest and the wasm search take the network to the same depth, with the same values', () => {
    for (const board of boards) {
      expect(engine.chosenDepth(board, {})).toBeGreaterThan(2);
      const native = nativeSuggest(board);
      const wasm = engine.search(board, { eval: 'network' });
      expect(native.depth).toBe(2);
      expect(wasm.depth).toBe(native.depth);
      // The CLI prints 6 significant digits.
      expect(wasm.values.map((v) => (v === null ? null : Number(v.toPrecision(6))))).toEqual(native.values);
      expect(wasm.dir).toBe(native.dir);
    }
  });

  test('the default is only a default: a budget or a depth bound given wins, and the heuristic has none', () => {
    const board = boards[1];
    expect(engine.search(board, { eval: 'network', depth: 1 }).depth).toBe(1);
    expect(engine.search(board, { eval: 'network', maxDepth: 3, minDepth: 3 }).depth).toBe(3);
    expect(nativeSuggest(board, ['--min-depth', '3', '--max-depth', '3']).depth).toBe(3);
    expect(engine.search(board, {}).depth).toBe(engine.chosenDepth(board, {}));
    expect(engine.settings({ eval: 'network' }).depth).toBe(2);
    expect(engine.settings({}).depth).toBe(0);
  });
});
