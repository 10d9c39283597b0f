// The resumable late-game benchmark (tools/bench/conversion_by_board.sh and
// conversion_summary.mjs): the games are selfplay --from's, game for game, in
// any number of streams; a killed run goes on where it stopped; the summary
// counts what selfplay's own summary counts. Short games (a few moves, the
// heuristic at depth 1) so that it runs in a second.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, jsonLines, runNative } from '../../tools/harness/native_cli.js';
import { summarizeBoards } from '../../tools/bench/conversion_summary.mjs';

const script = path.join(root, 'tools', 'bench', 'conversion_by_board.sh');
const OPTIONS = ['--eval', 'heuristic', '--tables', 'off', '--depth', '1', '--max-moves', '6'];
// Two 1024s side by side double the largest tile at once; the other boards'
// largest tiles stand alone.
const BOARDS = [
  '1024 1024 2 4 8 2 4 8 2 4 8 2 0 0 0 0',
  '2 4 8 16 32 64 128 256 512 0 0 0 0 0 0 0',
  '4 2 0 0 0 0 0 0 0 0 0 0 0 0 0 2048',
];

let dirs = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-boards-'));
  dirs.push(dir);
  return dir;
}
// A temporary folder with BOARDS in boards.txt, and where the results go.
function boardsFile() {
  const dir = tempDir();
  const boards = path.join(dir, 'boards.txt');
  fs.writeFileSync(boards, BOARDS.join('\n') + '\n');
  return { boards, out: path.join(dir, 'out') };
}
// A game's line without its timings.
function played(file) {
  const [{ seed, score, maxTile, moves, nodes }] = jsonLines(fs.readFileSync(file, 'utf8'));
  return { seed, score, maxTile, moves, nodes };
}
function byBoard(args) {
  return execFileSync('bash', [script, ...args], { encoding: 'utf8' });
}

beforeAll(() => ensureNativeCli());
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('conversion_by_board.sh', () => {
  it("plays selfplay --from's games, in two streams, and the summary counts as selfplay does", () => {
    const { boards, out } = boardsFile();
    byBoard([boards, out, '--stream', '1/2', '--', ...OPTIONS]);
    expect(fs.readdirSync(out).sort()).toEqual(['board_001.jsonl', 'board_003.jsonl']);
    byBoard([boards, out, '--stream', '2/2', '--', ...OPTIONS]);

    const whole = jsonLines(runNative(['selfplay', '--from', boards, '--seed', '1', '--jobs', '1', ...OPTIONS]));
    const games = whole.filter((line) => !line.summary);
    const summary = whole.find((line) => line.summary);
    for (let i = 1; i <= 3; i++) {
      const [game] = jsonLines(fs.readFileSync(path.join(out, `board_00${i}.jsonl`), 'utf8'));
      expect(game.seed).toBe(i);
      expect(game.score).toBe(games[i - 1].score);
      expect(game.moves).toBe(games[i - 1].moves);
    }
    const s = summarizeBoards(out);
    expect(s.boards).toBe(3);
    expect(s.converted).toBe(1);
    expect(s.conversion).toBeCloseTo(summary.conversion, 6);
    expect(s.outcomes).toEqual(['1+', '2-', '3-']);
  });

  it('goes on where a killed run stopped, and redoes the board it was playing', () => {
    const { boards, out } = boardsFile();
    byBoard([boards, out, '--', ...OPTIONS]);
    const first = played(path.join(out, 'board_002.jsonl'));
    const kept = fs.statSync(path.join(out, 'board_001.jsonl')).mtimeMs;
    // As a killed run leaves it: board 2 unfinished, board 3 not started.
    fs.renameSync(path.join(out, 'board_002.jsonl'), path.join(out, 'board_002.jsonl.part'));
    fs.writeFileSync(path.join(out, 'board_002.jsonl.part'), '{"seed":2');
    fs.rmSync(path.join(out, 'board_003.jsonl'));
    expect(summarizeBoards(out).boards).toBe(1);

    byBoard([boards, out, '--', ...OPTIONS]);
    expect(played(path.join(out, 'board_002.jsonl'))).toEqual(first);
    expect(fs.existsSync(path.join(out, 'board_002.jsonl.part'))).toBe(false);
    expect(fs.statSync(path.join(out, 'board_001.jsonl')).mtimeMs).toBe(kept);
    expect(summarizeBoards(out).boards).toBe(3);
  });

  it('plays only the boards of a range', () => {
    const { boards, out } = boardsFile();
    byBoard([boards, out, '--boards', '2-3', '--', ...OPTIONS]);
    expect(fs.readdirSync(out).sort()).toEqual(['board_002.jsonl', 'board_003.jsonl']);
    expect(summarizeBoards(out).outcomes).toEqual(['2-', '3-']);
  });

  it('refuses a missing boards file or a bad stream, and names them', () => {
    const dir = tempDir();
    const missing = spawnSync('bash', [script, path.join(dir, 'none.txt'), path.join(dir, 'out')], {
      encoding: 'utf8',
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no boards file .*none\.txt/);
    fs.writeFileSync(path.join(dir, 'boards.txt'), BOARDS[0] + '\n');
    const stream = spawnSync('bash', [script, path.join(dir, 'boards.txt'), dir, '--stream', '3'], {
      encoding: 'utf8',
    });
    expect(stream.status).toBe(2);
    expect(stream.stderr).toMatch(/usage/);
  });

  it('stops at a board selfplay refuses, and keeps no result for it', () => {
    const dir = tempDir();
    const boards = path.join(dir, 'boards.txt');
    fs.writeFileSync(boards, '2 4 3 0 0 0 0 0 0 0 0 0 0 0 0 0\n');
    const out = path.join(dir, 'out');
    const run = spawnSync('bash', [script, boards, out, '--', ...OPTIONS], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/bad tile value 3 at cell 2/);
    expect(fs.existsSync(path.join(out, 'board_001.jsonl'))).toBe(false);
  });
});
