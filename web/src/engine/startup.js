// The engine's start-up: how many workers the pool asks for, starting them
// (each with the compiled wasm), and falling back to fewer, one, or the page's
// main thread, with the reason; and the network's executor (its own worker,
// the WebAssembly threads build where the page is cross-origin isolated).
import { MainThreadExecutor, startWorkerExecutor } from './executors.js';
import { MAX_THREADS, defaultPoolSize, defaultThreads } from './pool_size.js';
import { THREADS_WASM_URL, loadWasm } from './wasm_loader.js';
import { browserWorkerFactory } from './worker_factory.js';

export const WORKER_URL = new URL('./search_worker.js', import.meta.url).href;
// How long a worker may take to start, unless options.workerStartMs says.
export const WORKER_START_MS = 15000;
const MAX_POOL = 16;

function requestedPoolSize(options) {
  if (options.workers === false) return 0;
  const size = options.poolSize ?? defaultPoolSize();
  if (!Number.isInteger(size) || size < 1 || size > MAX_POOL) {
    throw new Error(`poolSize must be a whole number from 1 to ${MAX_POOL}, got ${size}`);
  }
  return size;
}

// How a worker starts: its start-up timeout, and whether a mailbox may carry
// its messages (options.mailbox: false keeps them on postMessage).
export function workerStart(options) {
  return { timeoutMs: options.workerStartMs ?? WORKER_START_MS, mailbox: options.mailbox !== false };
}

async function startWorkers(createWorker, count, wasm, start) {
  const attempts = await Promise.allSettled(
    Array.from({ length: count }, () =>
      Promise.resolve().then(() => startWorkerExecutor(createWorker, WORKER_URL, wasm, start)),
    ),
  );
  return {
    started: attempts.filter((a) => a.status === 'fulfilled').map((a) => a.value),
    problem: attempts.find((a) => a.status === 'rejected')?.reason?.message,
  };
}

export function workerFactoryOf(options) {
  return options.createWorker ?? browserWorkerFactory();
}

// The executors the engine starts with, and why there are fewer than asked for.
// wasm: loadWasm's answer, or its promise: the workers start meanwhile.
export async function startExecutors(options, wasm) {
  const wanted = requestedPoolSize(options);
  if (wanted === 0) return { executors: [await MainThreadExecutor.create(await wasm)], fallback: null };
  const createWorker = workerFactoryOf(options);
  let problem = 'Web Workers are not available here';
  if (createWorker) {
    const start = workerStart(options);
    let { started, problem: first } = await startWorkers(createWorker, wanted, wasm, start);
    problem = first;
    if (started.length === 0 && wanted > 1) {
      ({ started } = await startWorkers(createWorker, 1, wasm, start));
    }
    if (started.length > 0) {
      const fallback = started.length < wanted ? `${started.length} of ${wanted} workers started (${problem})` : null;
      return { executors: started, fallback };
    }
  }
  return {
    executors: [await MainThreadExecutor.create(await wasm)],
    fallback: `searching on the main thread: workers could not start (${problem})`,
  };
}

export function wantedThreads(options) {
  const threads = options.threads ?? defaultThreads();
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new Error(`threads must be a whole number from 1 to ${MAX_THREADS}, got ${threads}`);
  }
  return threads;
}

// Why the network's search cannot use WebAssembly threads here, or null.
export function threadsProblem(options = {}, scope = globalThis) {
  if (options.workers === false) return 'the engine runs without workers';
  if (!scope.crossOriginIsolated) return 'page not cross-origin isolated';
  if (typeof scope.SharedArrayBuffer !== 'function') return 'no SharedArrayBuffer in this browser';
  // The threads' workers start from the engine's own address: a page may not
  // start them from another origin (the bookmarklet's engine).
  const origin = scope.location?.origin;
  if (origin && origin !== 'null' && new URL(WORKER_URL).origin !== origin) {
    return 'the engine is served from another origin than the page';
  }
  return null;
}

// The executor that holds the network: a worker of its own where the pool
// runs on workers (never the page's thread then: should the worker not
// start, the network does not load), else (as the pool) the main thread.
async function startSingleExecutor(options, wasm, poolOnWorkers) {
  if (!poolOnWorkers) return MainThreadExecutor.create(wasm);
  const createWorker = workerFactoryOf(options);
  if (!createWorker) throw new Error("the network's worker could not start: Web Workers are not available here");
  try {
    return await startWorkerExecutor(createWorker, WORKER_URL, wasm, workerStart(options));
  } catch (err) {
    throw new Error(`the network's worker could not start (${err?.message ?? err})`, { cause: err });
  }
}

// The network's executor with the threads build: a worker whose module starts
// threads - 1 thread workers of its own.
async function startThreadsExecutor(options, threads) {
  const createWorker = workerFactoryOf(options);
  if (!createWorker) throw new Error('Web Workers are not available here');
  // The worker loads its scripts while the threads build compiles.
  const wasm = loadWasm({ wasmUrl: options.threadsWasmUrl ?? THREADS_WASM_URL });
  return startWorkerExecutor(createWorker, WORKER_URL, wasm, { ...workerStart(options), instance: { threads } });
}

// The network's executor: {executor, note}, the threads build where it can
// run (executor.threads), else (or should it fail to start) the
// single-threaded one, and why one thread. poolOnWorkers: whether the
// engine's pool runs on workers.
export async function startNetworkExecutor(options, wasm, poolOnWorkers) {
  const threads = wantedThreads(options);
  const problem = threads > 1 ? threadsProblem(options) : 'one thread asked for';
  if (!problem && poolOnWorkers) {
    try {
      return { executor: await startThreadsExecutor(options, threads), note: null };
    } catch (err) {
      const note = `the threads could not start (${err?.message ?? err})`;
      return { executor: await startSingleExecutor(options, wasm, true), note };
    }
  }
  const executor = await startSingleExecutor(options, wasm, poolOnWorkers);
  return { executor, note: problem ?? 'searching on the main thread' };
}
