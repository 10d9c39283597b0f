// Downloads a network file (.n2048.gz, see cpp/network/network_file.h) into one
// wasm instance: the compressed bytes are fetched with progress, then
// decompressed with the browser's own DecompressionStream and pushed piece by
// piece into the instance (networkBegin / networkPush / networkFinish), so the
// 134 MB of weights exist once, in wasm memory, never as a second JS copy.
// Runs where the instance lives: in the network worker, or on the main thread.

const GZIP_MAGIC = [0x1f, 0x8b];
const PROGRESS_STEP = 1 / 100;

// The file's bytes with progress; what names it in errors ("the network").
export async function fetchBytes(url, onProgress, what = 'the network') {
  if (url.startsWith('file:')) {
    // Node (tests, benchmarks): fetch cannot read files there.
    const { readFile } = await import('node:fs/promises');
    const bytes = new Uint8Array(await readFile(new URL(url)));
    onProgress(bytes.length, bytes.length);
    return bytes;
  }
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new Error(`could not download ${what} from ${url} (${err.message})`, { cause: err });
  }
  if (!response.ok) throw new Error(`could not download ${what} from ${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks = [];
  let received = 0;
  let reported = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (!total || received - reported >= total * PROGRESS_STEP) {
      reported = received;
      onProgress(received, total);
    }
  }
  onProgress(received, total || received);
  return concat(chunks, received);
}

function concat(chunks, length) {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export function isGzip(bytes) {
  return bytes.length >= 18 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

// A gzip file ends with its content's length (mod 2^32; networks are smaller).
function gzipContentLength(bytes) {
  const n = bytes.length;
  return (bytes[n - 4] | (bytes[n - 3] << 8) | (bytes[n - 2] << 16) | (bytes[n - 1] << 24)) >>> 0;
}

async function pushDecompressed(module, compressed) {
  if (typeof DecompressionStream !== 'function') {
    throw new Error('this browser cannot decompress the network (no DecompressionStream)');
  }
  module.networkBegin(gzipContentLength(compressed));
  const stream = new Blob([compressed]).stream().pipeThrough(new DecompressionStream('gzip'));
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      module.networkPush(value);
    }
  } catch (err) {
    throw new Error(`the network file is corrupt (${err.message})`, { cause: err });
  }
}

// Resolves to the module's networkInfo() plus the time it took; rejects with
// a one-line reason (the instance then keeps whatever network it had).
export async function loadNetworkInto(module, url, onProgress = () => {}) {
  const started = Date.now();
  const bytes = await fetchBytes(String(url), onProgress);
  if (isGzip(bytes)) {
    await pushDecompressed(module, bytes);
  } else {
    // A server may have decompressed it already (Content-Encoding: gzip).
    module.networkBegin(bytes.length);
    module.networkPush(bytes);
  }
  const info = module.networkFinish();
  return { ...info, compressedBytes: bytes.length, ms: Date.now() - started };
}
