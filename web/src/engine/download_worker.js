// A short-lived worker that downloads one file for an engine's thread and
// hands it over decompressed, transferred (not copied). Why a worker of its
// own: a download leaves thousands of small buffers behind, and Chromium
// sweeps them in the thread that made them in tasks of 30-270 ms
// (docs/results/2026-11-slow-moves.md); made in the search worker, that sweep
// landed in a move. Made here, they go with this worker when it is closed.
//
// Request {url, what, pieceBytes}; answers, in order: {progress: [received,
// total]} as it downloads, {size} (the content's length, from the gzip
// trailer), {piece} for each piece, then {done: {compressedBytes}}; or
// {error} at the first problem. pieceBytes Infinity: the whole file as one
// piece. Otherwise pieces of pieceBytes (the last may be shorter), at most
// PIECES_OUT handed over at once: the client sends each one's buffer back
// ({returned: buffer}) once read, and it is filled again, so a 134 MB file
// passes through two buffers instead of leaving 134 MB of them for the
// client's collector (a tab peaked at 380-400 MB during the load, now at
// 270-290 MB; docs/results/2026-11-tab-memory.md).
import { fetchPieces, gunzipPieces, gzipContentLength, joinChunks, piecesAreGzip } from './download.js';

const PIECES_OUT = 2;

const spare = [];
let out = 0;
let wake = null;

function giveBack(buffer) {
  spare.push(buffer);
  out -= 1;
  wake?.();
  wake = null;
}

// A buffer to fill: one given back, or a new one while fewer than PIECES_OUT are out.
async function emptyPiece(pieceBytes) {
  while (!spare.length && out >= PIECES_OUT) await new Promise((resolve) => (wake = resolve));
  return spare.length ? new Uint8Array(spare.pop()) : new Uint8Array(pieceBytes);
}

async function* plainPieces(pieces) {
  for (let i = 0; i < pieces.length; i++) {
    yield pieces[i];
    pieces[i] = null;
  }
}

function hand(piece) {
  out += 1;
  globalThis.postMessage({ piece }, [piece.buffer]);
}

async function sendWhole(chunks) {
  hand(await joinChunks(chunks));
}

// Copies the chunks into pieces of pieceBytes (an empty file gives one empty piece).
async function sendFilled(chunks, pieceBytes) {
  spare.length = 0;
  out = 0;
  let piece = null;
  let filled = 0;
  let sent = 0;
  for await (const chunk of chunks) {
    for (let at = 0; at < chunk.length;) {
      piece ??= await emptyPiece(pieceBytes);
      const n = Math.min(chunk.length - at, pieceBytes - filled);
      piece.set(chunk.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled === pieceBytes) {
        hand(piece);
        sent += 1;
        piece = null;
        filled = 0;
      }
    }
  }
  if (filled > 0) hand(piece.subarray(0, filled));
  else if (sent === 0) hand(new Uint8Array(0));
}

async function download({ url, what, pieceBytes }) {
  try {
    const progress = (received, total) => globalThis.postMessage({ progress: [received, total] });
    const { pieces, length } = await fetchPieces(url, progress, what);
    const gzip = piecesAreGzip(pieces, length);
    globalThis.postMessage({ size: gzip ? gzipContentLength(pieces, length) : length });
    const chunks = gzip ? gunzipPieces(pieces, what) : plainPieces(pieces);
    await (pieceBytes === Infinity ? sendWhole(chunks) : sendFilled(chunks, pieceBytes));
    globalThis.postMessage({ done: { compressedBytes: length } });
  } catch (err) {
    globalThis.postMessage({ error: String(err?.message ?? err) });
  }
}

globalThis.onmessage = ({ data }) => {
  if (data.returned) giveBack(data.returned);
  else return download(data);
};
