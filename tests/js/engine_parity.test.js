// Native and WebAssembly play the same seeded games move for move: the native
// `ai2048 selfplay --trace` against the same game loop (play_game in
// cpp/players/selfplay.cpp) driven through the wasm bindings.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, nativeGames } from '../../tools/harness/native_cli.js';

let engine;
beforeAll(async () => {
  engine = await loadWasmModule();
  ensureNativeCli(); // builds it when missing (after a bare npm run build)
}, 600_000);

// play_game: Rng(seed), two spawns, then search, move, spawn until no move.
function wasmGame(seed, settings) {
  const turns = [];
  let { board, state } = engine.newGame(seed);
  let score = 0;
  while (!engine.gameOver(board)) {
    const choice = engine.search(board, settings);
    const moved = engine.applyMove(board, choice.dir);
    const spawned = engine.spawn(moved.board, state);
    turns.push({ board, dir: choice.dir, gain: moved.gain, next: spawned.board });
    score += moved.gain;
    board = spawned.board;
    state = spawned.state;
  }
  return { score, turns, maxTile: Math.max(...board) };
}

function expectSameGame(native, settings) {
  const wasm = wasmGame(native.seed, settings);
  const first = native.turns.findIndex((t, i) => {
    const w = wasm.turns[i];
    return (
      !w || w.dir !== t.dir || w.gain !== t.gain || w.board.join() !== t.board.join() || w.next.join() !== t.next.join()
    );
  });
  if (first >= 0) {
    expect.fail(
      `seed ${native.seed}: move ${first} differs: native ${JSON.stringify(native.turns[first])}, ` +
        `wasm ${JSON.stringify(wasm.turns[first])}`,
    );
  }
  expect(wasm.turns).toHaveLength(native.turns.length);
  expect(wasm.turns.length).toBe(native.moves);
  expect(wasm.score).toBe(native.score);
  expect(wasm.maxTile).toBe(native.maxTile);
}

describe('seeded self-play, native against wasm', () => {
  test('two complete games at fixed depth 2', () => {
    const games = nativeGames(['--seed', '11', '--games', '2', '--depth', '2', '--table-bits', '18']);
    expect(games).toHaveLength(2);
    for (const game of games) {
      expect(game.moves).toBeGreaterThan(500); // a real game, not a stub
      expectSameGame(game, { depth: 2, tableBits: 18 });
    }
  });

  // One game at a node budget of 20,000 (max depth 6), with the extra options
  // given both ways: native flags and the engine's settings.
  test.each([
    ['a node budget', 5, [], {}],
    ['a node budget and crowded boards capped', 8, ['--crowded-max-depth', '1'], { crowdedMaxDepth: 1 }],
  ])('a complete game with %s', (what, seed, flags, settings) => {
    const budget = ['--nodes', '20000', '--table-bits', '18', '--max-depth', '6'];
    const games = nativeGames(['--seed', String(seed), '--games', '1', ...budget, ...flags]);
    expect(games).toHaveLength(1);
    expectSameGame(games[0], { nodes: 20000, tableBits: 18, maxDepth: 6, ...settings });
  });

  test('a complete game at the adaptive default depth with a larger cut-off', () => {
    const games = nativeGames([
      '--seed',
      '3',
      '--games',
      '1',
      '--max-depth',
      '3',
      '--cutoff',
      '0.01',
      '--table-bits',
      '16',
    ]);
    expectSameGame(games[0], { maxDepth: 3, cutoff: 0.01, tableBits: 16 });
  });
});
