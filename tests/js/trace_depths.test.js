// The depth summary of a selfplay trace (tools/bench/trace_depths.mjs): moves put
// in the right empty-cell bucket, shares and means worked by hand, bad lines refused.
import { describe, expect, it } from 'vitest';
import { depthSummary, formatSummary, readTrace } from '../../tools/bench/trace_depths.mjs';

const board = (empty) => Array.from({ length: 16 }, (_, i) => (i < empty ? 0 : 2 << (i % 10)));
const line = (empty, depth, ms) => JSON.stringify({ game: 1, board: board(empty), dir: 0, depth, ms });

describe('trace_depths', () => {
  it('buckets moves by empty cells and counts each depth', () => {
    const text = [line(1, 3, 4), line(2, 5, 8), line(4, 3, 2), line(10, 2, 1), ''].join('\n');
    const rows = depthSummary(readTrace(text));
    const byName = Object.fromEntries(rows.map((r) => [r.bucket, r]));
    expect(byName['0-2 empty']).toMatchObject({ moves: 2, meanDepth: 4, meanMs: 6 });
    expect(byName['0-2 empty'].share).toEqual([
      { depth: 3, share: 0.5 },
      { depth: 5, share: 0.5 },
    ]);
    expect(byName['3-5 empty']).toMatchObject({ moves: 1, meanDepth: 3 });
    expect(byName['6+ empty']).toMatchObject({ moves: 1, meanDepth: 2 });
    expect(byName.all).toMatchObject({ moves: 4, meanDepth: 13 / 4 });
    expect(formatSummary(rows)).toMatch(/0-2 empty\s+2 moves, mean depth 4\.00, 6\.00 ms: d3 50\.0%, d5 50\.0%/);
  });

  it('refuses lines that are not trace moves', () => {
    expect(() => readTrace('{"board":[1,2]}')).toThrow(/line 1: not a trace move/);
    expect(() => readTrace(`${line(3, 2, 1)}\nnot json`)).toThrow(/line 2: not JSON/);
  });

  it('says so when a bucket has no moves', () => {
    const rows = depthSummary(readTrace(line(8, 2, 1)));
    expect(rows[0]).toMatchObject({ moves: 0, meanDepth: 0, share: [] });
    expect(formatSummary(rows).split('\n')[0]).toMatch(/0 moves.*: -$/);
  });
});
