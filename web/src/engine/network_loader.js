// Downloads a network file (.n2048.gz, see cpp/network/network_file.h) into one
// wasm instance, pushed piece by piece (networkBegin / networkPush /
// networkFinish), so the 134 MB of weights exist once, in wasm memory, never
// as a second JS copy. In the browser a download worker (download_client.js)
// fetches and decompresses it and hands over pieces of PIECE_BYTES, so the
// download's garbage never lands in the search worker; elsewhere the
// compressed bytes are fetched here and decompressed with the browser's own
// DecompressionStream straight from the pieces they arrived in (never joined
// into one array, each let go once read).
// Runs where the instance lives: in the network worker, or on the main thread.
import { fetchPieces, gunzipPieces, gzipContentLength, piecesAreGzip } from './download.js';
import { downloadInWorker } from './download_client.js';

// Few pieces for the search worker to collect, small beside the network.
const PIECE_BYTES = 4 << 20;

// More bytes than the size the file gave (a cut gzip file's trailer is
// garbage): the file is corrupt, and says so.
function push(module, piece) {
  try {
    module.networkPush(piece);
  } catch (err) {
    throw new Error(`the network file is corrupt (${err.message})`, { cause: err });
  }
}

async function downloadHere(module, url, onProgress) {
  const { pieces, length } = await fetchPieces(url, onProgress, 'the network');
  if (piecesAreGzip(pieces, length)) {
    module.networkBegin(gzipContentLength(pieces, length));
    for await (const chunk of gunzipPieces(pieces, 'the network')) push(module, chunk);
  } else {
    // A server may have decompressed it already (Content-Encoding: gzip).
    module.networkBegin(length);
    for (const piece of pieces) push(module, piece);
  }
  return { compressedBytes: length };
}

// Resolves to the module's networkInfo() plus the time it took; rejects with
// a one-line reason (the instance then keeps whatever network it had).
export async function loadNetworkInto(module, url, onProgress = () => {}) {
  const started = Date.now();
  const where = String(url);
  const download =
    (await downloadInWorker(where, {
      what: 'the network',
      pieceBytes: PIECE_BYTES,
      onProgress,
      onSize: (size) => module.networkBegin(size),
      onPiece: (piece) => push(module, piece),
    })) ?? (await downloadHere(module, where, onProgress));
  const info = module.networkFinish();
  return { ...info, compressedBytes: download.compressedBytes, ms: Date.now() - started };
}
