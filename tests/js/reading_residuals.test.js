// The TD residuals by downgrading reading (tools/bench/reading_residuals.mjs):
// readings as the engine's downgraded() takes them, residuals worked by hand,
// games kept apart, bad lines refused.
import { describe, expect, it } from 'vitest';
import {
  formatResiduals,
  readingOf,
  readTraceGames,
  residualsByReading,
} from '../../tools/bench/reading_residuals.mjs';

// A board from its tiles, the rest empty.
const board = (...tiles) => [...tiles, ...Array(16 - tiles.length).fill(0)];

describe('readingOf', () => {
  it('reads a board below 16384 as it stands', () => {
    expect(readingOf(board(8192, 4096, 2))).toEqual([]);
  });
  it('halves the tiles above the largest missing one', () => {
    // 16384 and 4096 with no 8192: the gap is 8192 (exponent 13).
    expect(readingOf(board(16384, 4096, 2))).toEqual([13]);
    // 16384 8192 4096 with no 2048: the gap is 2048 (exponent 11).
    expect(readingOf(board(16384, 8192, 4096, 1024, 2))).toEqual([11]);
  });
  it('takes a second step on a board with a 32768', () => {
    // Step one, gap 8192: 32768 16384 4096 read as 16384 8192 4096; step two, gap 2048.
    expect(readingOf(board(32768, 16384, 4096, 2))).toEqual([13, 11]);
  });
  it('reads a board with every smaller tile as it stands', () => {
    const full = [16384, 8192, 4096, 2048, 1024, 512, 256, 128, 64, 32, 16, 8, 4, 2];
    expect(readingOf(board(...full))).toEqual([]);
  });
});

describe('residualsByReading', () => {
  const line = (game, b, dir, gain) => JSON.stringify({ game, board: b, dir, gain, depth: 2 });
  const a = board(16384, 4096, 2); // reading (13)
  const b = board(16384, 8192, 2); // reading (12): the 8192 made, 4096 now missing
  it('groups each residual by the reading change of the boards after its two moves', () => {
    // Game 1: boards a, a, b, b; game 2 interleaved in the file: a, a, a.
    const text = [
      line(1, a, 0, 10),
      line(2, a, 1, 0),
      line(1, a, 1, 20),
      line(2, a, 1, 0),
      line(1, b, 2, 8192),
      line(2, a, 1, 0),
      line(1, b, 3, 0),
      '',
    ].join('\n');
    const games = readTraceGames(text);
    expect(games.map((g) => g.length)).toEqual([4, 3]);
    const q = (v, dir) => [0, 1, 2, 3].map((d) => (d === dir ? v : -1));
    const values = [
      [q(100, 0), q(150, 1), q(5000, 2), q(4000, 3)],
      [q(50, 1), q(60, 1), q(70, 1)],
    ];
    const rows = Object.fromEntries(residualsByReading(games, values).map((r) => [r.change, r]));
    // Game 1, t = 0: the boards before moves 1 and 2, (13) then (12): 150 - 100 + 10 = 60.
    // Game 1, t = 1: boards 2 and 3, both (12): 5000 - 150 + 20 = 4870.
    // Game 2, t = 0: (13) to (13): 60 - 50 + 0 = 10.
    expect(rows.same).toMatchObject({ n: 2, mean: 2440 });
    expect(rows.same.se).toBeCloseTo(2430 / Math.sqrt(2), 9);
    expect(rows['(13) -> (12)']).toMatchObject({ n: 1, mean: 60, se: 0 });
    expect(formatResiduals(Object.values(rows), 2)).toMatch(/^same\s+n\s+2\s+mean\s+2440/);
    expect(formatResiduals(Object.values(rows), 2)).not.toMatch(/->/);
  });

  it('refuses lines that are not trace moves', () => {
    expect(() => readTraceGames('{"board":[2]}')).toThrow(/line 1: not a trace move/);
    expect(() => readTraceGames(`${line(1, a, 0, 0)}\n{oops`)).toThrow(/line 2: not JSON/);
  });
});
