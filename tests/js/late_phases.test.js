// Where late games are lost (tools/bench/late_phases.mjs): the chain, the phase a
// lost game died in, the last squeeze's entry boards and the table's rates there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildingTile,
  chainOf,
  inLastSqueeze,
  phaseReport,
  readTrace,
  summariseGames,
} from '../../tools/bench/late_phases.mjs';

const CHAIN_BIG = [16384, 8192, 4096, 2048, 1024, 512];
// A board with the given big tiles and small ones around them.
const board = (big, small = [2, 4, 8]) => [...big, ...small, ...new Array(16 - big.length - small.length).fill(0)];

describe('late_phases', () => {
  it('names the chain and the tile a board is building', () => {
    expect(chainOf(32768)).toEqual(CHAIN_BIG);
    expect(chainOf(2048)).toEqual([1024, 512]);
    expect(buildingTile(board([16384, 8192, 2048]), CHAIN_BIG)).toBe(4096);
    expect(buildingTile(board(CHAIN_BIG), CHAIN_BIG)).toBeNull();
  });

  it('knows the last squeeze: the whole chain, each tile once, nothing else of 512 or more', () => {
    expect(inLastSqueeze(board(CHAIN_BIG), CHAIN_BIG)).toBe(true);
    expect(inLastSqueeze(board(CHAIN_BIG, [256, 2]), CHAIN_BIG)).toBe(true);
    expect(inLastSqueeze(board(CHAIN_BIG.slice(0, 5)), CHAIN_BIG)).toBe(false);
    expect(inLastSqueeze(board([...CHAIN_BIG, 512]), CHAIN_BIG)).toBe(false);
    expect(inLastSqueeze(board(CHAIN_BIG, [1024, 2]), CHAIN_BIG)).toBe(false);
  });

  it('puts each lost game in its phase and counts the squeeze', () => {
    const early = board([16384, 8192, 4096, 512]); // lost building the 2048
    const squeeze = board(CHAIN_BIG);
    const made = board([32768, 4, 2]);
    const records = [
      { game: 1, board: early, next: early },
      { game: 2, board: early, next: squeeze },
      { game: 2, board: squeeze, next: made },
      { game: 2, board: made, next: made }, // plays on after the target
      { game: 3, board: squeeze, next: squeeze },
      { game: 4, board: board([16384, 8192, 4096, 2048, 1024, 256]), next: board([16384, 8192, 4096, 2048, 1024]) },
    ];
    const games = summariseGames(records, 32768);
    expect(games.get(2).entry).toEqual([squeeze]); // not the boards after the target
    expect(games.get(3).entry).toEqual([squeeze]);
    expect(games.get(1).entry).toEqual([]);
    const r = phaseReport(games, 32768);
    expect(r).toMatchObject({ games: 4, made: 1, lostInSqueeze: 1, reachedSqueeze: 2, madeFromSqueeze: 1 });
    expect(r.lostBuilding[2048]).toBe(1);
    expect(r.lostBuilding[512]).toBe(1);
    expect(r.lostBuilding[8192]).toBe(0);

    const rated = phaseReport(games, 32768, [0.7, null]);
    expect(rated).toMatchObject({ tableFits: 1, meanTableRate: 0.7, madeWhereTableFits: 1 });
    expect(() => phaseReport(games, 32768, [0.7])).toThrow(/1 rates for 2 boards/);
  });

  it("takes a game's rate from the first of its squeeze boards the table fits", () => {
    const squeeze = board(CHAIN_BIG);
    const records = [1, 2, 3].map(() => ({ game: 7, board: squeeze, next: squeeze }));
    records.push({ game: 8, board: squeeze, next: board([32768]) });
    const games = summariseGames(records, 32768);
    expect(games.get(7).entry).toHaveLength(3);
    const r = phaseReport(games, 32768, [null, 0.6, 0.9, 0.8]);
    expect(r).toMatchObject({ tableFits: 2, madeWhereTableFits: 1 });
    expect(r.meanTableRate).toBeCloseTo(0.7, 12);
  });

  it('reads a trace file, and names a line that is not a move', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'late-phases-'));
    const file = path.join(dir, 't.jsonl');
    const move = { game: 1, board: board(CHAIN_BIG), next: board([32768]), depth: 2 };
    fs.writeFileSync(file, `${JSON.stringify(move)}\n\n`);
    const games = await readTrace(file, 32768);
    expect(phaseReport(games, 32768)).toMatchObject({ games: 1, made: 1, reachedSqueeze: 1 });
    fs.writeFileSync(file, `${JSON.stringify(move)}\n{"summary":true}\n`);
    await expect(readTrace(file, 32768)).rejects.toThrow(/line 2 of .* is not a selfplay --trace move/);
    fs.writeFileSync(file, 'not json\n');
    await expect(readTrace(file, 32768)).rejects.toThrow(/line 1 of/);
    fs.rmSync(dir, { recursive: true });
  });
});
