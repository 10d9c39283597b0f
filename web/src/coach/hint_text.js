// A hint in plain numbers: the AI's best move, and what each other move costs
// in the points the AI expects to score by the end of the game ("↓ −12,400
// expected points"), "about equal" where the moves are within a small share of
// each other; where the endgame table chose, its chance of making the next big
// tile ("87% chance to make the 1024"). Pure, so Node tests check the words.
import { DIRECTION_ARROWS } from '../game/rules.js';
import { formatWhole } from '../ui/format.js';

// Moves whose expected points differ by less than this share of the best's are
// "about equal": the search's own noise between moves is of that order (the
// start position's four values differ by 1 in 136,000).
export const ABOUT_EQUAL_SHARE = 0.005;

const legal = (v) => v !== null && v !== undefined && Number.isFinite(v) && v >= 0;

// hint: { dir, values (null where a move changes nothing), tableRate?,
// tableTile?, scored (values are points expected from here to the end),
// score (the game's score now) }. Returns { headline, moves: [{ dir, text,
// kind: 'best' | 'equal' | 'worse' | 'none' }] }.
export function describeHint(hint) {
  const { dir, values, scored = false, score = 0 } = hint;
  const best = values[dir];
  const table = Number.isFinite(hint.tableRate) && hint.tableTile > 0;
  let headline = `${DIRECTION_ARROWS[dir]} is the AI's move`;
  if (table) {
    headline += `: ${Math.round(hint.tableRate * 100)}% chance to make the ${hint.tableTile}`;
  } else if (scored && legal(best)) {
    headline += `: about ${formatWhole(score + best)} points expected by the end of the game`;
  }
  const moves = values.map((value, d) => {
    const arrow = DIRECTION_ARROWS[d];
    if (!legal(value)) return { dir: d, text: `${arrow} changes nothing`, kind: 'none' };
    if (d === dir) return { dir: d, text: `${arrow} best`, kind: 'best' };
    const gap = best - value;
    if (Math.abs(gap) <= ABOUT_EQUAL_SHARE * Math.abs(best))
      return { dir: d, text: `${arrow} about equal`, kind: 'equal' };
    // The table knows the late game exactly: the search's points do not judge its choice.
    if (table) return { dir: d, text: `${arrow} not the table's move`, kind: 'worse' };
    if (!scored) return { dir: d, text: `${arrow} worse`, kind: 'worse' };
    return { dir: d, text: `${arrow} −${formatWhole(gap)} expected points`, kind: 'worse' };
  });
  return { headline, moves };
}
