// Two harvest runs compared board by board (tools/bench/harvest_pairs.mjs): the
// stderr lines read back, and the sign test's p against values worked by hand.
import { describe, expect, it } from 'vitest';
import { benchOutcome, comparePairs, harvestOutcome, runOutcome, signTestP } from '../../tools/bench/harvest_pairs.mjs';

const run = (made, of, list) =>
  `harvest: 3/${of} games done, 10 moves, 5 moves/s\n` +
  `harvest: ${made} of ${of} games made a 32768 (12 s)\n` +
  `harvest: the games that made it, from 1: ${list}\n`;

describe('harvest_pairs', () => {
  it('reads which boards a run made, and none', () => {
    expect(harvestOutcome(run(3, 5, '1 2 5'))).toEqual({ boards: 5, made: new Set([1, 2, 5]) });
    expect(harvestOutcome(run(0, 5, 'none')).made.size).toBe(0);
    expect(() => harvestOutcome('harvest: 1/5 games done')).toThrow(/not a finished harvest run/);
  });

  it('reads which boards a bench:browser --from run made, and tells the two kinds apart', () => {
    const game = (i, startTile, maxTile) => JSON.stringify({ game: i, seed: i + 1, startTile, maxTile, moves: 9 });
    const text = [
      '> ai2048@0.2.0 bench:browser',
      game(0, 16384, 32768),
      game(1, 16384, 16384),
      game(2, 8192, 16384),
      JSON.stringify({ bench: 'browser-games', games: 3 }),
    ].join('\n');
    expect(benchOutcome(text)).toEqual({ boards: 3, made: new Set([1, 3]) });
    expect(runOutcome(text)).toEqual(benchOutcome(text));
    expect(runOutcome(run(1, 3, '2')).made).toEqual(new Set([2]));
    expect(() => benchOutcome('{"bench":"browser-games"}')).toThrow(/not a bench:browser run/);
    const whole = JSON.stringify({ game: 0, seed: 1, maxTile: 2048, moves: 9 });
    expect(() => benchOutcome(whole)).toThrow(/not a --from run/);
  });

  it('pairs the boards and tests the split', () => {
    const r = comparePairs(harvestOutcome(run(3, 6, '1 2 5')), harvestOutcome(run(2, 6, '2 6')));
    expect(r).toMatchObject({ boards: 6, madeA: 3, madeB: 2, both: 1, onlyA: [1, 5], onlyB: [6] });
    expect(r.p).toBe(1); // 2 : 1 is no evidence
    expect(() => comparePairs(harvestOutcome(run(1, 5, '1')), harvestOutcome(run(1, 6, '1')))).toThrow(/5 and 6/);
  });

  it("gives the sign test's exact two-sided p", () => {
    expect(signTestP(0, 0)).toBe(1);
    expect(signTestP(5, 0)).toBeCloseTo(2 / 32, 12); // 2 * 0.5^5
    expect(signTestP(1, 9)).toBeCloseTo((2 * 11) / 1024, 12); // 2 * (1 + 10) / 2^10
    expect(signTestP(8, 2)).toBeCloseTo((2 * (1 + 10 + 45)) / 1024, 12);
  });
});
