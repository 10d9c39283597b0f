// What fewer bits a weight would cost (issue 49: "quantise to 8 bits"): rounds
// every weight of a 16-bit network file to the nearest of a set of levels and
// writes the rounded network as a 16-bit file again, so that `ai2048 selfplay
// --network OUT` measures the loss. The levels: every whole number of steps in
// [-exact, exact], then geometric levels out to the largest weight, so that
// the small weights (most of them) stay exact and the large ones keep their
// ratio. `levels` counts them all, zero included: 256 is what 8-bit codes hold.
//
//   node tools/bench/network_precision.mjs IN.n2048[.gz] OUT.n2048 --levels K [--exact T]
//
// Prints the levels, the largest weight (in steps), the RMS error over the
// weights in use and how many changed. The file format is cpp/network/network_file.h.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const MAGIC = 'N2048NET';
const INT16 = 2;
const SPARSE12 = 3;

// Writes the file's CRC-32 (its last 4 bytes) again, after its weights changed.
export function rewriteChecksum(bytes) {
  const crc = zlib.crc32(bytes.subarray(0, bytes.length - 4));
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(bytes.length - 4, crc, true);
}

// Where the weights begin, and how many there are, from the header alone:
// bytes may be only the file's first bytes.
export function readWeightCount(bytes) {
  if (bytes.length < 36 || bytes.subarray(0, 8).toString('latin1') !== MAGIC) {
    throw new Error('not a network file (no N2048NET magic)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tuples = view.getUint32(20, true);
  const stages = view.getUint32(24, true);
  const countAt = 28 + 8 * tuples + 4 * (stages - 1);
  if (countAt + 8 > bytes.length) throw new Error('the header runs past the end of the file');
  return { start: countAt + 8, count: Number(view.getBigUint64(countAt, true)) };
}

// A sparse file (encoding 3: a bitmap of the weights in use, then their codes,
// docs/network.md) written out as the same network in encoding 2's planes,
// the form this tool rounds in place.
export function sparseToPlanes(bytes) {
  const { start, count } = readWeightCount(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const encoding = view.getUint32(12, true);
  if (encoding !== SPARSE12) {
    throw new Error(`encoding ${encoding}: only sparse files of even steps (encoding 3) are converted`);
  }
  const codeBytes = Number(view.getBigUint64(start, true));
  const bitmap = start + 8;
  let at = bitmap + count / 8;
  if (at + codeBytes + 4 !== bytes.length) throw new Error('the file is not as long as its header says');
  const out = Buffer.alloc(start + 2 * count + 4);
  bytes.copy(out, 0, 0, start);
  new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(12, INT16, true);
  for (let i = 0; i < count; i++) {
    if (!((bytes[bitmap + (i >> 3)] >> (i & 7)) & 1)) continue;
    let z = bytes[at++];
    if (z === 255) {
      z = (bytes[at] << 8) | bytes[at + 1];
      at += 2;
    }
    out[start + i] = z >> 8;
    out[start + count + i] = z & 0xff;
  }
  if (at !== bitmap + count / 8 + codeBytes) throw new Error('the codes do not fit the bitmap');
  rewriteChecksum(out);
  return out;
}

// The same for a whole 16-bit file, checked against its length.
export function parseHeader(bytes) {
  const { start, count } = readWeightCount(bytes);
  const encoding = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(12, true);
  if (encoding !== INT16) throw new Error(`encoding ${encoding}: only 16-bit networks (encoding 2) are rounded`);
  if (start + 2 * count + 4 !== bytes.length) throw new Error('the file is not as long as its header says');
  return { start, count };
}

// The level set: sorted, symmetric, zero included.
export function levelSet(levels, exact, largest) {
  const set = new Set();
  for (let v = -exact; v <= exact; v++) set.add(v);
  const tail = Math.floor((levels - (2 * exact + 1)) / 2);
  if (tail < 0) throw new Error(`${levels} levels cannot hold every whole number in [-${exact}, ${exact}]`);
  for (let i = 1; i <= tail && largest > exact; i++) {
    const v = Math.round(exact * Math.pow(largest / Math.max(exact, 1), i / tail));
    set.add(v);
    set.add(-v);
  }
  return [...set].sort((a, b) => a - b);
}

function nearest(sorted, x) {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && x - sorted[lo - 1] < sorted[lo] - x ? sorted[lo - 1] : sorted[lo];
}

// Weights are stored as zigzag codes in two byte planes: all high bytes, then all low.
export function readWeight(bytes, start, count, i) {
  const z = (bytes[start + i] << 8) | bytes[start + count + i];
  return (z >>> 1) ^ -(z & 1);
}

function writeWeight(bytes, start, count, i, q) {
  const z = ((q << 1) ^ (q >> 15)) & 0xffff;
  bytes[start + i] = z >> 8;
  bytes[start + count + i] = z & 0xff;
}

// Rounds the weights of a (decompressed) 16-bit network file in place.
export function roundNetwork(bytes, { levels, exact }) {
  const { start, count } = parseHeader(bytes);
  let largest = 0;
  for (let i = 0; i < count; i++) largest = Math.max(largest, Math.abs(readWeight(bytes, start, count, i)));
  const set = levelSet(levels, exact, largest);
  let used = 0;
  let changed = 0;
  let squares = 0;
  for (let i = 0; i < count; i++) {
    const q = readWeight(bytes, start, count, i);
    if (q === 0) continue;
    const r = nearest(set, q);
    used++;
    if (r !== q) {
      changed++;
      squares += (r - q) * (r - q);
      writeWeight(bytes, start, count, i, r);
    }
  }
  rewriteChecksum(bytes);
  return { levels: set.length, largest, used, changed, rms: used ? Math.sqrt(squares / used) : 0 };
}

function parseArgs(argv) {
  const options = { exact: 100 };
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--levels' || argv[i] === '--exact') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${argv[i - 1]} needs a whole number`);
      options[argv[i - 1].slice(2)] = value;
    } else if (argv[i].startsWith('--')) {
      throw new Error(`unknown argument ${argv[i]}`);
    } else {
      files.push(argv[i]);
    }
  }
  if (files.length !== 2) throw new Error('give the input and the output network files');
  if (!options.levels) throw new Error('give --levels K');
  return { input: files[0], output: files[1], ...options };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const options = parseArgs(process.argv.slice(2));
    let bytes = fs.readFileSync(options.input);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
    if (bytes.length >= 16 && bytes.readUInt32LE(12) === SPARSE12) bytes = sparseToPlanes(bytes);
    const r = roundNetwork(bytes, options);
    fs.writeFileSync(options.output, bytes);
    console.log(
      `${r.levels} levels (whole steps to ${options.exact}, largest ${r.largest}): ` +
        `${r.changed} of ${r.used} weights in use changed, RMS error ${r.rms.toFixed(3)} steps`,
    );
  } catch (error) {
    console.error(`network_precision: ${error.message}`);
    console.error('usage: node tools/bench/network_precision.mjs IN.n2048[.gz] OUT.n2048 --levels K [--exact T]');
    process.exitCode = 2;
  }
}
