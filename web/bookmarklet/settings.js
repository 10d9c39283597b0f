// The overlay's choices: how fast to play and how hard to think.

// Moves per second; Infinity plays as fast as the search allows.
export const SPEEDS = [
  { id: 'max', label: 'Full speed', perSecond: Infinity },
  { id: '20', label: '20 moves/s', perSecond: 20 },
  { id: '10', label: '10 moves/s', perSecond: 10 },
  { id: '5', label: '5 moves/s', perSecond: 5 },
  { id: '2', label: '2 moves/s', perSecond: 2 },
  { id: '1', label: '1 move/s', perSecond: 1 },
];

// Search budgets in the engine's terms (see the JS engine API).
export const STRENGTHS = [
  { id: 'quick', label: 'Quick', title: 'depth 2', search: { depth: 2 } },
  { id: 'normal', label: 'Normal', title: '50 ms a move', search: { timeMs: 50 } },
  { id: 'strong', label: 'Strong', title: '150 ms a move', search: { timeMs: 150 } },
  { id: 'strongest', label: 'Strongest', title: '500 ms a move', search: { timeMs: 500 } },
];

export const DEFAULT_SETTINGS = { speed: 'max', strength: 'normal', keepGoing: true };

// Where the search runs on the page's main thread it must leave the page
// responsive: each move's search is one short slice, the page runs between.
export const MAIN_THREAD_SLICE_MS = 30;

export function speedOf(id) {
  return (SPEEDS.find((s) => s.id === id) || SPEEDS[0]).perSecond;
}

export function searchSettingsFor(strengthId, engineMode) {
  const strength = STRENGTHS.find((s) => s.id === strengthId) || STRENGTHS[1];
  const search = { ...strength.search };
  if (engineMode === 'main' && search.timeMs) search.timeMs = Math.min(search.timeMs, MAIN_THREAD_SLICE_MS);
  return search;
}
