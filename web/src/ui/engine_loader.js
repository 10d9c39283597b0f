// Loads the engine module on demand, so the game itself works (and says so)
// even when the AI cannot start.
//
// Pool size: one search worker per core but one, so the page's own thread
// always has a core for input, rendering and animations (on a 2-core machine
// two busy workers left the page's tasks waiting up to 200 ms for the CPU).
// ?pool=N in the page address overrides it (measurements).
export function defaultPoolSize(cores = globalThis.navigator?.hardwareConcurrency) {
  const n = Number.isInteger(cores) && cores > 0 ? cores : 2;
  return Math.max(1, Math.min(4, n - 1));
}

export function poolSizeFrom(search, cores) {
  const asked = Number(new URLSearchParams(search).get('pool'));
  return Number.isInteger(asked) && asked >= 1 && asked <= 16 ? asked : defaultPoolSize(cores);
}

export async function loadEngine(options = {}) {
  const { createEngine } = await import('../engine/engine.js');
  return createEngine({ poolSize: poolSizeFrom(globalThis.location?.search ?? ''), ...options });
}
