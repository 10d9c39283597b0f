// The verdict on a person's move: the share of the expected score it loses
// against the AI's best, (best - played) / best, from the values the engine
// gives each of the four moves (with the learned network, the points it
// expects to score from here to the end of the game). The thresholds come
// from measured games (docs/results/2026-11-review-thresholds.md). Pure, so
// Node tests check them.
import { ABOUT_EQUAL_SHARE } from './hint_text.js';

export const VERDICTS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

// The loss share from which each verdict starts; below good's, a move is as
// good as the best ("about equal", as the hint says it).
export const VERDICT_THRESHOLDS = Object.freeze({
  good: ABOUT_EQUAL_SHARE,
  inaccuracy: 0.02,
  mistake: 0.05,
  blunder: 0.2,
});

const legal = (v) => v !== null && v !== undefined && Number.isFinite(v);

// values: four numbers, null (or -1 from the raw module) where a move changes
// nothing; played: the direction made. Returns { best, bestValue,
// playedValue, lost (points), loss (share, 0 to 1), playedBest }, or null
// when the values cannot judge that move (it is not among the legal ones).
export function moveLoss(values, played) {
  if (!Array.isArray(values) || values.length !== 4) return null;
  const isLegal = (v) => legal(v) && v !== -1;
  if (!isLegal(values[played])) return null;
  let best = -1;
  for (let d = 0; d < 4; d++) if (isLegal(values[d]) && (best < 0 || values[d] > values[best])) best = d;
  const bestValue = values[best];
  const playedValue = values[played];
  const lost = Math.max(0, bestValue - playedValue);
  // With nothing left to expect (a lost position), no move loses a share of it.
  const loss = bestValue > 0 ? Math.min(1, lost / bestValue) : 0;
  return { best, bestValue, playedValue, lost, loss, playedBest: lost === 0 };
}

export function verdictFor(loss) {
  if (!(loss >= VERDICT_THRESHOLDS.good)) return 'best';
  if (loss < VERDICT_THRESHOLDS.inaccuracy) return 'good';
  if (loss < VERDICT_THRESHOLDS.mistake) return 'inaccuracy';
  if (loss < VERDICT_THRESHOLDS.blunder) return 'mistake';
  return 'blunder';
}
