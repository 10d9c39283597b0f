// How many search workers an engine starts when not told: one per core but
// one, so the page's own thread always has a core for input, rendering and
// animations (on a 2-core machine two busy workers left the page's tasks
// waiting up to 200 ms for the CPU), and at most four, beyond which a move's
// four root branches leave workers idle. Unknown core count: two cores.
// Kept apart from engine.js so a page can size its pool before it loads the
// engine.
export const MAX_DEFAULT_POOL = 4;

export function defaultPoolSize(cores = globalThis.navigator?.hardwareConcurrency) {
  const n = Number.isInteger(cores) && cores > 0 ? cores : 2;
  return Math.max(1, Math.min(MAX_DEFAULT_POOL, n - 1));
}

// How many threads the network's search uses where WebAssembly threads run
// (a cross-origin isolated page): one per core, at most four. The split
// (cpp/search/parallel_search.h, a task per root move and first spawn) would
// use more, but each thread is a worker with a JS context of its own, and the
// tab's memory is meant to stay under 300 MB.
export const MAX_THREADS = 4;

export function defaultThreads(cores = globalThis.navigator?.hardwareConcurrency) {
  const n = Number.isInteger(cores) && cores > 0 ? cores : 2;
  return Math.max(1, Math.min(MAX_THREADS, n));
}
