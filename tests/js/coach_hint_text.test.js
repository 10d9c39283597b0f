// Hints in plain numbers (web/src/coach/hint_text.js): the best move and each
// other move's cost in expected points, "about equal" within a small share,
// the table's chance where it chose, and no units without the network.
import { describe, expect, it } from 'vitest';
import { ABOUT_EQUAL_SHARE, describeHint } from '../../web/src/coach/hint_text.js';

describe('hints in plain numbers', () => {
  it("says the network's expected final score and what each other move costs", () => {
    const hint = {
      dir: 1,
      values: [300_000, 312_400, null, 312_400 * (1 - ABOUT_EQUAL_SHARE / 2)],
      scored: true,
      score: 100_000,
    };
    const { headline, moves } = describeHint(hint);
    expect(headline).toBe("→ is the AI's move: about 412,400 points expected by the end of the game");
    expect(moves.map((m) => m.text)).toEqual([
      '↑ −12,400 expected points',
      '→ best',
      '↓ changes nothing',
      '← about equal',
    ]);
    expect(moves.map((m) => m.kind)).toEqual(['worse', 'best', 'none', 'equal']);
  });

  it('calls the start position\'s near-ties "about equal"', () => {
    const { moves } = describeHint({ dir: 1, values: [136_252, 136_253, 136_252, 136_253], scored: true, score: 0 });
    expect(moves.filter((m) => m.kind === 'equal')).toHaveLength(3);
  });

  it("gives the endgame table's chance where the table chose", () => {
    const hint = {
      dir: 2,
      values: [50_000, null, 40_000, 39_000],
      tableRate: 0.8713,
      tableTile: 1024,
      scored: true,
      score: 400_000,
    };
    const { headline, moves } = describeHint(hint);
    expect(headline).toBe("↓ is the AI's move: 87% chance to make the 1024");
    expect(moves[0].text).toBe("↑ not the table's move");
  });

  it('uses no units without the network', () => {
    const { headline, moves } = describeHint({ dir: 0, values: [2000, 1000, null, 1999], scored: false });
    expect(headline).toBe("↑ is the AI's move");
    expect(moves.map((m) => m.text)).toEqual(['↑ best', '→ worse', '↓ changes nothing', '← about equal']);
  });
});
