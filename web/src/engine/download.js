// A file downloaded with progress, and gzip read straight from the pieces it
// arrived in: what the network and endgame-table loaders share, in whichever
// thread downloads (download_worker.js in the browser, the engine's own
// thread in Node and wherever no worker can start).

const GZIP_MAGIC = [0x1f, 0x8b];
const PROGRESS_STEP = 1 / 100;

// The file's bytes with progress; what names it in errors ("the network").
export async function fetchBytes(url, onProgress, what) {
  const { pieces, length } = await fetchPieces(url, onProgress, what);
  return pieces.length === 1 ? pieces[0] : concat(pieces, length);
}

// The file as the pieces it arrived in, and its length: a large file is
// decompressed straight from them, never copied into one array.
export async function fetchPieces(url, onProgress, what) {
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

export function concat(chunks, length) {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

// Every chunk of an async stream of them, joined into one array.
export async function joinChunks(chunks) {
  const held = [];
  let length = 0;
  for await (const chunk of chunks) {
    held.push(chunk);
    length += chunk.length;
  }
  return concat(held, length);
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

export function piecesAreGzip(pieces, length) {
  return length >= 18 && byteAt(pieces, length, 0) === GZIP_MAGIC[0] && byteAt(pieces, length, 1) === GZIP_MAGIC[1];
}

// A gzip file ends with its content's length (mod 2^32; our files are smaller).
export function gzipContentLength(pieces, length) {
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

// The content of gzip pieces, decompressed by the browser's own
// DecompressionStream, chunk by chunk as it comes.
export async function* gunzipPieces(pieces, what) {
  if (typeof DecompressionStream !== 'function') {
    throw new Error(`this browser cannot decompress ${what} (no DecompressionStream)`);
  }
  const reader = streamOf(pieces).pipeThrough(new DecompressionStream('gzip')).getReader();
  for (;;) {
    let next;
    try {
      next = await reader.read();
    } catch (err) {
      throw new Error(`${what} file is corrupt (${err.message})`, { cause: err });
    }
    if (next.done) return;
    yield next.value;
  }
}
