// The bookmarklet's settings: its defaults, and how a choice from its overlay
// (the lists in src/ui/presets.js) becomes a pace and a search budget.
import { BOOKMARKLET_SPEEDS, BOOKMARKLET_STRENGTHS } from '../src/ui/presets.js';

export const DEFAULT_SETTINGS = { speed: 'max', strength: 'normal', keepGoing: true };

// Where the search runs on the page's main thread it must leave the page
// responsive: each move's search is one short slice, the page runs between.
export const MAIN_THREAD_SLICE_MS = 30;

// The shortest time between two moves; 0 plays as fast as the search allows.
export function intervalOf(speedId) {
  return (BOOKMARKLET_SPEEDS.find((s) => s.id === speedId) || BOOKMARKLET_SPEEDS[0]).intervalMs;
}

export function searchSettingsFor(strengthId, engineMode) {
  const strength = BOOKMARKLET_STRENGTHS.find((s) => s.id === strengthId) || BOOKMARKLET_STRENGTHS[1];
  const search = { ...strength.settings };
  if (engineMode === 'main' && search.timeMs) search.timeMs = Math.min(search.timeMs, MAIN_THREAD_SLICE_MS);
  return search;
}
