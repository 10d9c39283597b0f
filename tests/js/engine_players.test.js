// The other players and spawners in WebAssembly: native and wasm play the same
// seeded games move for move (Monte Carlo with a fixed seed, minimax, the evil
// spawner), the JS engine API runs them over the worker pool with the raw
// module's answers, and bad input throws an Error naming the problem.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeEngine, loadWasmModule, nodeWorkerFactory } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, nativeGames } from '../../tools/harness/native_cli.js';

let m;
beforeAll(async () => {
  m = await loadWasmModule();
  ensureNativeCli();
}, 600_000);

// play_game (cpp/players/selfplay.cpp) through the bindings: Rng(seed) places the
// two opening tiles, then the player moves and the spawner places, until no
// move is left. settingsOf(seed): the player's settings for that game (the CLI
// reseeds Monte Carlo with each game's seed).
function wasmGame(seed, settingsOf, { evilDepth = null } = {}) {
  const turns = [];
  let { board, state } = m.newGame(seed);
  while (!m.gameOver(board)) {
    const choice = m.search(board, settingsOf(seed));
    const moved = m.applyMove(board, choice.dir);
    let next;
    if (evilDepth === null) {
      const spawned = m.spawn(moved.board, state);
      next = spawned.board;
      state = spawned.state;
    } else {
      const { cell, value } = m.evilSpawn(moved.board, evilDepth);
      next = m.placeTile(moved.board, cell, value);
    }
    turns.push({ board, dir: choice.dir, gain: moved.gain, next });
    board = next;
  }
  return turns;
}

function expectSameGame(native, wasmTurns) {
  const first = native.turns.findIndex((t, i) => {
    const w = wasmTurns[i];
    return (
      !w || w.dir !== t.dir || w.gain !== t.gain || w.board.join() !== t.board.join() || w.next.join() !== t.next.join()
    );
  });
  if (first >= 0) {
    expect.fail(
      `seed ${native.seed}: move ${first} differs: native ${JSON.stringify(native.turns[first])}, ` +
        `wasm ${JSON.stringify(wasmTurns[first])}`,
    );
  }
  expect(wasmTurns).toHaveLength(native.moves);
  expect(wasmTurns.reduce((sum, t) => sum + t.gain, 0)).toBe(native.score);
}

describe('seeded games, native against wasm', () => {
  test('Monte Carlo with a fixed seed: two whole games, move for move', () => {
    const games = nativeGames(['--player', 'montecarlo', '--playouts', '4', '--seed', '21', '--games', '2']);
    expect(games).toHaveLength(2);
    for (const game of games) {
      expect(game.moves).toBeGreaterThan(100); // real games, not stubs
      expectSameGame(
        game,
        wasmGame(game.seed, (seed) => ({ player: 'montecarlo', playouts: 4, seed })),
      );
    }
  });

  test('Monte Carlo with short playouts', () => {
    const [game] = nativeGames([
      '--player',
      'montecarlo',
      '--playouts',
      '12',
      '--playout-depth',
      '8',
      '--seed',
      '4',
      '--games',
      '1',
    ]);
    expectSameGame(
      game,
      wasmGame(game.seed, (seed) => ({ player: 'montecarlo', playouts: 12, playoutDepth: 8, seed })),
    );
  });

  test('a different seed gives Monte Carlo different choices', () => {
    const board = [2, 4, 8, 16, 0, 2, 0, 4, 0, 0, 2, 0, 0, 0, 0, 2];
    const runs = [1, 2, 3, 4, 5, 6].map((seed) => m.search(board, { player: 'montecarlo', playouts: 3, seed }).values);
    expect(new Set(runs.map((v) => v.join())).size).toBeGreaterThan(1);
    // ...and the same seed the same ones.
    expect(m.search(board, { player: 'montecarlo', playouts: 3, seed: 2 }).values).toEqual(runs[1]);
  });

  test('minimax against the evil spawner, move for move', () => {
    const [game] = nativeGames([
      '--player',
      'minimax',
      '--depth',
      '1',
      '--spawner',
      'evil',
      '--evil-depth',
      '1',
      '--seed',
      '8',
      '--games',
      '1',
    ]);
    expect(game.moves).toBeGreaterThan(10);
    expectSameGame(
      game,
      wasmGame(game.seed, () => ({ player: 'minimax', depth: 1 }), { evilDepth: 1 }),
    );
  });

  test('greedy and corner against the random spawner', () => {
    for (const player of ['greedy', 'corner']) {
      const [game] = nativeGames(['--player', player, '--seed', '30', '--games', '1']);
      expectSameGame(
        game,
        wasmGame(game.seed, () => ({ player })),
      );
    }
  });
});

describe('the evil spawner and placed tiles', () => {
  const board = [2, 0, 0, 2, 0, 0, 2, 4, 0, 4, 2, 128, 0, 4, 16, 512];

  test('the evil tile goes to an empty cell, the same one every time', () => {
    const empty = board.flatMap((v, i) => (v === 0 ? [i] : []));
    for (const depth of [0, 1, 2]) {
      const pick = m.evilSpawn(board, depth);
      expect(empty).toContain(pick.cell);
      expect([2, 4]).toContain(pick.value);
      expect(m.evilSpawn(board, depth)).toEqual(pick);
    }
  });

  test('placeTile puts exactly that tile on the board', () => {
    const next = m.placeTile(board, 1, 4);
    expect(next).toEqual(board.map((v, i) => (i === 1 ? 4 : v)));
  });

  const STUCK = [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2];
  const CASES = [
    [
      'an unknown player',
      () => m.search(board, { player: 'alphago' }),
      /player must be one of expectimax, minimax, montecarlo, greedy, corner, got "alphago"/,
    ],
    ['a player that is not a string', () => m.search(board, { player: 3 }), /player must be one of .* got 3/],
    [
      'zero playouts',
      () => m.search(board, { player: 'montecarlo', playouts: 0 }),
      /playouts must be a whole number from 1/,
    ],
    [
      'a negative playout depth',
      () => m.search(board, { player: 'montecarlo', playoutDepth: -1 }),
      /playoutDepth must be a whole number of moves from 0/,
    ],
    [
      'a fractional seed',
      () => m.search(board, { player: 'montecarlo', seed: 1.5 }),
      /seed must be a whole number from 0 to 2\^53 - 1, got 1.5/,
    ],
    [
      'a depth for Monte Carlo',
      () => m.search(board, { player: 'montecarlo', depth: 2 }),
      /montecarlo takes playouts, not a search depth/,
    ],
    [
      'a root-move search for minimax',
      () => m.searchRootMove(board, 0, 2, { player: 'minimax' }, 0, 0),
      /expectimax search's own; player "minimax"/,
    ],
    ['an evil depth of 5', () => m.evilSpawn(board, 5), /evil depth must be a whole number from 0 to 4, got 5/],
    ['an evil tile on a full board', () => m.evilSpawn(STUCK, 1), /no empty cell/],
    ['a tile on a taken cell', () => m.placeTile(board, 3, 2), /cell 3 is not empty \(it holds a 2\)/],
    ['a tile of 8', () => m.placeTile(board, 1, 8), /a new tile is a 2 or a 4, got 8/],
    ['a tile off the board', () => m.placeTile(board, 16, 2), /cell must be a whole number from 0 to 15, got 16/],
  ];

  test.each(CASES)('%s throws an Error that says so, and the module goes on', (what, call, message) => {
    expect(call).toThrow(message);
    expect(m.search(board, { player: 'greedy' }).dir).toBeGreaterThanOrEqual(0);
  });
});

describe('the JS engine API over a worker pool', () => {
  let engine;
  beforeAll(async () => {
    engine = await createNodeEngine({ poolSize: 2, createWorker: nodeWorkerFactory });
  }, 60_000);
  afterAll(() => engine?.dispose());

  const board = [0, 0, 2, 2, 0, 4, 8, 16, 2, 32, 64, 128, 4, 256, 512, 1024];

  test('bestMove runs the named player with the raw module answer', async () => {
    expect(engine.mode).toBe('pool');
    for (const settings of [
      { player: 'montecarlo', playouts: 20, seed: 9 },
      { player: 'minimax', depth: 2 },
      { player: 'greedy' },
      { player: 'corner' },
    ]) {
      const got = await engine.bestMove(board, settings);
      const want = m.search(board, settings);
      expect({ dir: got.dir, values: got.values, depth: got.depth, nodes: got.nodes }).toEqual({
        dir: want.dir,
        values: want.values,
        depth: want.depth,
        nodes: want.nodes,
      });
    }
  });

  test('player "expectimax" is the default search, root-parallel', async () => {
    const named = await engine.bestMove(board, { player: 'expectimax', depth: 2 });
    const plain = await engine.bestMove(board, { depth: 2 });
    expect(named.dir).toBe(plain.dir);
    expect(named.values).toEqual(plain.values);
  });

  test('evilSpawn and placeTile, and their errors', async () => {
    const evil = await engine.evilSpawn(board, { depth: 2 });
    expect(evil).toMatchObject(m.evilSpawn(board, 2));
    expect(await engine.evilSpawn(board)).toMatchObject(m.evilSpawn(board, 1));
    expect(await engine.placeTile(board, 0, 2)).toEqual(m.placeTile(board, 0, 2));
    await expect(engine.bestMove(board, { player: 'random' })).rejects.toThrow(/player must be one of/);
    await expect(engine.evilSpawn(board, { depth: -1 })).rejects.toThrow(/evil depth must be/);
    await expect(engine.placeTile(board, 2, 4)).rejects.toThrow(/cell 2 is not empty/);
    expect((await engine.bestMove(board, { player: 'corner' })).dir).toBeGreaterThanOrEqual(0);
  });
});
