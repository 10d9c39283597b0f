// The engine's start-up: how many workers the pool asks for, starting them
// (each with the compiled wasm), and falling back to fewer, one, or the page's
// main thread, with the reason.
import { MainThreadExecutor, startWorkerExecutor } from './executors.js';
import { defaultPoolSize } from './pool_size.js';
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
