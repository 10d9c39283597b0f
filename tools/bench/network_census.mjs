// What a trainer's float network would cost to ship (issue 49's 40 MB budget):
// how many weights training never touched (still exactly at the initial value
// that optimistic TD starts every weight at), and how many bits the others'
// 12-bit codes carry at a step (their order-0 entropy, a floor for a coder that
// sees each code alone). With --zero-untouched OUT it also writes the same
// network with the untouched weights set to zero, which the sparse file format
// (encoding 3) then leaves out, so `ai2048 network OUT --out F.gz --step 0`
// measures the file and `ai2048 selfplay --network F.gz` what that costs.
//
//   node tools/bench/network_census.mjs CKPT.bin --init V [--step S] [--zero-untouched OUT]
//
// V is the per-weight initial value (`train --init I` divided by the features a
// board has: 64 for the 8x6, so 5000 for --init 320000). CKPT is a float32
// network file (`train --checkpoint`); the format is cpp/network/network_file.h.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readWeightCount, rewriteChecksum } from './network_precision.mjs';

const FLOAT32 = 1;

export function census(weights, { init, step }) {
  const histogram = new Map();
  let untouched = 0;
  for (const w of weights) {
    if (w === init) {
      untouched++;
      continue;
    }
    const q = Math.max(-2048, Math.min(2047, Math.round(w / step)));
    histogram.set(q, (histogram.get(q) ?? 0) + 1);
  }
  const touched = weights.length - untouched;
  let bits = 0;
  for (const c of histogram.values()) bits -= (c / touched) * Math.log2(c / touched);
  return { weights: weights.length, untouched, touched, codeEntropyBits: Number(bits.toFixed(3)) };
}

export function floatWeights(bytes) {
  const { start, count } = readWeightCount(bytes); // checks the magic first
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(12, true) !== FLOAT32) throw new Error('not a float32 network (a trainer checkpoint)');
  if (start + 4 * count + 4 !== bytes.length) throw new Error('the file is not as long as its header says');
  if ((bytes.byteOffset + start) % 4 !== 0) throw new Error('the weights are not 4-byte aligned');
  return new Float32Array(bytes.buffer, bytes.byteOffset + start, count);
}

function main(argv) {
  const [file, ...rest] = argv;
  const options = { step: 69, init: NaN, out: '' };
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--init') options.init = Number(rest[++i]);
    else if (rest[i] === '--step') options.step = Number(rest[++i]);
    else if (rest[i] === '--zero-untouched') options.out = rest[++i] ?? '';
    else throw new Error(`unknown option ${rest[i]}`);
  }
  if (!file || !Number.isFinite(options.init) || !(options.step > 0)) {
    throw new Error('usage: network_census.mjs CKPT.bin --init V [--step S] [--zero-untouched OUT]');
  }
  const bytes = fs.readFileSync(file);
  const weights = floatWeights(bytes);
  console.log(JSON.stringify({ file, init: options.init, step: options.step, ...census(weights, options) }));
  if (options.out) {
    for (let i = 0; i < weights.length; i++) if (weights[i] === options.init) weights[i] = 0;
    rewriteChecksum(bytes);
    fs.writeFileSync(options.out, bytes);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`network_census: ${error.message}`);
    process.exitCode = 2;
  }
}
