// The AI's speed, strength and player choices, for the web app and the
// bookmarklet alike. Speed paces autoplay: the shortest time between two AI
// moves (intervalMs), and in the app whether tiles animate. Strength is the
// search budget handed to engine.bestMove (settings: time per move, a fixed
// depth, or Monte Carlo's playouts); each player offers the strengths that
// mean something to it (strengthsFor).
// Labels and titles say what a choice does, in plain words; what it measured
// stays out of them. Each strength's pace (moves a second early and late in a
// game, with the learned network) is in preset_pace.js, written by
// tools/bench/preset_pace.mjs, and strengthChoices adds it to the lists'
// labels; the rest is in docs/results (browser figures, default speed and
// strength).
import { PRESET_PACE } from './preset_pace.js';

// A rate for a label: two significant figures (2300, 730, 8.3), never grouped.
export function roundRate(rate) {
  return String(Number(rate.toPrecision(2)));
}

// A rounded rate with its unit: "730 moves/s", "1 move/s".
const perSecond = (rate) => `${rate} ${rate === '1' ? 'move' : 'moves'}/s`;

// A speed that pauses between moves: at most 1000 / intervalMs moves a second,
// fewer where the strength takes longer than the pause.
function pausedSpeed(id, name, intervalMs, what) {
  return {
    id,
    label: `${name}: up to ${roundRate(1000 / intervalMs)} moves/s`,
    title: `${what}: a pause of ${intervalMs} ms between moves, the tiles animated (a strength that takes longer sets a slower pace)`,
    intervalMs,
    animate: true,
  };
}

// A speed without a pause: the strength sets the pace (its list says it).
const ASAP = 'as fast as the strength allows (the strength list says its pace)';
export const SPEEDS = [
  pausedSpeed('relaxed', 'Relaxed', 600, 'Slow enough to follow every move'),
  pausedSpeed('paced', 'Animated', 300, 'Every move easy to follow'),
  pausedSpeed('quick', 'Quick', 120, 'Quick, and still easy to follow'),
  pausedSpeed('lively', 'Lively', 33, 'The default: quick to reach a 2048, and every move still animated'),
  pausedSpeed('brisk', 'Brisk', 16, "The demo's pace"),
  {
    id: 'fast',
    label: 'Fast: no pause',
    title: `No pause between moves, the tiles animated: ${ASAP}`,
    intervalMs: 0,
    animate: true,
  },
  {
    id: 'max',
    label: 'Fastest: no pause, no animation',
    title: `No pause between moves and no animation: ${ASAP}`,
    intervalMs: 0,
    animate: false,
  },
];

// Expectimax's strengths (minimax takes the same; Monte Carlo the times).
// A time is the average a move over a game for expectimax, spent through the
// core's time manager (withTimeManager below), and a flat target for the
// others; a depth is the same look-ahead on every board, whatever it takes.
// standard: what the standard player (expectimax) adds to the settings.
function timeStrength(ms, lead = '', standard = null) {
  const time = ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
  return {
    id: `t${ms}`,
    label: `${time} a move`,
    settings: { timeMs: ms },
    ...(standard && { standard }),
    title: `${lead}Thinks about ${time} a move: the standard player spends less on open boards and more where the game is decided`,
  };
}

function depthStrength(depth) {
  const ahead = depth === 1 ? 'after its move' : `over the next ${depth} moves`;
  return {
    id: `d${depth}`,
    label: `${depth} move${depth === 1 ? '' : 's'} ahead`,
    settings: { depth },
    title: `Weighs every tile that can appear ${ahead}, on every board alike: the same look-ahead whatever time it takes`,
  };
}

// The default deepens to depth 3 at most: its node twin made the 32768 from 66
// of 100 harvested 16384 boards so, and 55 deepening to 4 and 5 where the time
// allowed (docs/results/2026-12-depth-cap.md). The longer times deepen as far
// as their time allows except on crowded boards (2 empty cells or fewer),
// where depth 4-5 cost those conversions: capped there alone, the twin made 63
// (docs/results/2026-12-crowded-cap.md).
export const DEFAULT_MAX_DEPTH = 3;
const CROWDED_CAP = { crowdedMaxDepth: DEFAULT_MAX_DEPTH };
export const STRENGTHS = [
  timeStrength(10, "The play page's and the demo's default. ", { maxDepth: DEFAULT_MAX_DEPTH }),
  timeStrength(50, '', CROWDED_CAP),
  timeStrength(100, '', CROWDED_CAP),
  timeStrength(250, '', CROWDED_CAP),
  timeStrength(1000, 'The most time, for the best play. ', CROWDED_CAP),
  depthStrength(1),
  depthStrength(2),
  depthStrength(3),
  depthStrength(4),
];

// Monte Carlo's fixed budgets: random games played to the end per legal move.
function playoutStrength(playouts) {
  return {
    id: `p${playouts}`,
    label: `${playouts} playouts`,
    settings: { playouts },
    title: `Plays ${playouts} random games to the end after each move it can make, and plays the one that did best`,
  };
}
export const PLAYOUT_STRENGTHS = [playoutStrength(20), playoutStrength(100), playoutStrength(500)];

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

const TIME_MANAGED = 'less on open boards and more where the game is decided';
// A time the standard player spends through the time manager, capped on
// crowded boards as the app's longer times are.
function managedTime(id, label, ms) {
  return {
    id,
    label,
    title: `Thinks about ${ms} ms a move, ${TIME_MANAGED}`,
    settings: { timeMs: ms, ...CROWDED_CAP },
  };
}
export const BOOKMARKLET_STRENGTHS = [
  { id: 'quick', label: 'Quick', title: 'Looks 2 moves ahead: the quickest choice', settings: { depth: 2 } },
  managedTime('normal', 'Normal', 50),
  managedTime('strong', 'Strong', 150),
  managedTime('strongest', 'Strongest', 500),
];

export const DEFAULT_PLAYER = 'expectimax';
// The play page's Autoplay: lively, animated, at 10 ms a move, which fits in
// its pause; what they gave is in docs/results/2026-11-default-speed.md and
// 2026-11-default-strength.md.
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

// A strength's pace from preset_pace.js (or another such table), rounded:
// { early, late }, either missing where the table has no figure; null where
// it has neither.
function paceOf(playerId, strengthId, pace) {
  const entry = pace?.players?.[playerId]?.[strengthId];
  const rates = {};
  for (const when of ['early', 'late']) if (entry?.[when] > 0) rates[when] = roundRate(entry[when]);
  return Object.keys(rates).length ? rates : null;
}

// The pace for a list's label, short enough for a phone's list: "730–620
// moves/s" (early in a game, then late); one figure where they round alike,
// or where both are 1000 or more ("1400+ moves/s": the slower; a range of two
// such figures is too wide for a phone, and no one tells them apart); "730
// moves/s early" where the table has one figure; '' where it has none.
export function paceText(playerId, strengthId, pace = PRESET_PACE) {
  const rates = paceOf(playerId, strengthId, pace);
  if (!rates) return '';
  const { early, late } = rates;
  if (!early || !late) return early ? `${perSecond(early)} early` : `${perSecond(late)} late`;
  if (early === late) return perSecond(early);
  if (Number(early) >= 1000 && Number(late) >= 1000) return `${Math.min(early, late)}+ moves/s`;
  return `${early}–${late} moves/s`;
}

// The same in words, for the title.
function paceSentence(rates) {
  const parts = [];
  if (rates.early) parts.push(`${perSecond(rates.early)} early in a game`);
  if (rates.late) parts.push(rates.early ? `${rates.late} late` : `${perSecond(rates.late)} late in a game`);
  return `With the learned network loaded and no pause between moves: about ${parts.join(', ')}`;
}

// The strengths a player's list offers, each label and title with its pace
// where the pace table has one (same ids and settings as strengthsFor).
export function strengthChoices(playerId, pace = PRESET_PACE) {
  const player = findPlayer(playerId) || PLAYERS[0];
  return player.strengths.map((strength) => {
    const rates = paceOf(player.id, strength.id, pace);
    if (!rates) return strength;
    const measured = paceSentence(rates);
    return {
      ...strength,
      label: `${strength.label}: ${paceText(player.id, strength.id, pace)}`,
      title: strength.title ? `${strength.title}. ${measured}` : measured,
    };
  });
}

// Expectimax's time budgets go through the core's time manager (phase: true,
// cpp/search/time_manager.h): the preset is the average a move over a game,
// spent little on open boards and much where the game is decided. The other
// players take a time as a flat target.
export function withTimeManager(settings) {
  return settings.timeMs ? { ...settings, phase: true } : { ...settings };
}

// What engine.bestMove is asked: the player's name and the strength's budget.
// The standard player's strengths may add settings of their own (standard).
export function searchSettings(playerId, strength) {
  return playerId === DEFAULT_PLAYER
    ? withTimeManager({ ...strength.settings, ...strength.standard })
    : { player: playerId, ...strength.settings };
}
