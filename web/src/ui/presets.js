// The AI's speed, strength and player choices, for the web app and the
// bookmarklet alike. Speed paces autoplay: the shortest time between two AI
// moves (intervalMs), and in the app whether tiles animate. Strength is the
// search budget handed to engine.bestMove (settings: time per move, a fixed
// depth, or Monte Carlo's playouts); each player offers the strengths that
// mean something to it (strengthsFor).
export const SPEEDS = [
  { id: 'relaxed', label: 'Relaxed (600 ms a move)', intervalMs: 600, animate: true },
  { id: 'paced', label: 'Animated (300 ms a move)', intervalMs: 300, animate: true },
  { id: 'quick', label: 'Quick (120 ms a move)', intervalMs: 120, animate: true },
  { id: 'fast', label: 'Fast (animated, no pause)', intervalMs: 0, animate: true },
  { id: 'max', label: 'Fastest (no animations)', intervalMs: 0, animate: false },
];

// Expectimax's strengths (minimax takes the same; Monte Carlo the times).
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

// Monte Carlo's fixed budgets: random games played to the end per legal move.
export const PLAYOUT_STRENGTHS = [
  { id: 'p20', label: '20 playouts a move', settings: { playouts: 20 } },
  { id: 'p100', label: '100 playouts a move', settings: { playouts: 100 } },
  { id: 'p500', label: '500 playouts a move', settings: { playouts: 500 } },
];

// The players that do not search.
export const INSTANT = { id: 'instant', label: 'Instant (no search)', settings: {} };

const TIMES = STRENGTHS.filter((s) => 'timeMs' in s.settings);

// The engine's players (engine.js PLAYER_NAMES), strongest first.
export const PLAYERS = [
  { id: 'expectimax', label: 'Expectimax', strengths: STRENGTHS },
  { id: 'minimax', label: 'Minimax', strengths: STRENGTHS },
  { id: 'montecarlo', label: 'Monte Carlo', strengths: [...TIMES, ...PLAYOUT_STRENGTHS] },
  { id: 'greedy', label: 'Greedy', strengths: [INSTANT] },
  { id: 'corner', label: 'Corner', strengths: [INSTANT] },
];

// The bookmarklet's overlay offers fewer, coarser choices (it plays on
// someone else's page, with the engine's default player): moves per second
// and named budgets. Same shapes as above.
export const BOOKMARKLET_SPEEDS = [
  { id: 'max', label: 'Full speed', intervalMs: 0 },
  { id: '20', label: '20 moves/s', intervalMs: 50 },
  { id: '10', label: '10 moves/s', intervalMs: 100 },
  { id: '5', label: '5 moves/s', intervalMs: 200 },
  { id: '2', label: '2 moves/s', intervalMs: 500 },
  { id: '1', label: '1 move/s', intervalMs: 1000 },
];

export const BOOKMARKLET_STRENGTHS = [
  { id: 'quick', label: 'Quick', title: 'depth 2', settings: { depth: 2 } },
  { id: 'normal', label: 'Normal', title: '50 ms a move', settings: { timeMs: 50 } },
  { id: 'strong', label: 'Strong', title: '150 ms a move', settings: { timeMs: 150 } },
  { id: 'strongest', label: 'Strongest', title: '500 ms a move', settings: { timeMs: 500 } },
];

export const DEFAULT_PLAYER = 'expectimax';
export const DEFAULT_STRENGTH = 't50';

export function findSpeed(id) {
  return SPEEDS.find((s) => s.id === id) || null;
}

export function findStrength(id) {
  return [...STRENGTHS, ...PLAYOUT_STRENGTHS, INSTANT].find((s) => s.id === id) || null;
}

export function findPlayer(id) {
  return PLAYERS.find((p) => p.id === id) || null;
}

// The entry a finder gives for id, or an Error that names what is unknown.
export function findOrThrow(find, id, what) {
  const found = find(id);
  if (!found) throw new Error(`unknown ${what} ${id}`);
  return found;
}

export function strengthsFor(playerId) {
  return (findPlayer(playerId) || PLAYERS[0]).strengths;
}

// The strength with this id if the player takes it, else the player's default
// (50 ms a move, or its only choice).
export function strengthFor(playerId, strengthId) {
  const list = strengthsFor(playerId);
  return list.find((s) => s.id === strengthId) || list.find((s) => s.id === DEFAULT_STRENGTH) || list[0];
}

// What engine.bestMove is asked: the player's name and the strength's budget.
export function searchSettings(playerId, strength) {
  return playerId === DEFAULT_PLAYER
    ? { ...strength.settings }
    : { player: playerId, ...strength.settings };
}
