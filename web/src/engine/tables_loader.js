// Downloads an endgame table file (.t2048.gz, see cpp/endgame/table_file.h)
// into one wasm instance: fetched with progress, decompressed with the
// browser's DecompressionStream (a few MB: whole, not in pieces), then read by
// the instance's loadTables, which checks it and refuses a corrupt file.
import { fetchBytes, isGzip } from './network_loader.js';

async function gunzip(bytes) {
  if (typeof DecompressionStream !== 'function') {
    throw new Error('this browser cannot decompress the endgame table (no DecompressionStream)');
  }
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (err) {
    throw new Error(`the endgame table file is corrupt (${err.message})`, { cause: err });
  }
}

// Resolves to the module's table info ({tables, states, targets}) plus the
// download's size and time; rejects with a one-line reason (the instance then
// keeps whatever tables it had).
export async function loadTablesInto(module, url, onProgress = () => {}) {
  const started = Date.now();
  const compressed = await fetchBytes(String(url), onProgress, 'the endgame table');
  // A server may have decompressed it already (Content-Encoding: gzip).
  const bytes = isGzip(compressed) ? await gunzip(compressed) : compressed;
  const info = module.loadTables(bytes);
  return { ...info, compressedBytes: compressed.length, ms: Date.now() - started };
}
