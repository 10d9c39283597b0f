// The AI's speed, strength and player choices, for the web app and the
// bookmarklet alike. Speed paces autoplay: the shortest time between two AI
// moves (intervalMs), and in the app whether tiles animate. Strength is the
// search budget handed to engine.bestMove (settings: time per move, a fixed
// depth, or Monte Carlo's playouts); each player offers the strengths that
// mean something to it (strengthsFor).
// Each label says about how long a whole game takes at that speed: a game that
// reaches 16384 at depth 2 is about 13,000 moves. The rates are measured
// with the network in Chromium on a 2-core machine, at the default strength (10
// ms a move) and at depth 2 (tools/figures/default_speed_figures.mjs --speeds
// [--strength d2]): where the pause sets the pace (Quick to Brisk) both give
// the same; where the search sets it (Fast, Fastest), the title says what each
// gives.
export const GAME_MOVES = 13_000;
export const SPEEDS = [
  {
    id: 'relaxed',
    label: 'Relaxed: 1.7 moves/s, 2 h a game',
    title: '600 ms a move, slow enough to follow every move: about 2 hours for a 13,000-move game',
    intervalMs: 600,
    animate: true,
  },
  {
    id: 'paced',
    label: 'Animated: 3.3 moves/s, 1 h a game',
    title: '300 ms a move: about 65 minutes for a 13,000-move game',
    intervalMs: 300,
    animate: true,
  },
  {
    id: 'quick',
    label: 'Quick: 8 moves/s, 26 min a game',
    title: '120 ms a move: about 26 minutes for a 13,000-move game',
    intervalMs: 120,
    animate: true,
  },
  {
    id: 'lively',
    label: 'Lively: 30 moves/s, 7 min a game',
    title:
      'The default: 33 ms a move, the tiles animated; a 2048 tile in 30 to 40 s and about 7 minutes for a 13,000-move game (a strength that takes longer than 33 ms a move sets a slower pace)',
    intervalMs: 33,
    animate: true,
  },
  {
    id: 'brisk',
    label: 'Brisk: 60 moves/s, 4 min a game',
    title: "16 ms a move, animated (the demo's): about 4 minutes for a 13,000-move game",
    intervalMs: 16,
    animate: true,
  },
  {
    id: 'fast',
    label: 'Fast: no pause, 2 min a game',
    title:
      'Animated, no pause between moves: as fast as the strength allows; at 10 ms a move about 100 moves/s in the opening, about 2 to 3 minutes for a 13,000-move game (depth 2: about 800 moves/s, 30 s; 50 ms a move: about 13 minutes)',
    intervalMs: 0,
    animate: true,
  },
  {
    id: 'max',
    label: 'Fastest: no animation, 2 min a game',
    title:
      'No animations, no pause: as fast as the strength allows; at 10 ms a move about 100 moves/s in the opening, about 2 to 3 minutes for a 13,000-move game (depth 2: about 800 moves/s, 30 s; 50 ms a move: about 13 minutes)',
    intervalMs: 0,
    animate: false,
  },
];

// Expectimax's strengths (minimax takes the same; Monte Carlo the times).
// Each title says what it does; the depths' titles also what they gave with the
// learned network in Chromium on this project's 2-core machine
// (docs/results/2026-11-browser-figures.md): moves/s and strength over 20 seeded
// games. The times are averages a move over a game for expectimax (withTimeManager
// below; docs/results/2026-11-carry-presets-speed.md).
export const STRENGTHS = [
  {
    id: 't10',
    label: '10 ms a move',
    settings: { timeMs: 10 },
    title:
      "The play page's and the demo's default: 10 ms a move on average over a game. The time manager spends less on open boards and more, up to about 3 times, where the game is decided",
  },
  {
    id: 't50',
    label: '50 ms a move',
    settings: { timeMs: 50 },
    title: '50 ms a move on average over a game, spent where the game is decided',
  },
  {
    id: 't100',
    label: '100 ms a move',
    settings: { timeMs: 100 },
    title: '100 ms a move on average over a game, spent where the game is decided',
  },
  {
    id: 't250',
    label: '250 ms a move',
    settings: { timeMs: 250 },
    title: '250 ms a move on average over a game, spent where the game is decided',
  },
  {
    id: 't1000',
    label: '1 s a move (most time)',
    settings: { timeMs: 1000 },
    title: 'The most time for the best play: 1 s a move on average over a game, spent where the game is decided',
  },
  {
    id: 'd1',
    label: 'Depth 1 (fastest)',
    settings: { depth: 1 },
    title: 'With the network: about 2,300 moves/s; 20 games: average 255,402, 16384 in 55%',
  },
  {
    id: 'd2',
    label: 'Depth 2 (fast)',
    settings: { depth: 2 },
    title: 'With the network: about 730 moves/s; 20 games: average 331,633, 16384 in 90%',
  },
  {
    id: 'd3',
    label: 'Depth 3',
    settings: { depth: 3 },
    title: 'With the network: about 90 moves/s; 20 games: average 328,579, 16384 in 90%',
  },
  {
    id: 'd4',
    label: 'Depth 4',
    settings: { depth: 4 },
    title: 'With the network: about 74 ms a move (13 moves/s) in the opening',
  },
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
  // Named for what the pages say of it, not for its search (no internal terms on the pages).
  { id: 'expectimax', label: 'Standard', strengths: STRENGTHS },
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
  { id: 'quick', label: 'Quick', title: 'Depth 2: with the network 16384 in 90% of 20 games', settings: { depth: 2 } },
  {
    id: 'normal',
    label: 'Normal',
    title: '50 ms a move on average, spent where the game is decided',
    settings: { timeMs: 50 },
  },
  { id: 'strong', label: 'Strong', title: '150 ms a move on average', settings: { timeMs: 150 } },
  { id: 'strongest', label: 'Strongest', title: '500 ms a move on average', settings: { timeMs: 500 } },
];

export const DEFAULT_PLAYER = 'expectimax';
// The play page's Autoplay: about 30 moves/s, animated, shows a 2048 within
// about a minute of pressing Autoplay. 10 ms a move fits in the 33 ms pause
// (late-game moves take up to about 30 ms); natively the time manager made 32768
// in 29-34% of 100 games at far smaller budgets than 10 ms buys, depth 2 in 19%
// (docs/results/2026-11-default-strength.md).
export const DEFAULT_SPEED = 'lively';
export const DEFAULT_PLAY_STRENGTH = 't10';
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

// Expectimax's time budgets go through the core's time manager (phase: true,
// cpp/search/time_manager.h): the preset is the average a move over a game,
// spent little on open boards and much where the game is decided. The other
// players take a time as a flat target.
export function withTimeManager(settings) {
  return settings.timeMs ? { ...settings, phase: true } : { ...settings };
}

// What engine.bestMove is asked: the player's name and the strength's budget.
export function searchSettings(playerId, strength) {
  return playerId === DEFAULT_PLAYER ? withTimeManager(strength.settings) : { player: playerId, ...strength.settings };
}
