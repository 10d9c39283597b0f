// The time manager's deterministic twin (settings.phase with a node budget,
// cpp/search/time_manager.h): wasm allocates each move's nodes exactly as native
// `ai2048 --nodes K --phase on`, so it plays the same move with the same node
// count on single boards, and the same seeded game move for move (the
// allocation also reads the root values of the moves before).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeEngine, loadWasmModule } from '../../tools/harness/load_wasm.js';
import {
  ensureNativeCli,
  jsonLines,
  nativeGames,
  runNative,
  trainSmallNetwork,
} from '../../tools/harness/native_cli.js';

let engine;
let dir;
beforeAll(async () => {
  engine = await loadWasmModule();
  ensureNativeCli();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-phase-'));
}, 600_000);

afterAll(() => {
  engine.unloadNetwork();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Native moves of a seeded game replayed in wasm: the same board, move and
// depth at every turn.
function replay(native, settings) {
  let { board, state } = engine.newGame(native.seed);
  native.turns.forEach((turn, i) => {
    expect(board, `move ${i}`).toEqual(turn.board);
    const choice = engine.search(board, settings);
    expect(choice.dir, `move ${i}`).toBe(turn.dir);
    expect(choice.depth, `move ${i}`).toBe(turn.depth);
    ({ board, state } = engine.spawn(engine.applyMove(board, choice.dir).board, state));
  });
  return board;
}

// None of these follows another (a move and a spawn apart), so each search
// starts without a previous root value, as a fresh `ai2048 suggest` does.
const BOARDS = [
  [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0], // an opening
  [0, 0, 2, 0, 0, 4, 8, 0, 0, 2, 16, 32, 128, 256, 512, 1024], // a middle game
  [2, 4, 8, 0, 16, 32, 64, 2, 1024, 2048, 4096, 0, 32768, 16384, 8192, 1024], // a late game
  [4, 2, 16, 2, 8, 64, 4, 8, 2, 256, 1024, 32, 16384, 8192, 4096, 4096], // full, 16384
];

function nativeSuggest(board, nodes) {
  const args = ['suggest', board.join(','), '--eval', 'heuristic', '--nodes', String(nodes)];
  const out = jsonLines(runNative([...args, '--phase', 'on', '--table-bits', '18']));
  return out[out.length - 1];
}

describe('phase allocation, native against wasm', () => {
  test('the same move and node count on single boards', () => {
    const nodes = [];
    const factors = [];
    for (const board of BOARDS) {
      const native = nativeSuggest(board, 20000);
      const wasm = engine.search(board, { nodes: 20000, phase: true, tableBits: 18 });
      factors.push(wasm.phaseFactor);
      expect(wasm.dir, `board ${board}`).toBe(native.dir);
      expect(wasm.nodes, `board ${board}`).toBe(native.nodes);
      expect(wasm.depth, `board ${board}`).toBe(native.depth);
      nodes.push(native.nodes);
    }
    // The allocation follows the phase: the opening gets the least, and the
    // result says which share of the budget the move had.
    expect(nodes[0]).toBeLessThan(Math.min(...nodes.slice(1)));
    for (const f of factors) expect(f).toBeGreaterThan(0);
    expect(factors[0]).toBeLessThan(Math.min(...factors.slice(1)));
    expect(engine.search(BOARDS[0], { nodes: 20000, tableBits: 18 }).phaseFactor).toBeUndefined();
  });

  // A node budget otherwise takes the pool's rounds (root_search.js); with
  // phase the engine runs the core's own search, whose allocation this is.
  test('the engine API searches with phase as the core does', async () => {
    const api = await createNodeEngine({ workers: false });
    try {
      for (const board of BOARDS.slice(1, 3)) {
        const native = nativeSuggest(board, 20000);
        const best = await api.bestMove(board, { nodes: 20000, phase: true, tableBits: 18 });
        expect([best.dir, best.nodes, best.depth]).toEqual([native.dir, native.nodes, native.depth]);
      }
    } finally {
      api.dispose();
    }
  });

  test('phase is a boolean and needs a node or time budget', () => {
    expect(() => engine.search(BOARDS[1], { nodes: 1000, phase: 1 })).toThrow(/phase must be true or false/);
    expect(() => engine.search(BOARDS[1], { depth: 2, phase: true })).toThrow(/node or time budget/);
    expect(engine.settings({ timeMs: 5, phase: true }).phase).toBe(true);
  });

  test('a seeded game move for move', () => {
    const args = ['--seed', '9', '--games', '1', '--nodes', '3000', '--phase', 'on', '--table-bits', '18'];
    const [native] = nativeGames([...args, '--max-depth', '5']);
    expect(native.turns.every((t) => t.factor > 0)).toBe(true);
    const board = replay(native, { nodes: 3000, phase: true, tableBits: 18, maxDepth: 5 });
    expect(engine.gameOver(board)).toBe(true);
  });

  // The network counts score: the fall is measured net of each move's gain.
  test('a seeded game with a network, move for move', () => {
    const networkPath = path.join(dir, 'small.n2048.gz');
    trainSmallNetwork(networkPath, { games: 1500, seed: 4 });
    engine.loadNetwork(new Uint8Array(zlib.gunzipSync(fs.readFileSync(networkPath))));
    const args = ['--eval', 'network', '--network', networkPath, '--seed', '4', '--games', '1'];
    const [native] = nativeGames([
      ...args,
      '--nodes',
      '2000',
      '--phase',
      'on',
      '--table-bits',
      '16',
      '--max-moves',
      '600',
    ]);
    expect(native.turns).toHaveLength(600);
    expect(new Set(native.turns.map((t) => t.factor)).size).toBeGreaterThan(3);
    replay(native, { nodes: 2000, phase: true, eval: 'network', tableBits: 16 });
  });
});
