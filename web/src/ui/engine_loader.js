// Loads the engine module on demand, so the game itself works (and says so)
// even when the AI cannot start.
export async function loadEngine(options = {}) {
  const { createEngine } = await import('../engine/engine.js');
  return createEngine(options);
}
