// Downloads an endgame table file (.t2048.gz, see cpp/endgame/table_file.h)
// into one wasm instance: fetched with progress and decompressed (a few MB:
// whole, not in pieces) by a download worker in the browser
// (download_client.js, so its garbage stays out of the search worker), here
// elsewhere, then read by the instance's loadTables, which checks it and
// refuses a corrupt file.
import { fetchBytes, gunzipPieces, isGzip, joinChunks } from './download.js';
import { downloadInWorker } from './download_client.js';

async function downloadHere(url, onProgress) {
  const compressed = await fetchBytes(url, onProgress, 'the endgame table');
  // A server may have decompressed it already (Content-Encoding: gzip).
  if (!isGzip(compressed)) return { bytes: compressed, compressedBytes: compressed.length };
  const bytes = await joinChunks(gunzipPieces([compressed], 'the endgame table'));
  return { bytes, compressedBytes: compressed.length };
}

// Resolves to the module's table info ({tables, states, targets}) plus the
// download's size and time; rejects with a one-line reason (the instance then
// keeps whatever tables it had).
export async function loadTablesInto(module, url, onProgress = () => {}) {
  const started = Date.now();
  const where = String(url);
  let bytes = null;
  const elsewhere = await downloadInWorker(where, {
    what: 'the endgame table',
    pieceBytes: Infinity,
    onProgress,
    onSize: () => {},
    onPiece: (piece) => {
      bytes = piece;
    },
  });
  const download = elsewhere ? { ...elsewhere, bytes } : await downloadHere(where, onProgress);
  const info = module.loadTables(download.bytes);
  return { ...info, compressedBytes: download.compressedBytes, ms: Date.now() - started };
}
