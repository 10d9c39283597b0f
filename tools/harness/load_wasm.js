// Loading the built engine (dist/, from `npm run build`) in Node for tests and
// benchmarks. Node cannot fetch the .wasm the way a page does, so the bytes are
// read from disk and handed over.
//
//   loadWasmModule()        the raw Embind module (bindings: applyMove, search, ...)
//   createNodeEngine(opts)  createEngine() from dist/src/engine/engine.js; in Node
//                           it runs on the main thread unless opts.createWorker
//                           is given (see nodeWorkerFactory)
//   nodeWorkerFactory       a createWorker option backed by worker_threads, so
//                           the real worker pool runs in Node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const engineDir = path.join(root, 'dist', 'src', 'engine');
export const wasmPath = path.join(engineDir, 'wasm', 'engine.wasm');

function requireBuild() {
  if (!fs.existsSync(wasmPath)) throw new Error(`${wasmPath} is missing: run npm run build first`);
}

export function wasmBytes() {
  requireBuild();
  return fs.readFileSync(wasmPath);
}

export async function loadWasmModule() {
  requireBuild();
  const { default: createEngineModule } = await import(pathToFileURL(path.join(engineDir, 'wasm', 'engine.mjs')).href);
  return createEngineModule({ wasmBinary: wasmBytes(), print() {}, printErr() {} });
}

export async function importEngine() {
  requireBuild();
  return import(pathToFileURL(path.join(engineDir, 'engine.js')).href);
}

export async function createNodeEngine(options = {}) {
  const { createEngine } = await importEngine();
  return createEngine({ wasmBinary: wasmBytes(), ...options });
}

const shimUrl = new URL('./node_worker_shim.mjs', import.meta.url);

// url => an object with the Web Worker surface the engine uses (postMessage,
// onmessage, onerror, terminate), running the worker module in worker_threads.
export function nodeWorkerFactory(url) {
  const worker = new Worker(shimUrl, { workerData: { url } });
  const facade = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage: (message) => worker.postMessage(message),
    terminate: () => {
      worker.terminate();
    },
  };
  worker.on('message', (data) => facade.onmessage?.({ data }));
  worker.on('error', (err) => facade.onerror?.(err));
  worker.on('exit', (code) => {
    if (code !== 0) facade.onerror?.(new Error(`worker exited with ${code}`));
  });
  return facade;
}
