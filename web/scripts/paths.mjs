// Where the build reads and writes, relative to the repository root.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDir = path.join(root, 'web');
export const distDir = path.join(root, 'dist');
export const wasmBuildDir = path.join(root, 'build-wasm');
// The engine module and its .wasm, as the web app loads them.
export const distWasmDir = path.join(distDir, 'src', 'engine', 'wasm');
