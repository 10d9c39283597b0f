// The AI's choices (web/src/ui/presets.js): ids and settings stay as saved
// settings and links know them; labels and titles say what a choice does and
// hold no measured figure; a strength's pace comes from the one generated file
// (web/src/ui/preset_pace.js, tools/bench/preset_pace.mjs), and only where it
// has an entry.
import { describe, expect, it } from 'vitest';
import {
  BOOKMARKLET_SPEEDS,
  BOOKMARKLET_STRENGTHS,
  INSTANT,
  PLAYERS,
  PLAYOUT_STRENGTHS,
  SPEEDS,
  STRENGTHS,
  paceText,
  roundRate,
  strengthChoices,
} from '../../web/src/ui/presets.js';
import { PRESET_PACE } from '../../web/src/ui/preset_pace.js';

const byId = (list, pick) => Object.fromEntries(list.map((item) => [item.id, pick(item)]));

describe('preset ids and settings', () => {
  it('are the ones saved settings, links and tests use', () => {
    expect(byId(SPEEDS, (s) => [s.intervalMs, s.animate])).toEqual({
      relaxed: [600, true],
      paced: [300, true],
      quick: [120, true],
      lively: [33, true],
      brisk: [16, true],
      fast: [0, true],
      max: [0, false],
    });
    expect(byId(STRENGTHS, (s) => s.settings)).toEqual({
      t10: { timeMs: 10 },
      t50: { timeMs: 50 },
      t100: { timeMs: 100 },
      t250: { timeMs: 250 },
      t1000: { timeMs: 1000 },
      d1: { depth: 1 },
      d2: { depth: 2 },
      d3: { depth: 3 },
      d4: { depth: 4 },
    });
    expect(byId(PLAYOUT_STRENGTHS, (s) => s.settings)).toEqual({
      p20: { playouts: 20 },
      p100: { playouts: 100 },
      p500: { playouts: 500 },
    });
    expect(byId(BOOKMARKLET_STRENGTHS, (s) => s.settings)).toEqual({
      quick: { depth: 2 },
      normal: { timeMs: 50, crowdedMaxDepth: 3 },
      strong: { timeMs: 150, crowdedMaxDepth: 3 },
      strongest: { timeMs: 500, crowdedMaxDepth: 3 },
    });
  });
});

describe('labels and titles', () => {
  // Every label and title the pages and the bookmarklet show, the strengths
  // with the pace the file gives them.
  const shown = [
    ...SPEEDS,
    ...STRENGTHS,
    ...PLAYOUT_STRENGTHS,
    INSTANT,
    ...PLAYERS,
    ...BOOKMARKLET_SPEEDS,
    ...BOOKMARKLET_STRENGTHS,
    ...PLAYERS.flatMap((p) => strengthChoices(p.id)),
  ].flatMap((item) => [item.label, item.title].filter(Boolean));

  it('hold no measured figure: no digit-grouped number, no share of games', () => {
    expect(shown.length).toBeGreaterThan(50);
    for (const text of shown) {
      expect(text).not.toMatch(/\d,\d{3}/);
      expect(text).not.toMatch(/\d\s?%/);
    }
  });

  it('say what a depth does, and a paused speed the most moves a second its pause allows', () => {
    for (const s of STRENGTHS.filter((s) => 'depth' in s.settings)) {
      expect(s.label).toMatch(new RegExp(`^${s.settings.depth} moves? ahead$`));
    }
    expect(SPEEDS.find((s) => s.id === 'relaxed').label).toBe('Relaxed: up to 1.7 moves/s');
    expect(SPEEDS.find((s) => s.id === 'lively').label).toBe('Lively: up to 30 moves/s');
    expect(SPEEDS.find((s) => s.id === 'max').label).toBe('Fastest: no pause, no animation');
  });

  it("fit a phone's list with their pace: 31 characters at most", () => {
    // app_layout.test.js measures the default player's on a phone; at 32, "2
    // moves ahead: 1400–2000 moves/s" was 2 px too wide there.
    for (const choice of PLAYERS.flatMap((p) => strengthChoices(p.id))) {
      expect(choice.label.length, choice.label).toBeLessThanOrEqual(31);
    }
  });
});

describe('pace', () => {
  const table = {
    players: {
      expectimax: {
        t10: { early: 95.2 },
        d1: { early: 1670, late: 2345 },
        d2: { early: 731.4, late: 302 },
        d3: { early: 121, late: 119 },
      },
    },
  };

  it('rounds rates to two figures, never grouped', () => {
    expect([2345.6, 731.4, 95.2, 8.333, 0.456].map(roundRate)).toEqual(['2300', '730', '95', '8.3', '0.46']);
  });

  it('is added to the label and title of a strength with an entry, and to no other', () => {
    const choices = byId(strengthChoices('expectimax', table), (s) => s);
    expect(choices.d2.label).toBe('2 moves ahead: 730–300 moves/s');
    expect(choices.d2.title).toMatch(/no pause between moves: about 730 moves\/s early in a game, 300 late$/);
    expect(choices.t10.label).toBe('10 ms a move: 95 moves/s early');
    expect(choices.d1.label).toBe('1 move ahead: 1700+ moves/s');
    expect(choices.d1.title).toMatch(/about 1700 moves\/s early in a game, 2300 late$/);
    expect(choices.d3.label).toBe('3 moves ahead: 120 moves/s');
    const d4 = STRENGTHS.find((s) => s.id === 'd4');
    expect(choices.d4).toBe(d4);
    // The same strength for another player: that player has no entry.
    expect(byId(strengthChoices('minimax', table), (s) => s).d2.label).toBe('2 moves ahead');
    expect(paceText('montecarlo', 'p20', table)).toBe('');
    expect(paceText('expectimax', 'd2', { players: {} })).toBe('');
    // Ids and settings are the strengths' own.
    expect(strengthChoices('expectimax', table).map((s) => [s.id, s.settings])).toEqual(
      STRENGTHS.map((s) => [s.id, s.settings]),
    );
  });

  it("comes from web/src/ui/preset_pace.js by default, with the tool's command, date and machine", () => {
    expect(PRESET_PACE.command).toMatch(/^node tools\/bench\/preset_pace\.mjs/);
    expect(PRESET_PACE.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PRESET_PACE.machine.cores).toBeGreaterThan(0);
    // The default strength's figures, in its label and its title.
    const entry = PRESET_PACE.players.expectimax.t10;
    const t10 = byId(strengthChoices('expectimax'), (s) => s).t10;
    expect(t10.label).toBe(`10 ms a move: ${paceText('expectimax', 't10')}`);
    expect(t10.label).toMatch(/^10 ms a move: [\d.]+(–[\d.]+)? moves\/s$/);
    expect(t10.title).toContain(
      `about ${roundRate(entry.early)} moves/s early in a game, ${roundRate(entry.late)} late`,
    );
    // Instant has nothing to measure: no entry, no pace.
    expect(strengthChoices('greedy')).toEqual([INSTANT]);
  });
});
