// The review of a person's moves, from the game's history (history.js): each
// of the person's moves the AI has judged, with its verdict (verdict.js), and
// the costliest of them, most expected score lost first. Pure, so Node tests
// check the order and what an undo or "Play on from here" leaves.
import { DIRECTION_ARROWS, DIRECTION_NAMES } from '../game/rules.js';
import { formatWhole } from '../ui/format.js';
import { VERDICTS, moveLoss, verdictFor } from './verdict.js';

// How many of the costliest moves the list shows.
export const REVIEW_LENGTH = 5;

// The person's judged moves up to the position on the board, in game order:
// { index (the position the move led to; the move's number in the game),
// played, best (directions), loss (share), lost (points), verdict }.
export function judgedMoves(history) {
  const entries = [];
  for (let index = 1; index <= history.at; index++) {
    const move = history.moveAt(index);
    if (!move || move.by !== 'person' || !move.values) continue;
    const judged = moveLoss(move.values, move.dir);
    if (!judged) continue;
    entries.push({
      index,
      played: move.dir,
      best: judged.best,
      loss: judged.loss,
      lost: judged.lost,
      verdict: verdictFor(judged.loss),
    });
  }
  return entries;
}

// The person's moves not judged yet, up to the position on the board.
export function unjudgedCount(history) {
  let count = 0;
  for (let index = 1; index <= history.at; index++) {
    const move = history.moveAt(index);
    if (move && move.by === 'person' && !move.values) count++;
  }
  return count;
}

// The costliest moves: those that lost more than "about equal", most lost
// first (by share, then by points, then the earlier move), at most count.
export function costliestMoves(entries, count = REVIEW_LENGTH) {
  return entries
    .filter((e) => e.verdict !== 'best')
    .sort((a, b) => b.loss - a.loss || b.lost - a.lost || a.index - b.index)
    .slice(0, count);
}

// How many moves got each verdict: { best: n, good: n, ... }.
export function verdictCounts(entries) {
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  for (const e of entries) counts[e.verdict]++;
  return counts;
}

// 0.7, 1.2, 4, 18: tenths below ten percent, whole from there.
function sharePercent(loss) {
  const percent = loss * 100;
  return percent < 10 ? String(Number(percent.toFixed(1))) : String(Math.round(percent));
}

const arrowName = (dir) => `${DIRECTION_ARROWS[dir]} ${DIRECTION_NAMES[dir]}`;

// What a move lost in plain words: "8% of the expected score lost (about
// 12,300 points)".
export function lossText(entry) {
  return `${sharePercent(entry.loss)}% of the expected score lost (about ${formatWhole(entry.lost)} points)`;
}

// One line of the review list: "Move 12: mistake. You played → right, the
// AI's move was ↓ down: 8% of the expected score lost (about 12,300 points)."
export function entryText(entry) {
  const moves = `You played ${arrowName(entry.played)}, the AI's move was ${arrowName(entry.best)}`;
  return `Move ${entry.index}: ${entry.verdict}. ${moves}: ${lossText(entry)}.`;
}

// The short verdict shown beside the board after a move: "Move 12 ←:
// mistake, 8% of the expected score".
export function flashText(entry) {
  const head = `Move ${entry.index} ${DIRECTION_ARROWS[entry.played]}: ${entry.verdict}`;
  return entry.verdict === 'best' ? head : `${head}, ${sharePercent(entry.loss)}% of the expected score`;
}

const PLURALS = { best: 'best', good: 'good', inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' };

export function summaryText(entries, pending) {
  const counts = verdictCounts(entries);
  const parts = VERDICTS.filter((v) => counts[v] > 0).map((v) => `${counts[v]} ${counts[v] === 1 ? v : PLURALS[v]}`);
  const judged = entries.length
    ? `${entries.length} of your moves judged: ${parts.join(', ')}.`
    : 'None of your moves judged yet.';
  return pending > 0 ? `${judged} ${pending} more to judge.` : judged;
}
