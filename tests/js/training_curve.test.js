// A training log's curve (tools/train/training_curve.mjs): the windows along the
// path the weights took (a resume's relearnt episodes counted once), grouped
// into stretches, from a real `ai2048 train --log` and from logs made up to
// hold resumes.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, jsonLines, trainSmallNetwork } from '../../tools/harness/native_cli.js';
import { keptWindows, trainingCurve } from '../../tools/train/training_curve.mjs';

const script = path.join(root, 'tools', 'train', 'training_curve.mjs');

// A window line as the trainer writes it, its score telling the lines apart.
function windowLine(games, averageScore, seconds = games / 100) {
  return {
    games,
    moves: games * 500,
    seconds,
    movesPerSecond: 2e6,
    averageScore,
    maxScore: 2 * averageScore,
    rate8192: games > 40 ? 0.5 : 0,
    rate16384: 0,
    rate32768: 0,
  };
}

describe('keptWindows', () => {
  it('keeps a log without resumes whole', () => {
    const lines = [10, 20, 30].map((g) => windowLine(g, g));
    expect(keptWindows(lines)).toEqual({ window: 10, kept: lines });
  });

  it('drops the lines learnt after the checkpoint a resume started from', () => {
    // Checkpoint at 23 (between two windows), killed after the line at 40:
    // the resume's first line is 33, so 30 and 40 were learnt by lost weights.
    const lines = [10, 20, 30, 40, 33, 43, 53].map((g, i) => windowLine(g, i));
    const { window, kept } = keptWindows(lines);
    expect(window).toBe(10);
    expect(kept.map((l) => l.games)).toEqual([10, 20, 33, 43, 53]);
  });

  it('keeps every line where the checkpoint was past the last one logged', () => {
    // Checkpoint at 45 after the line at 40: the resume's first line is 55.
    const lines = [10, 20, 30, 40, 55, 65].map((g) => windowLine(g, g));
    expect(keptWindows(lines).kept.map((l) => l.games)).toEqual([10, 20, 30, 40, 55, 65]);
  });
});

describe('trainingCurve', () => {
  it('averages each stretch of episodes and reports the relearnt lines', () => {
    const lines = [10, 20, 30, 40, 33, 43, 53].map((g, i) => windowLine(g, 100 * (i + 1)));
    const { relearnt, rows } = trainingCurve(lines, 25);
    expect(relearnt).toBe(2);
    // A stretch ends with the window that crosses its end (33 holds 24-33).
    expect(rows.map((r) => [r.episodes, r.windows, r.averageScore])).toEqual([
      [33, 3, (100 + 200 + 500) / 3], // 10, 20 and 33
      [53, 2, 650], // 43 and 53
    ]);
    expect(rows[1].rate8192).toBe(0.5);
    expect(rows[1].hours).toBeCloseTo(53 / 100 / 3600);
  });
});

describe('the command', () => {
  let dir;
  beforeAll(() => {
    ensureNativeCli();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-curve-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads the trainer's own log", () => {
    const log = path.join(dir, 'train.jsonl');
    trainSmallNetwork(path.join(dir, 'net.n2048'), {
      games: 300,
      seed: 1,
      extraArgs: ['--window', '100', '--log', log],
    });
    const lines = jsonLines(fs.readFileSync(log, 'utf8'));
    expect(lines.map((l) => l.games)).toEqual([100, 200, 300]);
    const out = execFileSync('node', [script, log, '--every', '200'], { encoding: 'utf8' });
    expect(out).toContain('window 100 episodes; 0 window lines');
    const rows = out.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows).toHaveLength(2);
    const mean = Math.round((lines[0].averageScore + lines[1].averageScore) / 2).toLocaleString('en-US');
    expect(rows[0]).toMatch(new RegExp(`^\\| 200 \\| [\\d.]+ \\| 2 \\| ${mean} \\|`));
    expect(rows[1]).toMatch(/^\| 300 \| [\d.]+ \| 1 \|/);
  });

  it('refuses a file that is not a training log, and a bad stretch', () => {
    const other = path.join(dir, 'other.jsonl');
    fs.writeFileSync(other, '{"seed":1,"score":40}\n');
    const notLog = spawnSync('node', [script, other], { encoding: 'utf8' });
    expect(notLog.status).toBe(2);
    expect(notLog.stderr).toContain('not a training log');
    const garbled = path.join(dir, 'garbled.jsonl');
    fs.writeFileSync(garbled, '{"games":100,"averageScore":5\n');
    const cut = spawnSync('node', [script, garbled], { encoding: 'utf8' });
    expect(cut.status).toBe(2);
    expect(cut.stderr).toContain('not a training log');
    const badEvery = spawnSync('node', [script, other, '--every', '0'], { encoding: 'utf8' });
    expect(badEvery.status).toBe(2);
    expect(badEvery.stderr).toContain('usage');
  });
});
