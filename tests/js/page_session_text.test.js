// What the panel says about the engine (where it searches, which evaluation,
// the network's download), and the settings a saved copy may bring back.
import { describe, expect, it } from 'vitest';
import { describeChoice, describeSearch, describeStats } from '../../web/page_session/session_text.js';
import { followEvaluation } from '../../web/page_session/play_session.js';
import { fakeEvaluationEngine as fakeEngine } from './helpers/fake_evaluation_engine.js';
import { DEFAULT_SETTINGS, normalizeSettings } from '../../web/page_session/settings.js';
import { BOOKMARKLET_SPEEDS, BOOKMARKLET_STRENGTHS } from '../../web/src/ui/presets.js';

describe("the panel's engine line", () => {
  it('names where the search runs, in the page or in the extension', () => {
    expect(describeSearch({ mode: 'pool', poolSize: 3 })).toBe('search: 3 workers');
    expect(describeSearch({ mode: 'worker', poolSize: 1 })).toBe('search: 1 worker');
    // The network's threads inside the worker, as the evaluation line gives them.
    expect(describeSearch({ mode: 'worker', poolSize: 1 }, 2)).toBe('search: 1 worker, 2 threads');
    expect(describeSearch({ mode: 'extension', hostMode: 'worker', poolSize: 1 }, 2)).toBe(
      'search: extension, 1 worker, 2 threads',
    );
    expect(describeSearch({ mode: 'main', poolSize: 1 })).toBe('search: page thread');
    expect(describeSearch({ mode: 'extension', hostMode: 'pool', poolSize: 2 })).toBe('search: extension, 2 workers');
    expect(describeSearch({ mode: 'extension', hostMode: 'worker', poolSize: 1 })).toBe('search: extension, 1 worker');
    expect(describeSearch({ mode: 'extension', hostMode: 'main', poolSize: 1 })).toBe(
      'search: extension, its page thread',
    );
  });
});

describe('the endgame table in the panel', () => {
  it('says when the table chose the move, and counts the moves it chose', () => {
    expect(describeChoice('up', { depth: 2, tableRate: 0.8712 })).toBe('up (depth 2; endgame table: 87%)');
    expect(describeChoice('left', { depth: 3 })).toBe('left (depth 3)');
    expect(describeStats({ moves: 1, rate: 0 })).toBe('1 move · 0.0 moves/s');
    expect(describeStats({ moves: 40, rate: 2.25, tableMoves: 3 }, 'up (depth 2; endgame table: 87%)')).toBe(
      '40 moves · 2.3 moves/s · 3 by the endgame table · AI: up (depth 2; endgame table: 87%)',
    );
  });
});

// The panel's evaluation line (play_session.js followEvaluation) with a fake
// engine and panel: the engine's states, rendered as the pages render them.
function fakeOverlay() {
  const overlay = { lines: [], progress: [], modes: [] };
  overlay.setEvaluation = (text, kind = 'info') => overlay.lines.push([text, kind]);
  overlay.setMode = (text) => overlay.modes.push(text);
  overlay.setProgress = (fraction) => overlay.progress.push(fraction);
  return overlay;
}

const network = { weights: 67_108_864, ms: 1000, threads: 1, threadsNote: null };

describe("the panel's evaluation line", () => {
  it('asks the engine for the network and the table beside it, and shows each state', async () => {
    const engine = fakeEngine([
      { kind: 'loading', received: 5, total: 10 },
      { kind: 'network', network, tables: null, tablesLoading: true, tablesProblem: null },
      { kind: 'network', network, tables: { states: 500000 }, tablesLoading: false, tablesProblem: null },
    ]);
    const overlay = fakeOverlay();
    followEvaluation(engine, overlay, { networkUrl: 'https://x/network/n.gz', tablesUrl: 'https://x/tables/t.gz' });
    expect(engine.asked).toEqual([{ network: 'https://x/network/n.gz', tables: 'https://x/tables/t.gz' }]);
    expect(overlay.lines).toEqual([
      ['Evaluation: heuristic', 'info'],
      ['Evaluation: heuristic, loading the learned network (50% of 0.0 MB)…', 'info'],
      ['Evaluation: learned network (67.11M weights, loaded in 1.0 s), loading the endgame table…', 'info'],
      ['Evaluation: learned network (67.11M weights, loaded in 1.0 s), endgame table (500.0k positions)', 'info'],
    ]);
    expect(overlay.progress).toEqual([null, 0.5, null, null]);
    expect(overlay.modes.at(-1)).toBe('search: page thread');
  });

  it('says the threads the network searches on where the search runs, as the evaluation line does', () => {
    const engine = fakeEngine([
      { kind: 'network', network: { ...network, threads: 2 }, tables: null, tablesLoading: false, tablesProblem: null },
    ]);
    Object.assign(engine, { mode: 'worker', poolSize: 1 });
    const overlay = fakeOverlay();
    followEvaluation(engine, overlay, { networkUrl: 'n.gz' });
    expect(overlay.lines.at(-1)[0]).toMatch(/, 2 threads/);
    expect(overlay.modes).toEqual(['search: 1 worker', 'search: 1 worker, 2 threads']);
  });

  it('marks a failure, and hears a worker lost later', () => {
    const engine = fakeEngine([{ kind: 'failed', reason: 'HTTP 404' }]);
    const overlay = fakeOverlay();
    const stop = followEvaluation(engine, overlay, { networkUrl: 'n.gz' });
    expect(engine.asked).toEqual([{ network: 'n.gz', tables: null }]);
    expect(overlay.lines.at(-1)).toEqual([
      'Evaluation: heuristic (the learned network could not load: HTTP 404)',
      'error',
    ]);
    engine.state.set({ kind: 'failed', reason: "the network's worker stopped (gone)", lost: true });
    expect(overlay.lines.at(-1)).toEqual(["Evaluation: heuristic (the network's worker stopped (gone))", 'error']);
    stop();
    engine.state.set({ kind: 'heuristic' });
    expect(overlay.lines).toHaveLength(3);
  });
});

describe('saved settings', () => {
  it('keeps each valid field and puts the default back for each other one', () => {
    const speed = BOOKMARKLET_SPEEDS.at(-1).id;
    const strength = BOOKMARKLET_STRENGTHS[0].id;
    expect(normalizeSettings({ speed, strength, keepGoing: false })).toEqual({ speed, strength, keepGoing: false });
    expect(normalizeSettings({ speed: 'warp', strength, keepGoing: 'yes' })).toEqual({
      speed: DEFAULT_SETTINGS.speed,
      strength,
      keepGoing: DEFAULT_SETTINGS.keepGoing,
    });
    for (const junk of [null, undefined, 42, 'max', []])
      expect(normalizeSettings(junk)).toEqual({ ...DEFAULT_SETTINGS });
  });

  it('defaults to choices the presets offer', () => {
    expect(BOOKMARKLET_SPEEDS.map((s) => s.id)).toContain(DEFAULT_SETTINGS.speed);
    expect(BOOKMARKLET_STRENGTHS.map((s) => s.id)).toContain(DEFAULT_SETTINGS.strength);
  });
});
