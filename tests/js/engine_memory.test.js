// Long runs do not leak: 10,000 searches in a row (with table resizes among
// them) keep the wasm memory under a fixed bound and leave no JS handles
// behind.
import { beforeAll, expect, test } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';

// The module starts with 16 MB: the row and heuristic tables, a 1 MB stack and
// a 4 MB transposition table (tableBits 18) fit inside; a 2^19 table once
// allocated adds 8 MB. Nothing a long run does should need more.
const BOUND_BYTES = 32 * 1024 * 1024;

let m;
beforeAll(async () => {
  m = await loadWasmModule();
});

// Positions from one seeded game, played quickly at depth 1.
function gamePositions(seed, count) {
  const positions = [];
  let { board, state } = m.newGame(seed);
  while (positions.length < count && !m.gameOver(board)) {
    positions.push(board);
    const moved = m.applyMove(board, m.search(board, { depth: 1 }).dir);
    ({ board, state } = m.spawn(moved.board, state));
  }
  return positions;
}

test('10,000 searches in a row stay within a fixed memory bound', () => {
  const positions = gamePositions(8, 1500);
  expect(positions.length).toBeGreaterThan(500);
  const handles = m.count_emval_handles();
  const start = m.heapBytes();
  let peak = start;
  let nodes = 0;
  for (let i = 0; i < 10000; i++) {
    const board = positions[i % positions.length];
    // Mostly shallow searches, some deeper ones, node budgets, and table sizes
    // that change now and then (each change reallocates the table).
    const tableBits = [18, 16, 19, 12][Math.floor(i / 1000) % 4];
    const settings =
      i % 50 === 0 ? { depth: 3, tableBits } : i % 7 === 0 ? { nodes: 3000, tableBits } : { depth: 1, tableBits };
    const result = m.search(board, settings);
    nodes += result.nodes;
    if (i % 100 === 0) peak = Math.max(peak, m.heapBytes());
  }
  peak = Math.max(peak, m.heapBytes());
  expect(nodes).toBeGreaterThan(10000);
  expect(peak).toBeLessThanOrEqual(BOUND_BYTES);
  expect(m.count_emval_handles()).toBe(handles);
});
