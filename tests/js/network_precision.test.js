// The precision tool (tools/bench/network_precision.mjs): rounds a 16-bit
// network's weights to a set of levels and writes a file the engine still
// reads. A small 4x4 network trained for a second stands in for the shipped one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../tools/harness/load_wasm.js';
import { ensureNativeCli, jsonLines, runNative, trainSmallNetwork } from '../../tools/harness/native_cli.js';
import {
  levelSet,
  parseHeader,
  readWeight,
  roundNetwork,
  sparseToPlanes,
} from '../../tools/bench/network_precision.mjs';

const script = path.join(root, 'tools', 'bench', 'network_precision.mjs');
let dir, network, original;

beforeAll(() => {
  ensureNativeCli();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-precision-'));
  network = path.join(dir, 'small.n2048.gz');
  trainSmallNetwork(network, { games: 300, seed: 2 });
  original = zlib.gunzipSync(fs.readFileSync(network));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function weights(bytes) {
  const { start, count } = parseHeader(bytes);
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = readWeight(bytes, start, count, i);
  return out;
}

function depthZeroMean(file) {
  const args = ['selfplay', '--network', file, '--depth', '0', '--games', '10', '--seed', '1', '--jobs', '1'];
  return jsonLines(runNative(args, { stdio: ['ignore', 'pipe', 'ignore'] })).find((l) => l.summary).mean;
}

describe('network_precision', () => {
  it('keeps every whole step to the exact bound and reaches the largest weight geometrically', () => {
    const set = levelSet(256, 100, 1177);
    expect(set.length).toBeLessThanOrEqual(256);
    for (let v = -100; v <= 100; v++) expect(set).toContain(v);
    expect(set[0]).toBe(-1177);
    expect(set[set.length - 1]).toBe(1177);
    expect(set).toEqual([...set].sort((a, b) => a - b));
    expect(() => levelSet(100, 60, 1177)).toThrow(/cannot hold every whole number/);
  });

  it('changes nothing when the levels hold every weight', () => {
    const bytes = Buffer.from(original);
    const largest = weights(bytes).reduce((m, w) => Math.max(m, Math.abs(w)), 0);
    const r = roundNetwork(bytes, { levels: 2 * largest + 1, exact: largest });
    expect(r.changed).toBe(0);
    expect(r.rms).toBe(0);
    expect(bytes.equals(original)).toBe(true);
  });

  it('rounds the large weights only, and writes a file the engine reads', () => {
    const bytes = Buffer.from(original);
    const before = weights(original);
    const r = roundNetwork(bytes, { levels: 9, exact: 2 });
    const after = weights(bytes);
    expect(r.changed).toBeGreaterThan(0);
    let changed = 0;
    for (let i = 0; i < before.length; i++) {
      if (Math.abs(before[i]) <= 2) expect(after[i]).toBe(before[i]);
      if (after[i] !== before[i]) changed++;
    }
    expect(changed).toBe(r.changed);
    const rounded = path.join(dir, 'rounded.n2048');
    fs.writeFileSync(rounded, bytes);
    // The checksum was written again: the engine loads and plays it.
    expect(depthZeroMean(rounded)).toBeGreaterThan(0);
  });

  it('reads a sparse file (what ai2048 network --out writes) as the same weights', () => {
    const sparseFile = path.join(dir, 'sparse.n2048.gz');
    runNative(['network', network, '--out', sparseFile, '--step', '64'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const sparse = zlib.gunzipSync(fs.readFileSync(sparseFile));
    expect(sparse.readUInt32LE(12)).toBe(3);
    const planes = sparseToPlanes(sparse);
    expect(planes.equals(original)).toBe(true);
    expect(() => sparseToPlanes(sparse.subarray(0, sparse.length - 1))).toThrow(/not as long/);
  });

  it('refuses what is not a 16-bit network file, with a message and exit 2', () => {
    const run = (args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
    const notNetwork = path.join(dir, 'text.n2048');
    fs.writeFileSync(notNetwork, 'hello, this is not a network file at all');
    const bad = run([notNetwork, path.join(dir, 'out.n2048'), '--levels', '256']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not a network file');
    const truncated = path.join(dir, 'short.n2048');
    fs.writeFileSync(truncated, original.subarray(0, original.length - 10));
    expect(run([truncated, path.join(dir, 'out.n2048'), '--levels', '256']).stderr).toContain('not as long');
    expect(run([network, path.join(dir, 'out.n2048')]).stderr).toContain('give --levels K');
    expect(fs.existsSync(path.join(dir, 'out.n2048'))).toBe(false);
  });
});
