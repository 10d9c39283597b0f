// engine.loadNetwork: a .n2048.gz downloaded, decompressed with
// DecompressionStream and pushed in pieces into one network worker (real
// workers: Node's worker_threads). Its searches then give the values of the
// raw module with the same network; a corrupt or missing file leaves the
// engine on the heuristic with a reason, and so does a network worker that dies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeEngine, loadWasmModule, nodeWorkerFactory } from '../../tools/harness/load_wasm.js';
import { runNative, trainSmallNetwork } from '../../tools/harness/native_cli.js';

let dir;
let networkPath;
let raw;
const board = [0, 2, 4, 8, 0, 0, 16, 2, 0, 0, 4, 32, 2, 0, 0, 64];
const engines = [];

async function poolEngine(options = {}) {
  const engine = await createNodeEngine({ poolSize: 2, createWorker: nodeWorkerFactory, ...options });
  engines.push(engine);
  return engine;
}

function writeVariant(name, bytes) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return pathToFileURL(file).href;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-netload-'));
  networkPath = path.join(dir, 'small.n2048.gz');
  trainSmallNetwork(networkPath, { games: 1000, seed: 9 });
  raw = await loadWasmModule();
  raw.loadNetwork(new Uint8Array(zlib.gunzipSync(fs.readFileSync(networkPath))));
}, 600_000);

afterAll(() => {
  for (const engine of engines) engine.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('engine.loadNetwork', () => {
  test('loads with progress and searches with the network', async () => {
    const engine = await poolEngine();
    expect(engine.evaluation).toBe('heuristic');
    const heuristic = await engine.bestMove(board, { depth: 2 });
    const states = [];
    engine.on('evaluation', (state) => states.push(state));
    const progress = [];
    const loading = engine.loadNetwork(pathToFileURL(networkPath).href, {
      onProgress: (received, total) => progress.push([received, total]),
    });
    expect(engine.evaluation).toBe('loading');
    const info = await loading;
    expect(info).toMatchObject({ tuples: '0123 4567 0145 1256', weights: 4 * 65536 });
    expect(info.compressedBytes).toBe(fs.statSync(networkPath).size);
    expect(progress.at(-1)).toEqual([info.compressedBytes, info.compressedBytes]);
    expect(engine.evaluation).toBe('network');
    expect(engine.network).toEqual(info);
    expect(engine.networkProblem).toBeNull();
    // Its events: the download's progress, then the network in use.
    expect(states[0]).toEqual({ kind: 'loading', received: 0, total: 0 });
    expect(states.slice(1, -1).map((state) => [state.kind, state.received, state.total])).toEqual(
      progress.map(([received, total]) => ['loading', received, total]),
    );
    expect(states.at(-1)).toEqual({
      kind: 'network',
      network: info,
      tables: null,
      tablesLoading: false,
      tablesProblem: null,
    });
    expect(engine.evaluationState).toBe(states.at(-1));
    for (const depth of [1, 2]) {
      const found = await engine.bestMove(board, { depth });
      const expected = raw.search(board, { depth, eval: 'network' });
      expect(found.values).toEqual(expected.values);
      expect(found.dir).toBe(expected.dir);
    }
    expect((await engine.bestMove(board, { depth: 2 })).values).not.toEqual(heuristic.values);
    // The heuristic on request, and for the other players.
    expect((await engine.bestMove(board, { depth: 2, eval: 'heuristic' })).values).toEqual(heuristic.values);
    expect((await engine.bestMove(board, { player: 'greedy' })).dir).toBeGreaterThanOrEqual(0);
    // A time budget runs the core's own search on the network worker.
    const timed = await engine.bestMove(board, { timeMs: 20 });
    expect(timed.depth).toBeGreaterThanOrEqual(1);
  });

  test('pieces pushed one by one give what loading the whole file gives', () => {
    const bytes = new Uint8Array(zlib.gunzipSync(fs.readFileSync(networkPath)));
    const expected = raw.search(board, { depth: 2, eval: 'network' }).values;
    raw.networkBegin(bytes.length);
    for (let at = 0; at < bytes.length; at += 9973) raw.networkPush(bytes.subarray(at, at + 9973));
    expect(raw.networkFinish()).toMatchObject({ weights: 4 * 65536 });
    expect(raw.search(board, { depth: 2, eval: 'network' }).values).toEqual(expected);
    expect(() => raw.networkPush(bytes.subarray(0, 10))).toThrow(/networkBegin first/);
    expect(() => raw.networkBegin(-1)).toThrow(/whole number/);
  });

  test('a file around a base (encoding 4: only the weights play reads) searches as natively', () => {
    // Optimistic weights (train --init), kept where 2 games' searches read them:
    // the rest hold the initial value, the file's base.
    const optimistic = path.join(dir, 'optimistic.n2048.gz');
    const reads = path.join(dir, 'optimistic.reads');
    const kept = path.join(dir, 'kept.n2048.gz');
    runNative([
      'train',
      '--tuples',
      '4x4',
      '--games',
      '200',
      '--threads',
      '1',
      '--seed',
      '4',
      '--init',
      '64000',
      '--out',
      optimistic,
    ]);
    const play = ['--games', '2', '--seed', '3', '--depth', '1', '--eval', 'network', '--tables', 'off'];
    runNative(['selfplay', ...play, '--network', optimistic, '--reads', reads], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const info = JSON.parse(runNative(['network', optimistic, '--out', kept, '--step', '0', '--keep-read', reads]));
    expect(JSON.parse(runNative(['network', kept])).encoding).toBe('sparse12-based');
    expect(info.weightsInUse).toBeLessThan(info.weights / 2);
    raw.loadNetwork(new Uint8Array(zlib.gunzipSync(fs.readFileSync(kept))));
    for (const depth of [1, 2]) {
      const native = JSON.parse(
        runNative(['suggest', board.join(','), '--depth', String(depth), '--network', kept, '--tables', 'off']),
      );
      const values = raw.search(board, { depth, eval: 'network' }).values;
      // The CLI prints 6 significant digits.
      values.forEach((value, dir) => expect(Math.abs(value - native.values[dir])).toBeLessThan(1e-5 * value));
    }
    raw.loadNetwork(new Uint8Array(zlib.gunzipSync(fs.readFileSync(networkPath))));
  });

  test('a corrupt, truncated, foreign or missing file leaves the heuristic and says why', async () => {
    const engine = await poolEngine();
    const compressed = fs.readFileSync(networkPath);
    const plain = zlib.gunzipSync(compressed);
    const flipped = Buffer.from(plain);
    flipped[flipped.length >> 1] ^= 0x20;
    const cases = [
      [writeVariant('flipped.n2048.gz', zlib.gzipSync(flipped)), /checksum/],
      [writeVariant('cut.n2048.gz', compressed.subarray(0, compressed.length >> 1)), /corrupt|truncated/],
      [writeVariant('foreign.n2048.gz', zlib.gzipSync(Buffer.from('not a network, just some text'))), /magic/],
      [pathToFileURL(path.join(dir, 'missing.n2048.gz')).href, /ENOENT|no such file/],
    ];
    for (const [url, reason] of cases) {
      await expect(engine.loadNetwork(url)).rejects.toThrow(reason);
      expect(engine.evaluation).toBe('heuristic');
      expect(engine.networkProblem).toMatch(reason);
      expect(engine.evaluationState.kind).toBe('failed');
      expect(engine.evaluationState.reason).toMatch(reason);
      expect((await engine.bestMove(board, { depth: 2 })).dir).toBeGreaterThanOrEqual(0);
    }
  });

  test('a network worker that dies hands the searches back to the heuristic', async () => {
    let networkWorker = null;
    let started = 0;
    const engine = await poolEngine({
      createWorker: (url) => {
        const worker = nodeWorkerFactory(url);
        started += 1;
        if (started === 3) networkWorker = worker; // the pool's two, then the network's
        return worker;
      },
    });
    await engine.loadNetwork(pathToFileURL(networkPath).href);
    expect(engine.evaluation).toBe('network');
    networkWorker.terminate();
    networkWorker.onerror?.(new Error('killed by the test'));
    const found = await engine.bestMove(board, { depth: 2 });
    expect(found.dir).toBeGreaterThanOrEqual(0);
    expect(engine.evaluation).toBe('heuristic');
    expect(engine.networkProblem).toMatch(/worker stopped/);
    expect(engine.evaluationState).toMatchObject({ kind: 'failed', lost: true, reason: engine.networkProblem });
  });
});

describe('engine.loadEvaluation: the one loading policy', () => {
  test('loads the network, then the table unless none is asked for, and answers again without loading', async () => {
    const engine = await poolEngine();
    const kinds = [];
    engine.on('evaluation', (state) => kinds.push(state.kind));
    const url = pathToFileURL(networkPath).href;
    const [first, second] = await Promise.all([
      engine.loadEvaluation({ network: url, tables: null }),
      engine.loadEvaluation({ network: url, tables: null }),
    ]);
    expect(first).toMatchObject({ kind: 'network', network: { weights: 4 * 65536 }, tables: null });
    expect(second).toBe(first);
    expect(kinds[0]).toBe('loading');
    expect(kinds.at(-1)).toBe('network');
    const heard = kinds.length;
    expect(await engine.loadEvaluation({ network: url })).toBe(first);
    expect(kinds).toHaveLength(heard);
  });

  test('never on the page thread, nor on a device short of memory, nor when turned off: each with its reason', async () => {
    const main = await createNodeEngine({ workers: false });
    engines.push(main);
    const heard = [];
    main.on('evaluation', (state) => heard.push(state));
    const url = pathToFileURL(networkPath).href;
    expect(await main.loadEvaluation({ network: url })).toEqual({
      kind: 'off',
      reason: 'the learned network runs only in workers, which cannot start here',
    });
    expect(heard).toEqual([main.evaluationState]);
    expect(main.network).toBeNull();

    const pool = await poolEngine();
    expect(await pool.loadEvaluation({ network: url, deviceMemory: 0.5 })).toEqual({
      kind: 'off',
      reason: 'this device reports 0.5 GB of memory, too little for the network',
    });
    const off = await poolEngine();
    expect(await off.loadEvaluation({ network: null, offReason: 'network=off in the address' })).toEqual({
      kind: 'off',
      reason: 'network=off in the address',
    });
    expect(() => off.on('moves', () => {})).toThrow(/unknown engine event "moves"/);
  });

  test('a file that does not load leaves the reason in the state, and the next call tries again', async () => {
    const engine = await poolEngine();
    const missing = pathToFileURL(path.join(dir, 'missing.n2048.gz')).href;
    const failed = await engine.loadEvaluation({ network: missing, tables: null });
    expect(failed.kind).toBe('failed');
    expect(failed.reason).toMatch(/ENOENT|no such file/);
    const loaded = await engine.loadEvaluation({ network: pathToFileURL(networkPath).href, tables: null });
    expect(loaded.kind).toBe('network');
    // The network's worker, like the pool's, takes requests through a mailbox.
    expect(engine.mailbox).toBe(true);
  });
});
