// A short-lived worker that downloads one file for an engine's thread and
// hands it over decompressed, in pieces of at most pieceBytes, each
// transferred (not copied). Why a worker of its own: a download leaves
// thousands of small buffers behind, and Chromium sweeps them in the thread
// that made them in tasks of 30-270 ms (docs/results/2026-11-slow-moves.md); made
// in the search worker, that sweep landed in a move. Made here, they go with
// this worker when it is closed.
// Request {url, what, pieceBytes}; answers, in order: {progress: [received,
// total]} as it downloads, {size} (the content's length, from the gzip
// trailer), {piece} for each piece, then {done: {compressedBytes}}; or
// {error} at the first problem.
import { concat, fetchPieces, gunzipPieces, gzipContentLength, piecesAreGzip } from './download.js';

async function* plainPieces(pieces) {
  for (let i = 0; i < pieces.length; i++) {
    yield pieces[i];
    pieces[i] = null;
  }
}

// Joins the chunks into pieces of at least pieceBytes (the last may be
// smaller; an empty file gives one empty piece).
async function sendPieces(chunks, pieceBytes) {
  let held = [];
  let heldBytes = 0;
  let sent = 0;
  const flush = () => {
    const piece = concat(held, heldBytes);
    globalThis.postMessage({ piece }, [piece.buffer]);
    held = [];
    heldBytes = 0;
    sent += 1;
  };
  for await (const chunk of chunks) {
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes >= pieceBytes) flush();
  }
  if (heldBytes > 0 || sent === 0) flush();
}

globalThis.onmessage = async ({ data: { url, what, pieceBytes } }) => {
  try {
    const progress = (received, total) => globalThis.postMessage({ progress: [received, total] });
    const { pieces, length } = await fetchPieces(url, progress, what);
    const gzip = piecesAreGzip(pieces, length);
    globalThis.postMessage({ size: gzip ? gzipContentLength(pieces, length) : length });
    await sendPieces(gzip ? gunzipPieces(pieces, what) : plainPieces(pieces), pieceBytes);
    globalThis.postMessage({ done: { compressedBytes: length } });
  } catch (err) {
    globalThis.postMessage({ error: String(err?.message ?? err) });
  }
};
