// Downloads a network file (.n2048.gz, see cpp/network/network_file.h) into one
// wasm instance: the compressed bytes are fetched with progress, then
// decompressed with the browser's own DecompressionStream straight from the
// pieces they arrived in (never joined into one array, each let go once read)
// and pushed piece by piece into the instance (networkBegin / networkPush /
// networkFinish), so the 134 MB of weights exist once, in wasm memory, never as
// a second JS copy.
// Runs where the instance lives: in the network worker, or on the main thread.

const GZIP_MAGIC = [0x1f, 0x8b];
const PROGRESS_STEP = 1 / 100;

// The file's bytes with progress; what names it in errors ("the network").
export async function fetchBytes(url, onProgress, what = 'the network') {
  const { pieces, length } = await fetchPieces(url, onProgress, what);
  return pieces.length === 1 ? pieces[0] : concat(pieces, length);
}

// The file as the pieces it arrived in, and its length: the network is
// decompressed straight from them, so its 22 MB are never copied into one array.
async function fetchPieces(url, onProgress, what) {
  if (url.startsWith('file:')) {
    // Node (tests, benchmarks): fetch cannot read files there.
    const { readFile } = await import('node:fs/promises');
    const bytes = new Uint8Array(await readFile(new URL(url)));
    onProgress(bytes.length, bytes.length);
    return { pieces: [bytes], length: bytes.length };
  }
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new Error(`could not download ${what} from ${url} (${err.message})`, { cause: err });
  }
  if (!response.ok) throw new Error(`could not download ${what} from ${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { pieces: [bytes], length: bytes.length };
  }
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
  return { pieces: chunks, length: received };
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
  return piecesAreGzip([bytes], bytes.length);
}

// The byte at position at (negative: from the end) of a file held in pieces.
function byteAt(pieces, length, at) {
  let i = at < 0 ? length + at : at;
  for (const piece of pieces) {
    if (i < piece.length) return piece[i];
    i -= piece.length;
  }
  return undefined;
}

function piecesAreGzip(pieces, length) {
  return length >= 18 && byteAt(pieces, length, 0) === GZIP_MAGIC[0] && byteAt(pieces, length, 1) === GZIP_MAGIC[1];
}

// A gzip file ends with its content's length (mod 2^32; networks are smaller).
function gzipContentLength(pieces, length) {
  const b = (k) => byteAt(pieces, length, -k);
  return (b(4) | (b(3) << 8) | (b(2) << 16) | (b(1) << 24)) >>> 0;
}

// The pieces as a stream that lets go of each once it is read.
function streamOf(pieces) {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next === pieces.length) return controller.close();
      controller.enqueue(pieces[next]);
      pieces[next++] = null;
    },
  });
}

async function pushDecompressed(module, pieces, length) {
  if (typeof DecompressionStream !== 'function') {
    throw new Error('this browser cannot decompress the network (no DecompressionStream)');
  }
  module.networkBegin(gzipContentLength(pieces, length));
  const stream = streamOf(pieces).pipeThrough(new DecompressionStream('gzip'));
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
  const { pieces, length } = await fetchPieces(String(url), onProgress, 'the network');
  if (piecesAreGzip(pieces, length)) {
    await pushDecompressed(module, pieces, length);
  } else {
    // A server may have decompressed it already (Content-Encoding: gzip).
    module.networkBegin(length);
    for (const piece of pieces) module.networkPush(piece);
  }
  const info = module.networkFinish();
  return { ...info, compressedBytes: length, ms: Date.now() - started };
}
