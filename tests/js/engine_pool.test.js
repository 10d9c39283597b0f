// The worker pool (real workers: Node's worker_threads behind the engine's
// createWorker option) gives the single-threaded answers for deterministic
// settings, survives workers that fail to start or crash, and falls back to
// fewer workers, then to the main thread.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeEngine, loadWasmModule, nodeWorkerFactory } from '../../tools/harness/load_wasm.js';

let m;
let pool;
let positions;

// Positions along one seeded game (depth 2), early to late.
function gamePositions(seed, every) {
  const found = [];
  let { board, state } = m.newGame(seed);
  for (let move = 0; !m.gameOver(board); move++) {
    if (move % every === 0) found.push(board);
    const moved = m.applyMove(board, m.search(board, { depth: 2 }).dir);
    ({ board, state } = m.spawn(moved.board, state));
  }
  return found;
}

beforeAll(async () => {
  m = await loadWasmModule();
  positions = gamePositions(4, 150);
  pool = await createNodeEngine({ poolSize: 3, createWorker: nodeWorkerFactory });
});
afterAll(() => pool?.dispose());

describe('a pool of three workers', () => {
  test('starts as a pool', () => {
    expect(pool.mode).toBe('pool');
    expect(pool.poolSize).toBe(3);
    expect(pool.fallback).toBeNull();
    // Node shares memory with its workers: requests go through mailboxes.
    expect(pool.mailbox).toBe(true);
  });

  test('over postMessage alone (mailbox: false) the answers are the same', async () => {
    const posting = await createNodeEngine({ poolSize: 2, createWorker: nodeWorkerFactory, mailbox: false });
    try {
      expect(posting.mailbox).toBe(false);
      for (const board of positions.slice(0, 4)) {
        const settings = { depth: 2 };
        const { dir, values, depth, nodes } = await pool.bestMove(board, settings);
        expect(await posting.bestMove(board, settings)).toMatchObject({ dir, values, depth, nodes });
        expect(await posting.legalMoves(board)).toEqual(await pool.legalMoves(board));
      }
      // The bindings' own refusal comes back the same way over both.
      const bad = { depth: 2, cutoff: -1 };
      const reason = await pool.bestMove(positions[0], bad).catch((err) => err.message);
      expect(reason).toMatch(/cutoff/);
      await expect(posting.bestMove(positions[0], bad)).rejects.toThrow(reason);
    } finally {
      posting.dispose();
    }
  });

  test('fixed depths give exactly the single-threaded search', async () => {
    expect(positions.length).toBeGreaterThan(8);
    for (const board of positions) {
      for (const settings of [{ depth: 1 }, { depth: 3, tableBits: 16 }]) {
        const single = m.search(board, settings);
        const parallel = await pool.bestMove(board, settings);
        expect(parallel.dir).toBe(single.dir);
        expect(parallel.values).toEqual(single.values);
        expect(parallel.depth).toBe(single.depth);
        expect(parallel.nodes).toBe(single.nodes);
      }
    }
  });

  test('the adaptive default depth gives exactly the single-threaded search', async () => {
    for (const board of positions.slice(0, 6)) {
      const settings = { maxDepth: 4 };
      const single = m.search(board, settings);
      const parallel = await pool.bestMove(board, settings);
      expect(parallel).toMatchObject({ dir: single.dir, values: single.values, depth: single.depth });
    }
  });

  test('node budgets give the same answer as the main thread, whatever the pool size', async () => {
    const main = await createNodeEngine({ workers: false });
    const two = await createNodeEngine({ poolSize: 2, createWorker: nodeWorkerFactory });
    try {
      for (const board of positions.slice(0, 8)) {
        const settings = { nodes: 40000 };
        const expected = await main.bestMove(board, settings);
        expect(expected.depth).toBeGreaterThan(0);
        const { ms, ...withoutTime } = expected;
        for (const engine of [pool, two]) {
          const got = await engine.bestMove(board, settings);
          expect(got).toMatchObject(withoutTime);
        }
      }
    } finally {
      main.dispose();
      two.dispose();
    }
  });

  test('a node budget deepens a crowded board no further than crowdedMaxDepth, as the core does', async () => {
    // Two empty cells: crowded.
    const crowded = [2, 4, 8, 0, 16, 32, 64, 2, 1024, 2048, 4096, 0, 32768, 16384, 8192, 1024];
    const capped = { nodes: 200000, tableBits: 16, crowdedMaxDepth: 2 };
    const parallel = await pool.bestMove(crowded, capped);
    expect(parallel.depth).toBe(2);
    expect(m.search(crowded, capped).depth).toBe(2);
    const uncapped = await pool.bestMove(crowded, { nodes: 200000, tableBits: 16 });
    expect(uncapped.depth).toBeGreaterThan(2);
  });

  test("time budgets run the core's own search on one worker, and answer with a legal move and its depth", async () => {
    const board = positions[3];
    const legal = m.legalMoves(board);
    const ops = [];
    const watched = await createNodeEngine({
      poolSize: 3,
      mailbox: false,
      createWorker: (url) => {
        const worker = nodeWorkerFactory(url);
        const post = worker.postMessage;
        worker.postMessage = (message) => {
          ops.push(message.op);
          post(message);
        };
        return worker;
      },
    });
    try {
      ops.length = 0;
      await watched.bestMove(board, { timeMs: 30 });
      expect(ops).toEqual(['search']);
    } finally {
      watched.dispose();
    }
    const result = await pool.bestMove(board, { timeMs: 30 });
    expect(legal).toContain(result.dir);
    // 30 ms is thousands of times what depth 1 costs: at least that depth completes.
    expect(result.depth).toBeGreaterThanOrEqual(1);
    expect(result.nodes).toBeGreaterThan(0);
    expect(result.values.map((v, dir) => v !== null && legal.includes(dir))).toEqual(
      result.values.map((v) => v !== null),
    );
    expect(result.values.filter((v) => v !== null)).toHaveLength(legal.length);
  });

  test('rules calls and concurrent searches share the pool', async () => {
    const board = positions[2];
    const [a, b, moved, legal] = await Promise.all([
      pool.bestMove(board, { depth: 2 }),
      pool.bestMove(positions[5], { depth: 2 }),
      pool.applyMove(board, 3),
      pool.legalMoves(board),
    ]);
    expect(a.dir).toBe(m.search(board, { depth: 2 }).dir);
    expect(b.dir).toBe(m.search(positions[5], { depth: 2 }).dir);
    expect(moved).toEqual(m.applyMove(board, 3));
    expect(legal).toEqual(m.legalMoves(board));
  });

  test("bad input rejects with the bindings' message, and the pool goes on", async () => {
    await expect(pool.bestMove(positions[0], { deep: 3 })).rejects.toThrow(/unknown setting "deep"/);
    await expect(pool.bestMove([2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2])).rejects.toThrow(/no legal move/);
    await expect(pool.bestMove([2, 2], { depth: 2 })).rejects.toThrow(/16 tile values/);
    await expect(pool.bestMove(positions[0], { nodes: 3.5 })).rejects.toThrow(/whole number of nodes/);
    expect((await pool.bestMove(positions[0], { depth: 2 })).dir).toBe(m.search(positions[0], { depth: 2 }).dir);
  });
});

// A createWorker that wraps the Node one: fail decides, per worker number,
// whether creating it throws; crashOn(message) whether to kill it on a request.
// Its crashes sit on postMessage: engines made with it pass mailbox: false.
function flakyFactory({ failFirst = 0, crashOn = () => false } = {}) {
  let created = 0;
  return (url) => {
    created += 1;
    if (created <= failFirst) throw new Error('simulated: workers are blocked');
    const worker = nodeWorkerFactory(url);
    const post = worker.postMessage;
    worker.postMessage = (message) => {
      if (crashOn(message)) {
        setTimeout(() => worker.onerror?.(new Error('simulated crash')), 0);
        return;
      }
      post(message);
    };
    return worker;
  };
}

describe('fallbacks', () => {
  const board = [0, 2, 4, 8, 0, 2, 16, 64, 0, 4, 32, 128, 2, 8, 64, 1024];
  let expected;
  beforeAll(() => {
    expected = m.search(board, { depth: 3 });
  });

  test('one worker that will not start leaves a smaller pool, and says so', async () => {
    const engine = await createNodeEngine({ poolSize: 3, createWorker: flakyFactory({ failFirst: 1 }) });
    try {
      expect(engine.mode).toBe('pool');
      expect(engine.poolSize).toBe(2);
      expect(engine.fallback).toMatch(/2 of 3 workers started \(simulated: workers are blocked\)/);
      expect((await engine.bestMove(board, { depth: 3 })).values).toEqual(expected.values);
    } finally {
      engine.dispose();
    }
  });

  test('when the pool cannot start, one worker is tried, then the main thread', async () => {
    const oneWorker = await createNodeEngine({ poolSize: 2, createWorker: flakyFactory({ failFirst: 2 }) });
    const none = await createNodeEngine({ poolSize: 2, createWorker: flakyFactory({ failFirst: 9 }) });
    try {
      expect(oneWorker.mode).toBe('worker');
      expect(oneWorker.poolSize).toBe(1);
      expect(none.mode).toBe('main');
      expect(none.fallback).toMatch(/main thread: workers could not start \(simulated: workers are blocked\)/);
      for (const engine of [oneWorker, none]) {
        expect((await engine.bestMove(board, { depth: 3 })).values).toEqual(expected.values);
      }
    } finally {
      oneWorker.dispose();
      none.dispose();
    }
  });

  test('a worker whose module fails to load counts as not started', async () => {
    const broken = () => nodeWorkerFactory('data:text/javascript,throw new Error("no such worker")');
    const engine = await createNodeEngine({ poolSize: 2, createWorker: broken, workerStartMs: 10000 });
    try {
      expect(engine.mode).toBe('main');
      expect(engine.fallback).toMatch(/no such worker/);
      expect((await engine.bestMove(board, { depth: 3 })).dir).toBe(expected.dir);
    } finally {
      engine.dispose();
    }
  });

  test('without workers the engine runs on the main thread by request', async () => {
    const engine = await createNodeEngine({ workers: false });
    try {
      expect(engine.mode).toBe('main');
      expect(engine.fallback).toBeNull();
    } finally {
      engine.dispose();
    }
  });

  test('a worker that crashes mid-search has its task redone elsewhere', async () => {
    let crashes = 0;
    const crashOn = (message) => message.op === 'searchRootMove' && crashes++ === 0;
    const engine = await createNodeEngine({ poolSize: 3, createWorker: flakyFactory({ crashOn }), mailbox: false });
    try {
      const result = await engine.bestMove(board, { depth: 3 });
      expect(crashes).toBeGreaterThan(1);
      expect(result.values).toEqual(expected.values);
      expect(engine.poolSize).toBe(2);
    } finally {
      engine.dispose();
    }
  });

  test('a worker whose wasm instance traps is dropped and its task redone', async () => {
    let trapped = 0;
    // Turns the first root-move answer into the report of a trapped instance.
    const trapping = (url) => {
      const worker = nodeWorkerFactory(url);
      let handler = null;
      Object.defineProperty(worker, 'onmessage', {
        get: () => handler,
        set: (receive) => {
          handler = (event) => {
            const { id, ok, result } = event.data;
            if (ok && typeof result === 'object' && 'complete' in result && trapped++ === 0) {
              receive({ data: { id, ok: false, fatal: true, error: 'RuntimeError: unreachable' } });
              return;
            }
            receive(event);
          };
        },
      });
      return worker;
    };
    const engine = await createNodeEngine({ poolSize: 3, createWorker: trapping, mailbox: false });
    try {
      const result = await engine.bestMove(board, { depth: 3 });
      expect(trapped).toBeGreaterThan(1);
      expect(result.values).toEqual(expected.values);
      expect(engine.poolSize).toBe(2);
    } finally {
      engine.dispose();
    }
  });

  test('a worker lost while its requests wait in the mailbox has them redone elsewhere', async () => {
    const workers = [];
    const createWorker = (url) => {
      const worker = nodeWorkerFactory(url);
      workers.push(worker);
      return worker;
    };
    const engine = await createNodeEngine({ poolSize: 3, createWorker });
    try {
      expect(engine.mailbox).toBe(true);
      const searching = engine.bestMove(board, { depth: 3 });
      workers[0].terminate();
      workers[0].onerror(new Error('simulated crash'));
      expect((await searching).values).toEqual(expected.values);
      expect(engine.poolSize).toBe(2);
    } finally {
      engine.dispose();
    }
  });

  test('when every worker crashes the search finishes on the main thread', async () => {
    const crashOn = (message) => message.op !== 'init';
    const engine = await createNodeEngine({ poolSize: 2, createWorker: flakyFactory({ crashOn }), mailbox: false });
    try {
      expect(engine.mode).toBe('pool');
      const result = await engine.bestMove(board, { depth: 3 });
      expect(result.values).toEqual(expected.values);
      expect(engine.mode).toBe('main');
      expect(engine.fallback).toMatch(/main thread: the workers stopped \(simulated crash\)/);
    } finally {
      engine.dispose();
    }
  });

  test('dispose stops the workers; pending and later calls reject clearly', async () => {
    const engine = await createNodeEngine({ poolSize: 2, createWorker: nodeWorkerFactory });
    const pending = engine.bestMove(board, { depth: 5 });
    engine.dispose();
    await expect(pending).rejects.toThrow(/disposed/);
    await expect(engine.bestMove(board, { depth: 2 })).rejects.toThrow(/the engine was disposed/);
    await expect(engine.applyMove(board, 0)).rejects.toThrow(/the engine was disposed/);
    expect(engine.poolSize).toBe(0);
  });
});
