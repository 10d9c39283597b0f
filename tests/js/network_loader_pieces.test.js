// loadNetworkInto with a download that arrives in pieces, as fetch gives it in
// the browser: the network is decompressed straight from the pieces (never
// joined into one array) and equals the one loaded whole, whether the pieces
// are gzip (the gzip trailer's length split over several pieces) or already
// decompressed by the server (Content-Encoding: gzip).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { loadNetworkInto } from '../../web/src/engine/network_loader.js';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import { trainSmallNetwork } from '../../tools/harness/native_cli.js';

let dir;
let gz;
let whole;
const board = [0, 2, 4, 8, 0, 0, 16, 2, 0, 0, 4, 32, 2, 0, 0, 64];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), `ai2048-pieces-${process.pid}-`));
  const file = path.join(dir, 'small.n2048.gz');
  trainSmallNetwork(file, { games: 50, seed: 4 });
  gz = new Uint8Array(fs.readFileSync(file));
  whole = await loadWasmModule();
  whole.loadNetwork(new Uint8Array(zlib.gunzipSync(gz)));
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllGlobals());

// A fetch whose body yields bytes in pieces of the given sizes, then the rest.
function stubFetch(bytes, sizes) {
  const pieces = [];
  let at = 0;
  for (const size of sizes) {
    pieces.push(bytes.slice(at, at + size));
    at += size;
  }
  pieces.push(bytes.slice(at));
  vi.stubGlobal('fetch', async () => {
    let next = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (next === pieces.length) controller.close();
        else controller.enqueue(pieces[next++]);
      },
    });
    return new Response(body, { headers: { 'Content-Length': String(bytes.length) } });
  });
  return pieces.length;
}

async function loadFromPieces() {
  const m = await loadWasmModule();
  const progress = [];
  const info = await loadNetworkInto(m, 'http://127.0.0.1/net.n2048.gz', (got, total) => progress.push([got, total]));
  return { m, info, progress };
}

test.each([
  ['gzip, the trailer over the last pieces', () => gz, (n) => [1, 1, 5, n - 10, 1]],
  ['gzip, many small pieces', () => gz, () => new Array(40).fill(997)],
  ['already decompressed', () => new Uint8Array(zlib.gunzipSync(gz)), () => [3, 4096, 70001]],
])('%s', async (_, bytesOf, sizesOf) => {
  const bytes = bytesOf();
  const count = stubFetch(bytes, sizesOf(bytes.length));
  expect(count).toBeGreaterThan(3);
  const { m, info, progress } = await loadFromPieces();
  expect(info.compressedBytes).toBe(bytes.length);
  expect(info.weights).toBe(whole.networkInfo().weights);
  expect(progress.at(-1)).toEqual([bytes.length, bytes.length]);
  const settings = { eval: 'network', depth: 2 };
  expect(m.search(board, settings).values).toEqual(whole.search(board, settings).values);
});

test('a download cut short is refused, and the module keeps no network', async () => {
  stubFetch(gz.slice(0, gz.length - 100), [1000, 2000]);
  const m = await loadWasmModule();
  await expect(loadNetworkInto(m, 'http://127.0.0.1/net.n2048.gz')).rejects.toThrow(/network/);
  expect(m.networkInfo()).toBeNull();
});
