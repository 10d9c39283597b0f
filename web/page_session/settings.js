// The page session's settings (the bookmarklet's and the extension's): its defaults, and how a choice from its overlay
// (the lists in src/ui/presets.js) becomes a pace and a search budget.
import { BOOKMARKLET_SPEEDS, BOOKMARKLET_STRENGTHS, withTimeManager } from '../src/ui/presets.js';

// Full speed, and the second strength (the lists go from weakest to strongest;
// the second is "Normal"): read from the presets, which may change their ids.
const DEFAULT_STRENGTH = BOOKMARKLET_STRENGTHS[Math.min(1, BOOKMARKLET_STRENGTHS.length - 1)];
export const DEFAULT_SETTINGS = Object.freeze({
  speed: BOOKMARKLET_SPEEDS[0].id,
  strength: DEFAULT_STRENGTH.id,
  keepGoing: true,
});

// Where the search runs on the page's main thread it must leave the page
// responsive: each move's search is one short slice, the page runs between.
export const MAIN_THREAD_SLICE_MS = 30;

// The shortest time between two moves; 0 plays as fast as the search allows.
export function intervalOf(speedId) {
  return (BOOKMARKLET_SPEEDS.find((s) => s.id === speedId) || BOOKMARKLET_SPEEDS[0]).intervalMs;
}

// In workers a time is the average a move (the time manager); on the page's
// own thread a flat slice, since an allocation may be several times the average.
export function searchSettingsFor(strengthId, engineMode) {
  const strength = BOOKMARKLET_STRENGTHS.find((s) => s.id === strengthId) || DEFAULT_STRENGTH;
  if (engineMode !== 'main') return withTimeManager(strength.settings);
  const search = { ...strength.settings };
  if (search.timeMs) search.timeMs = Math.min(search.timeMs, MAIN_THREAD_SLICE_MS);
  return search;
}

// Settings saved earlier (the extension keeps them) may name a speed or a
// strength the presets no longer offer: each field that is not valid now
// falls back to its default, so an old save never breaks the panel.
export function normalizeSettings(saved) {
  const out = { ...DEFAULT_SETTINGS };
  if (!saved || typeof saved !== 'object') return out;
  if (BOOKMARKLET_SPEEDS.some((s) => s.id === saved.speed)) out.speed = saved.speed;
  if (BOOKMARKLET_STRENGTHS.some((s) => s.id === saved.strength)) out.strength = saved.strength;
  if (typeof saved.keepGoing === 'boolean') out.keepGoing = saved.keepGoing;
  return out;
}
