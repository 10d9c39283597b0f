// A network of the larger shape (8x6-tuples: 134 M weights, 201 MB at 12 bits
// a weight) in the growing WebAssembly build, with the endgame table and the
// largest transposition table the settings allow (2^22 entries, 64 MB): all of
// it must fit, and the module must keep answering. Before the build's memory
// cap was raised to 512 MB, the table's allocation aborted the module here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadWasmModule, root } from '../../tools/harness/load_wasm.js';
import { runNative } from '../../tools/harness/native_cli.js';

let dir;
let networkBytes;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-8x6-'));
  const file = path.join(dir, 'eight.n2048.gz');
  // One game is enough: the shape is what is measured, not the play.
  runNative(['train', '--tuples', '8x6', '--games', '1', '--threads', '1', '--seed', '1', '--out', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  networkBytes = new Uint8Array(zlib.gunzipSync(fs.readFileSync(file)));
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('an 8x6 network, the endgame table and a 2^22 transposition table fit and play', async () => {
  const engine = await loadWasmModule();
  const info = engine.loadNetwork(networkBytes);
  expect(info.weights).toBe(134217728);
  expect(info.bytes).toBe(134217728 * 1.5 + 2);
  const tables = zlib.gunzipSync(fs.readFileSync(path.join(root, 'web', 'tables', 'endgame.t2048.gz')));
  expect(engine.loadTables(new Uint8Array(tables)).tables).toBeGreaterThan(0);
  const late = [2, 4, 8, 16, 32, 64, 128, 256, 8192, 4096, 2048, 1024, 2, 0, 0, 16384];
  for (const tableBits of [22, 18, 22]) {
    const r = engine.search(late, { depth: 2, eval: 'network', tableBits });
    expect(r.dir).toBeGreaterThanOrEqual(0);
    expect(r.nodes).toBeGreaterThan(0);
  }
  // Still answering: a bad request is refused with a message, then a search runs.
  expect(() => engine.search(late, { depth: 2, tableBits: 30 })).toThrow(/tableBits/);
  expect(engine.search(late, { depth: 1, eval: 'network' }).dir).toBeGreaterThanOrEqual(0);
}, 300_000);
