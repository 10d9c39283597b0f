// Bad input: every malformed call throws (or, through the engine API, rejects
// with) an Error whose message names the problem, and the module keeps
// working afterwards, however many errors it has thrown.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeEngine, importEngine, loadWasmModule } from '../../tools/harness/load_wasm.js';

const BOARD = [2, 0, 0, 2, 0, 0, 2, 4, 0, 4, 2, 128, 0, 4, 16, 512];
const STUCK = [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2];
const withCell = (i, v) => BOARD.map((x, j) => (j === i ? v : x));

// [what is wrong, call on the raw module, what the message must say]
const CASES = [
  ['a board of the wrong length', (m) => m.applyMove([2, 2, 0], 3), /16 tile values, got 3/],
  ['a board that is not an array', (m) => m.legalMoves('2,2,0'), /must be an array of 16 tile values/],
  [
    'a tile that is not a power of two',
    (m) => m.applyMove(withCell(5, 3), 0),
    /bad tile value 3 at cell 5 \(row 2, column 2\)/,
  ],
  ['a tile above 131072', (m) => m.gameOver(withCell(0, 262144)), /bad tile value 262144 at cell 0/],
  ['a tile of 1', (m) => m.gameOver(withCell(2, 1)), /bad tile value 1 at cell 2/],
  ['a negative tile', (m) => m.search(withCell(15, -2), {}), /bad tile value -2 at cell 15/],
  ['a fractional tile', (m) => m.applyMove(withCell(4, 2.5), 0), /bad tile value 2.5 at cell 4/],
  ['a tile that is a string', (m) => m.applyMove(withCell(7, '4'), 0), /bad tile value "4" \(a string\) at cell 7/],
  ['a missing tile', (m) => m.applyMove(withCell(9, undefined), 0), /bad tile value undefined at cell 9/],
  ['a NaN tile', (m) => m.applyMove(withCell(1, NaN), 0), /bad tile value NaN at cell 1/],
  [
    'direction 4',
    (m) => m.applyMove(BOARD, 4),
    /direction must be 0 \(up\), 1 \(right\), 2 \(down\) or 3 \(left\), got 4/,
  ],
  ['direction -1', (m) => m.applyMove(BOARD, -1), /direction must be .* got -1/],
  ['direction 1.5', (m) => m.applyMove(BOARD, 1.5), /direction must be .* got 1.5/],
  ['a direction name', (m) => m.applyMove(BOARD, 'up'), /direction must be .* got "up"/],
  ['an unknown setting', (m) => m.search(BOARD, { depht: 3 }), /unknown setting "depht" \(known: depth, nodes, timeMs/],
  [
    'a negative node budget',
    (m) => m.search(BOARD, { nodes: -100 }),
    /nodes is a budget and cannot be negative, got -100/,
  ],
  [
    'a negative time budget',
    (m) => m.search(BOARD, { timeMs: -5 }),
    /timeMs is a budget and cannot be negative, got -5/,
  ],
  ['depth 0', (m) => m.search(BOARD, { depth: 0 }), /depth must be a whole number from 1 to 12, got 0/],
  ['depth 13', (m) => m.search(BOARD, { depth: 13 }), /depth must be a whole number from 1 to 12, got 13/],
  ['a setting that is not a number', (m) => m.search(BOARD, { depth: '3' }), /setting depth must be a number/],
  ['two budgets', (m) => m.search(BOARD, { depth: 3, nodes: 1000 }), /only one of depth, nodes and time/],
  ['min depth above max depth', (m) => m.search(BOARD, { minDepth: 5, maxDepth: 4 }), /min and max depth/],
  [
    'a crowded cap past the deepest search',
    (m) => m.search(BOARD, { nodes: 1000, crowdedMaxDepth: 13 }),
    /crowdedMaxDepth must be a whole number from 1 to 12 \(or 0: maxDepth\), got 13/,
  ],
  ['a cut-off of 1', (m) => m.search(BOARD, { cutoff: 1 }), /cutoff must be a probability/],
  [
    'a table too big for the browser',
    (m) => m.search(BOARD, { tableBits: 26 }),
    /tableBits must be a whole number from 10 to 22/,
  ],
  ['settings that are not an object', (m) => m.search(BOARD, 3), /settings must be a plain object/],
  ['a board with no legal move', (m) => m.search(STUCK, {}), /no legal move/],
  ['a negative seed', (m) => m.newGame(-1), /seed must be a whole number/],
  ['an unsafe seed', (m) => m.newGame(2 ** 60), /seed must be a whole number from 0 to 2\^53 - 1/],
  ['a bad generator state', (m) => m.spawn(BOARD, [1, 2, 3]), /random state must be a seed .* or the \[hi, lo\] pair/],
  [
    'a root-move depth out of range',
    (m) => m.searchRootMove(BOARD, 0, 20, {}, 0, 0),
    /depth must be a whole number from 0 to 12/,
  ],
  ['a negative root-move time limit', (m) => m.searchRootMove(BOARD, 0, 2, {}, 0, -1), /time limit must be/],
];

describe('the wasm bindings', () => {
  let m;
  beforeAll(async () => {
    m = await loadWasmModule();
  });

  test.each(CASES)('%s throws an Error that says so, and the next call works', (what, call, message) => {
    let thrown;
    try {
      call(m);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown.message).toMatch(message);
    const next = m.applyMove(BOARD, 3);
    expect(next.board.slice(0, 4)).toEqual([4, 0, 0, 0]);
    expect(m.search(BOARD, { depth: 2 }).dir).toBeGreaterThanOrEqual(0);
  });

  test('thousands of errors leave no JS handles, memory or stack behind', () => {
    const before = m.search(BOARD, { depth: 3 });
    const handles = m.count_emval_handles();
    const heap = m.heapBytes();
    for (let i = 0; i < 1000; i++) {
      for (const [, call] of CASES) {
        try {
          call(m);
        } catch {
          // expected
        }
      }
    }
    expect(m.count_emval_handles()).toBe(handles);
    expect(m.heapBytes()).toBe(heap);
    const after = m.search(BOARD, { depth: 3 });
    expect(after.values).toEqual(before.values);
    expect(after.dir).toBe(before.dir);
  });
});

describe('the engine API', () => {
  let engine;
  beforeAll(async () => {
    engine = await createNodeEngine({ workers: false });
  });
  afterAll(() => engine.dispose());

  test("rejects bad boards, directions and settings with the bindings' messages", async () => {
    await expect(engine.bestMove([2, 2], {})).rejects.toThrow(/16 tile values, got 2/);
    await expect(engine.bestMove(withCell(3, 6))).rejects.toThrow(/bad tile value 6 at cell 3/);
    await expect(engine.bestMove(BOARD, { tableSize: 5 })).rejects.toThrow(/unknown setting "tableSize"/);
    await expect(engine.bestMove(BOARD, { nodes: -1 })).rejects.toThrow(/cannot be negative/);
    await expect(engine.bestMove(STUCK)).rejects.toThrow(/no legal move/);
    await expect(engine.applyMove(BOARD, 9)).rejects.toThrow(/direction must be/);
    await expect(engine.legalMoves(null)).rejects.toThrow(/must be an array/);
    const result = await engine.bestMove(BOARD, { depth: 2 });
    expect([0, 1, 2, 3]).toContain(result.dir);
  });

  test('validateBoard and boardProblem check boards synchronously', async () => {
    const { boardProblem, validateBoard } = await importEngine();
    expect(boardProblem(BOARD)).toBeNull();
    expect(validateBoard(BOARD)).toBe(true);
    expect(boardProblem(new Array(15).fill(0))).toMatch(/16 tile values, got 15/);
    expect(boardProblem(withCell(6, 12))).toMatch(/bad tile value 12 at cell 6 \(row 2, column 3\)/);
    expect(boardProblem(withCell(0, 131072))).toBeNull();
    expect(boardProblem(withCell(0, 262144))).toMatch(/bad tile value 262144/);
    expect(boardProblem('nope')).toMatch(/must be an array/);
    expect(() => validateBoard(withCell(1, '2'))).toThrow(/bad tile value "2" at cell 1/);
  });

  test('bad engine options are refused', async () => {
    await expect(createNodeEngine({ poolSize: 0 })).rejects.toThrow(
      /poolSize must be a whole number from 1 to 16, got 0/,
    );
    await expect(createNodeEngine({ wasmBinary: new Uint8Array([0, 1, 2, 3]) })).rejects.toThrow(/not valid/);
  });
});
