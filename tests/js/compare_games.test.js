// Two players' games compared (tools/bench/compare_games.mjs): paired by seed,
// the differences and their standard errors from games made up to give known
// answers, and the command on two real selfplay outputs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../tools/harness/load_wasm.js';
import { jsonLines, runNative } from '../../tools/harness/native_cli.js';
import { compareGames, gamesBySeed } from '../../tools/bench/compare_games.mjs';

const script = path.join(root, 'tools', 'bench', 'compare_games.mjs');

const game = (seed, score, maxTile) => ({ seed, score, maxTile, moves: 100 });

describe('compareGames', () => {
  it('pairs the games by seed and counts the tile in one player only', () => {
    // B scores 100 less on every seed: the difference has no spread.
    const reachedA = [1, 1, 1, 1, 0, 0, 1, 0];
    const reachedB = [1, 0, 0, 0, 1, 0, 1, 0];
    const a = gamesBySeed(reachedA.map((r, i) => game(i + 1, 1000 * (i + 1), r ? 32768 : 16384)));
    const b = gamesBySeed(reachedB.map((r, i) => game(i + 1, 1000 * (i + 1) - 100, r ? 65536 : 8192)));
    const r = compareGames(a, b);
    expect(r.games).toBe(8);
    expect(r.meanDifference).toBe(100);
    expect(r.meanDifferenceError).toBe(0);
    expect(r.a.rate).toBe(5 / 8);
    expect(r.b.rate).toBe(3 / 8);
    expect([r.onlyA, r.onlyB]).toEqual([3, 1]);
    expect(r.signTest).toBeCloseTo((3 - 1) / Math.sqrt(4));
    expect(r.rateDifferenceError).toBeCloseTo(Math.sqrt((2 * (5 / 8) * (3 / 8)) / 8));
    // The mean's standard error: scores 1000..8000 have a standard deviation of 2449.5.
    expect(r.a.meanError).toBeCloseTo(Math.sqrt(6e6) / Math.sqrt(8), 3);
  });

  it('counts only the seeds both played, and another tile when told', () => {
    const a = gamesBySeed([game(1, 10, 8192), game(2, 20, 4096), game(3, 30, 8192)]);
    const b = gamesBySeed([game(2, 50, 8192), game(3, 10, 2048), game(4, 90, 8192)]);
    const r = compareGames(a, b, 8192);
    expect(r.games).toBe(2);
    expect(r.left).toEqual({ a: 1, b: 1 });
    expect(r.meanDifference).toBe((20 - 50 + 30 - 10) / 2);
    expect([r.onlyA, r.onlyB]).toEqual([1, 1]);
    expect(() => compareGames(gamesBySeed([game(1, 10, 8)]), gamesBySeed([game(2, 10, 8)]))).toThrow('share no seed');
  });

  it('reads game lines only, not the summary', () => {
    const lines = [game(1, 10, 8), { summary: true, games: 1, mean: 10 }];
    expect([...gamesBySeed(lines).keys()]).toEqual([1]);
  });
});

describe('the command', () => {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-compare-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('compares two real selfplay outputs', () => {
    const outputs = [1, 2].map((depth) => {
      const file = path.join(dir, `d${depth}.jsonl`);
      const args = ['selfplay', '--games', '4', '--seed', '7', '--eval', 'heuristic', '--depth', String(depth)];
      fs.writeFileSync(file, runNative([...args, '--max-moves', '300', '--tables', 'off']));
      return file;
    });
    const run = spawnSync('node', [script, ...outputs, '--tile', '512'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('4 games on the seeds both played');
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
    const games = outputs.map((file) => jsonLines(fs.readFileSync(file, 'utf8')).filter((l) => 'seed' in l));
    const mean = (gs) => gs.reduce((sum, g) => sum + g.score, 0) / gs.length;
    expect(result.meanDifference).toBeCloseTo(mean(games[0]) - mean(games[1]));
    expect(result.a.rate).toBe(games[0].filter((g) => g.maxTile >= 512).length / 4);
  });

  it('refuses what is not a selfplay output, and a tile that is not a power of two', () => {
    const log = path.join(dir, 'train.jsonl');
    fs.writeFileSync(log, '{"games":100,"averageScore":5}\n');
    const notGames = spawnSync('node', [script, log, log], { encoding: 'utf8' });
    expect(notGames.status).toBe(2);
    expect(notGames.stderr).toContain('not a selfplay output');
    const garbled = path.join(dir, 'garbled.jsonl');
    fs.writeFileSync(garbled, '{"seed":1,"score":');
    expect(spawnSync('node', [script, garbled, log], { encoding: 'utf8' }).stderr).toContain('a line is not JSON');
    const missing = spawnSync('node', [script, path.join(dir, 'none.jsonl'), log], { encoding: 'utf8' });
    expect(missing.stderr).toContain('no such file');
    const badTile = spawnSync('node', [script, log, log, '--tile', '100'], { encoding: 'utf8' });
    expect(badTile.status).toBe(2);
    expect(badTile.stderr).toContain('usage');
  });
});
