// The shipping rule's check (tools/bench/network_ship_check.mjs): both networks
// play the same seeded games, and a candidate ships only where it scores more at
// depth 0 and at depth 2. Small 4x4 networks trained for a second stand in for
// the real ones: one from 30 games, one from 3,000, far apart in strength.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, trainSmallNetwork } from '../../tools/harness/native_cli.js';
import { beats, checkNetworks, playNetwork } from '../../tools/bench/network_ship_check.mjs';

const script = path.join(root, 'tools', 'bench', 'network_ship_check.mjs');
const SMALL = { games0: 20, games2: 3, seed: 1, jobs: 1 };
let dir, weak, strong;

beforeAll(() => {
  ensureNativeCli();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-ship-'));
  weak = path.join(dir, 'weak.n2048.gz');
  strong = path.join(dir, 'strong.n2048.gz');
  trainSmallNetwork(weak, { games: 30, seed: 1 });
  trainSmallNetwork(strong, { games: 3000, seed: 1 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The script as a command: its exit status and output. Asynchronous, like the
// checks below: Vitest's worker must answer its runner within 60 s, and on a
// loaded machine this file's games once kept its event loop still for longer.
function runScript(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ status: error ? error.code : 0, stdout, stderr }),
    );
  });
}

describe('network_ship_check', () => {
  it('plays both networks on the same seeds and ships only the one that scores more at both depths', async () => {
    const up = await checkNetworks({ candidate: strong, baseline: weak, ...SMALL });
    expect(up.candidate.depth0.mean).toBeGreaterThan(up.baseline.depth0.mean);
    expect(up.beats).toBe(true);
    // The same figures whichever side a network is on: the same games.
    const down = await checkNetworks({ candidate: weak, baseline: strong, ...SMALL });
    expect(down.candidate).toEqual(up.baseline);
    expect(down.baseline).toEqual(up.candidate);
    expect(down.beats).toBe(false);
  });

  it('does not ship a tie: a network against itself plays the same games', async () => {
    const same = await checkNetworks({ candidate: strong, baseline: strong, ...SMALL });
    expect(same.candidate).toEqual(same.baseline);
    expect(same.beats).toBe(false);
  });

  it('needs both depths: more at depth 0 alone is not enough', () => {
    const f = (m0, m2) => ({ depth0: { mean: m0 }, depth2: { mean: m2 } });
    expect(beats(f(200, 100), f(100, 100))).toBe(false);
    expect(beats(f(200, 90), f(100, 100))).toBe(false);
    expect(beats(f(100, 200), f(100, 100))).toBe(false);
    expect(beats(f(101, 101), f(100, 100))).toBe(true);
  });

  it('repeats its figures: the same seeds play the same games', async () => {
    const alone = await playNetwork(weak, { depth: 0, games: 5, seed: 3, jobs: 1 });
    const again = await playNetwork(weak, { depth: 0, games: 5, seed: 3, jobs: 1 });
    expect(alone).toEqual(again);
    expect(alone.mean).toBeGreaterThan(0);
  });

  it('prints the verdict and exits 0 where the candidate ships, 1 where it does not', async () => {
    const small = ['--games0', '20', '--games2', '3', '--jobs', '1'];
    const ships = await runScript([strong, '--baseline', weak, ...small]);
    expect(ships.status).toBe(0);
    expect(ships.stdout).toMatch(/\| candidate \| \d+ \//);
    expect(ships.stdout).toContain('it may ship');
    const keeps = await runScript([weak, '--baseline', strong, ...small]);
    expect(keeps.status).toBe(1);
    expect(keeps.stdout).toContain('keep the baseline');
  });

  it('refuses bad input with a message and exit 2', async () => {
    const missing = await runScript([path.join(dir, 'none.n2048.gz')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no network file');
    const badCount = await runScript([weak, '--games0', 'many']);
    expect(badCount.status).toBe(2);
    expect(badCount.stderr).toContain('--games0 needs a whole number');
    const noBaseline = await runScript([weak, '--baseline']);
    expect(noBaseline.status).toBe(2);
    expect(noBaseline.stderr).toContain('--baseline needs a network file');
    expect((await runScript([])).stderr).toContain('give the candidate network file');
  });
});
