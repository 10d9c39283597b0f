// npm run bench:browser's game mode (tools/bench/browser_bench.mjs), run for a
// few moves: one JSON line a game, then the summary, and the games advanced.
// No assertion on a time or a score: those are the bench's figures.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../tools/harness/browser.js';
import { nativeGames } from '../../tools/harness/native_cli.js';

const run = promisify(execFile);
const BENCH = path.join(repoRoot, 'tools/bench/browser_bench.mjs');

async function bench(args) {
  const { stdout } = await run(process.execPath, [BENCH, ...args], { cwd: repoRoot, timeout: 100_000 });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('bench:browser game mode', () => {
  it('plays seeded games a few moves each and summarises them', async () => {
    const lines = await bench(['--games', '2', '--seed', '5', '--max-moves', '12', '--depth', '1']);
    expect(lines).toHaveLength(3);
    const [first, second, summary] = lines;
    expect(first).toMatchObject({ game: 0, seed: 5, moves: 12, over: false });
    expect(second).toMatchObject({ game: 1, seed: 6, moves: 12, over: false });
    for (const game of [first, second]) {
      // Twelve moves from two spawned tiles make at least one merge.
      expect(game.score).toBeGreaterThan(0);
      expect(game.maxTile).toBeGreaterThanOrEqual(4);
      expect(game.nodesPerMove).toBeGreaterThan(0);
      expect(game.seconds).toBeGreaterThanOrEqual(0);
      // The tab's memory when the game ended, no more than the games' peak.
      expect(game.tabMb).toBeGreaterThan(0);
    }
    expect(summary).toMatchObject({
      bench: 'browser-games',
      settings: { depth: 1 },
      games: 2,
      moves: 24,
      meanScore: Math.round((first.score + second.score) / 2),
      crossOriginIsolated: true,
      // Isolated, the engine's requests go through shared-memory mailboxes.
      mailbox: true,
      tables: true,
    });
    expect(summary.threads).toBeGreaterThanOrEqual(1);
    expect(summary.msByLargestTile).toEqual([expect.objectContaining({ phase: '<=2048', moves: 24 })]);
    const byEmpty = summary.msByEmptyCells.reduce((s, p) => s + p.moves, 0);
    expect(byEmpty).toBe(24);
    for (const key of ['p50', 'p95', 'max']) expect(summary.msPerMove[key]).toBeGreaterThan(0);
    expect(summary.mainThread.longestFrameGapMs).toBeGreaterThanOrEqual(0);
    expect(summary.tabMemoryMb.peak).toBeGreaterThanOrEqual(Math.max(first.tabMb, second.tabMb));
  });

  it('with a time budget, gives the time of each move over its allocation', async () => {
    const lines = await bench(['--games', '1', '--seed', '3', '--max-moves', '6', '--time-ms', '5', '--phase', 'on']);
    const summary = lines.at(-1);
    expect(summary).toMatchObject({ games: 1, moves: 6, settings: { timeMs: 5, phase: true } });
    for (const key of ['p50', 'p95', 'max']) expect(summary.msOverAllocation[key]).toBeGreaterThan(0);
  });

  it('plays from harvested boards and counts conversions', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-games-${process.pid}-`));
    const file = path.join(dir, 'boards.txt');
    // A board whose only moves (left, right) merge two 16384s, and a late
    // board far from 32768.
    const boards = ['16384,16384,2,4,4,2,4,2,2,4,2,4,4,2,4,2', '2,4,1024,16384,0,16,256,2048,0,8,128,256,2,4,4,2'];
    fs.writeFileSync(file, `# harvested\n${boards.join('\n')}\n`);
    try {
      const lines = await bench(['--from', file, '--max-moves', '3', '--nodes', '2000', '--threads', '2']);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatchObject({ game: 0, startTile: 16384, maxTile: 32768 });
      expect(lines[0].moves).toBeGreaterThanOrEqual(1);
      expect(lines[1]).toMatchObject({ game: 1, startTile: 16384, moves: 3 });
      expect(lines[2]).toMatchObject({ games: 2, settings: { nodes: 2000, threads: 2 } });
      expect(lines[2].moves).toBe(lines[0].moves + 3);
      expect(lines[2].conversion).toBe(lines[1].maxTile >= 32768 ? 1 : 0.5);
      // --until-target: the first game ends on the move that makes its 32768
      // (not over: it had moves left), the second still at --max-moves.
      const until = await bench(['--from', file, '--until-target', '--max-moves', '3', '--nodes', '2000']);
      expect(until[0]).toMatchObject({ game: 0, startTile: 16384, maxTile: 32768, moves: 1, over: false });
      expect(until[1]).toMatchObject({ game: 1, moves: 3 });
      expect(until[2]).toMatchObject({ games: 2, moves: 4 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with native spawns at a node budget, plays the games of the CLI move for move', async () => {
    // The shipped network and table on both sides, one thread, the page's
    // twin settings: two games, so a state carried from one game to the next
    // would show in the second.
    const settings = ['--nodes', '20000', '--phase', 'on', '--max-depth', '3'];
    const games = ['--games', '2', '--seed', '11', '--max-moves', '60'];
    const lines = await bench([...games, ...settings, '--threads', '1', '--spawns', 'native']);
    const native = nativeGames([...games, ...settings, '--eval', 'network', '--tables', 'on']);
    for (const i of [0, 1]) {
      expect(lines[i], `game ${i}`).toMatchObject({ seed: 11 + i, moves: 60, score: native[i].score });
      expect(lines[i].board, `game ${i}`).toEqual(native[i].turns.at(-1).next);
    }
    // The app's own spawns give other games from the same seeds.
    const app = await bench([...games, ...settings, '--threads', '1']);
    expect(app.slice(0, 2).map((g) => g.board)).not.toEqual(lines.slice(0, 2).map((g) => g.board));
  });

  it('refuses bad options with a clear message', async () => {
    await expect(bench(['--games', '0'])).rejects.toThrow(/--games must be a whole number from 1, got 0/);
    await expect(bench(['--depth', '2', '--time-ms', '5'])).rejects.toThrow(/give one budget/);
    await expect(bench(['--game', '3'])).rejects.toThrow(/unknown option --game/);
    await expect(bench(['--until-target'])).rejects.toThrow(/--until-target ends games from --from boards/);
    await expect(bench(['--spawns', 'cli'])).rejects.toThrow(/--spawns must be app or native, got cli/);
  });
});
