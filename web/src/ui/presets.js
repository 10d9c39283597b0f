// The AI's speed and strength choices. Speed paces autoplay: the shortest time
// between two AI moves, and whether tiles animate. Strength is the search
// budget handed to engine.bestMove (time per move, or a fixed depth).
export const SPEEDS = [
  { id: 'relaxed', label: 'Relaxed (600 ms a move)', intervalMs: 600, animate: true },
  { id: 'paced', label: 'Animated (300 ms a move)', intervalMs: 300, animate: true },
  { id: 'quick', label: 'Quick (120 ms a move)', intervalMs: 120, animate: true },
  { id: 'fast', label: 'Fast (animated, no pause)', intervalMs: 0, animate: true },
  { id: 'max', label: 'Fastest (no animations)', intervalMs: 0, animate: false },
];

export const STRENGTHS = [
  { id: 't10', label: '10 ms a move', settings: { timeMs: 10 } },
  { id: 't50', label: '50 ms a move', settings: { timeMs: 50 } },
  { id: 't100', label: '100 ms a move', settings: { timeMs: 100 } },
  { id: 't250', label: '250 ms a move', settings: { timeMs: 250 } },
  { id: 't1000', label: '1 s a move', settings: { timeMs: 1000 } },
  { id: 'd2', label: 'Depth 2', settings: { depth: 2 } },
  { id: 'd3', label: 'Depth 3', settings: { depth: 3 } },
  { id: 'd4', label: 'Depth 4', settings: { depth: 4 } },
];

export function findSpeed(id) {
  return SPEEDS.find((s) => s.id === id) || null;
}

export function findStrength(id) {
  return STRENGTHS.find((s) => s.id === id) || null;
}
