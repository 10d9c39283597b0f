// Loads the engine module on demand, so the game itself works (and says so)
// even when the AI cannot start.
//
// Pool size: the engine's default (engine/pool_size.js); ?pool=N in the page
// address overrides it (measurements).
import { defaultPoolSize } from '../engine/pool_size.js';

export function poolSizeFrom(search, cores) {
  const asked = Number(new URLSearchParams(search).get('pool'));
  return Number.isInteger(asked) && asked >= 1 && asked <= 16 ? asked : defaultPoolSize(cores);
}

export async function loadEngine(options = {}) {
  const { createEngine } = await import('../engine/engine.js');
  return createEngine({ poolSize: poolSizeFrom(globalThis.location?.search ?? ''), ...options });
}
