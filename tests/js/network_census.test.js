// The census tool (tools/bench/network_census.mjs): counts the weights an
// optimistic run never touched and the bits the others' codes carry, and
// writes the network with the untouched ones zeroed. A 4x4 network trained for
// a moment from an optimistic start stands in for the long run's checkpoint.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, jsonLines, runNative } from '../../tools/harness/native_cli.js';
import { census, floatWeights } from '../../tools/bench/network_census.mjs';

const script = path.join(root, 'tools', 'bench', 'network_census.mjs');
// 4x4: 4 tuples in 8 symmetries, 32 features, so --init 3200 starts each weight at 100.
const INIT = 100;
let dir, checkpoint;

beforeAll(() => {
  ensureNativeCli();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-census-'));
  checkpoint = path.join(dir, 'ckpt.bin');
  const args = ['train', '--tuples', '4x4', '--init', '3200', '--alpha', '0.1', '--games', '30'];
  runNative([...args, '--threads', '1', '--seed', '1', '--checkpoint', checkpoint], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runCensus(...args) {
  return spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
}

describe('network_census', () => {
  it('counts the weights at the initial value and the entropy of the others at a step', () => {
    const weights = new Float32Array([5, 5, 5, 10, 10, 20, 20, 21]);
    // Codes at step 10: 1, 1, 2, 2, 2 (21 rounds to 2): entropy of (2/5, 3/5).
    const r = census(weights, { init: 5, step: 10 });
    expect(r).toMatchObject({ weights: 8, untouched: 3, touched: 5 });
    expect(r.codeEntropyBits).toBeCloseTo(0.971, 3);
  });

  it('finds a short optimistic run leaves most weights untouched, and zeroes them in a copy the engine reads', () => {
    const zeroed = path.join(dir, 'zeroed.n2048');
    const run = runCensus(checkpoint, '--init', String(INIT), '--step', '1', '--zero-untouched', zeroed);
    expect(run.status).toBe(0);
    const before = JSON.parse(run.stdout);
    expect(before.weights).toBe(4 * 65536);
    expect(before.untouched).toBeGreaterThan(before.weights / 2);
    expect(before.touched).toBeGreaterThan(0);
    const after = floatWeights(fs.readFileSync(zeroed));
    expect(after.filter((w) => w === INIT).length).toBe(0);
    expect(after.filter((w) => w !== 0).length).toBe(before.touched);
    // The checksum was written again: the engine loads and plays the copy.
    const info = jsonLines(runNative(['network', zeroed], { stdio: ['ignore', 'pipe', 'ignore'] }))[0];
    expect(info.encoding).toBe('float32');
    expect(info.weightsInUse).toBeLessThanOrEqual(before.touched);
  });

  it('refuses a file that is not a float network, and an option it does not know', () => {
    const bogus = path.join(dir, 'bogus.bin');
    fs.writeFileSync(bogus, 'not a network');
    expect(runCensus(bogus, '--init', '1').stderr).toMatch(/not a network file/);
    expect(runCensus(checkpoint, '--init', '1', '--bits', '3').stderr).toMatch(/unknown option --bits/);
    expect(runCensus(checkpoint).status).toBe(2);
  });
});
