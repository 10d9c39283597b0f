// Where the build reads and writes, relative to the repository root.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDir = path.join(root, 'web');
export const distDir = path.join(root, 'dist');
export const wasmBuildDir = path.join(root, 'build-wasm');
// The engine module and its .wasm, as the web app loads them.
export const distWasmDir = path.join(distDir, 'src', 'engine', 'wasm');
// The built engine: the single-threaded module, and the WebAssembly threads
// build (its module, .wasm and thread worker) for cross-origin isolated pages.
export const WASM_FILES = Object.freeze([
  'engine.mjs',
  'engine.wasm',
  'engine_mt.mjs',
  'engine_mt.wasm',
  'engine_mt.worker.js',
]);
