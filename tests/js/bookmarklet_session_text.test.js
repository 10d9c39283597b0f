// What the panel says about the engine (where it searches, which evaluation,
// the network's download), and the settings a saved copy may bring back.
import { describe, expect, it } from 'vitest';
import {
  NO_NETWORK_ON_PAGE_THREAD,
  describeChoice,
  describeEvaluation,
  describeNetworkFailure,
  describeProgress,
  describeSearch,
  describeStats,
} from '../../web/bookmarklet/session_text.js';
import { loadNetwork } from '../../web/bookmarklet/play_session.js';
import { DEFAULT_SETTINGS, normalizeSettings } from '../../web/bookmarklet/settings.js';
import { BOOKMARKLET_SPEEDS, BOOKMARKLET_STRENGTHS } from '../../web/src/ui/presets.js';

describe("the panel's engine line", () => {
  it('names where the search runs, in the page or in the extension', () => {
    expect(describeSearch({ mode: 'pool', poolSize: 3 })).toBe('search: 3 workers');
    expect(describeSearch({ mode: 'worker', poolSize: 1 })).toBe('search: 1 worker');
    expect(describeSearch({ mode: 'main', poolSize: 1 })).toBe('search: page thread');
    expect(describeSearch({ mode: 'extension', hostMode: 'pool', poolSize: 2 })).toBe('search: extension, 2 workers');
    expect(describeSearch({ mode: 'extension', hostMode: 'worker', poolSize: 1 })).toBe('search: extension, 1 worker');
    expect(describeSearch({ mode: 'extension', hostMode: 'main', poolSize: 1 })).toBe(
      'search: extension, its page thread',
    );
  });

  it("says which evaluation plays, trusting the engine over the load's answer", () => {
    expect(describeEvaluation({ evaluation: 'heuristic' })).toBe('Evaluation: heuristic');
    expect(describeEvaluation({ evaluation: 'network' }, { ms: 5250 })).toBe(
      'Evaluation: learned network (loaded in 5.3 s)',
    );
    expect(describeEvaluation({ evaluation: 'network' })).toBe('Evaluation: learned network');
    // The load answered but the engine dropped the network since.
    expect(describeEvaluation({ evaluation: 'heuristic' }, { ms: 10 })).toBe('Evaluation: heuristic');
    // An engine that does not say: the load's answer decides.
    expect(describeEvaluation({}, { ms: 10 })).toBe('Evaluation: learned network (loaded in 0.0 s)');
    expect(describeEvaluation({})).toBe('Evaluation: heuristic');
  });

  it('says how many threads search with the network, and why one', () => {
    expect(describeEvaluation({ evaluation: 'network' }, { ms: 1600, threads: 2, threadsNote: null })).toBe(
      'Evaluation: learned network (loaded in 1.6 s; 2 threads)',
    );
    expect(
      describeEvaluation(
        { evaluation: 'network' },
        { ms: 1600, threads: 1, threadsNote: 'page not cross-origin isolated' },
      ),
    ).toBe('Evaluation: learned network (loaded in 1.6 s; 1 thread: page not cross-origin isolated)');
  });

  it('shows the download in percent, in MB without a size, then the unpacking', () => {
    expect(describeProgress(0, 0)).toBe('Evaluation: heuristic · loading the learned network…');
    expect(describeProgress(4_500_000, 0)).toBe('Evaluation: heuristic · loading the learned network 4.5 MB');
    expect(describeProgress(1, 3)).toBe('Evaluation: heuristic · loading the learned network 33%');
    expect(describeProgress(299, 300)).toBe('Evaluation: heuristic · loading the learned network 99%');
    expect(describeProgress(300, 300)).toBe('Evaluation: heuristic · unpacking the learned network…');
  });

  it('gives the reason when the network does not load, and says the heuristic plays', () => {
    expect(describeNetworkFailure('HTTP 404')).toBe(
      'Evaluation: heuristic (the learned network did not load: HTTP 404)',
    );
    expect(NO_NETWORK_ON_PAGE_THREAD).toMatch(/^Evaluation: heuristic \(.*workers/);
  });
});

describe('the endgame table in the panel', () => {
  const info = { ms: 1600, threads: 2, threadsNote: null };

  it('names the table after the network, or says why not', () => {
    const engine = { evaluation: 'network' };
    expect(describeEvaluation(engine, info, { loading: true })).toBe(
      'Evaluation: learned network (loaded in 1.6 s; 2 threads) · loading the endgame table…',
    );
    expect(describeEvaluation(engine, info, { tables: { tables: 3, states: 500000 } })).toBe(
      'Evaluation: learned network (loaded in 1.6 s; 2 threads), endgame table',
    );
    expect(describeEvaluation(engine, info, { problem: 'could not download the endgame table: HTTP 404' })).toBe(
      'Evaluation: learned network (loaded in 1.6 s; 2 threads); no endgame table: could not download the endgame table: HTTP 404',
    );
    // No network, no table.
    expect(describeEvaluation({ evaluation: 'heuristic' }, info, { tables: {} })).toBe('Evaluation: heuristic');
  });

  it('says when the table chose the move, and counts the moves it chose', () => {
    expect(describeChoice('up', { depth: 2, tableRate: 0.8712 })).toBe('up (depth 2; endgame table: 87%)');
    expect(describeChoice('left', { depth: 3 })).toBe('left (depth 3)');
    expect(describeStats({ moves: 1, rate: 0 })).toBe('1 move · 0.0 moves/s');
    expect(describeStats({ moves: 40, rate: 2.25, tableMoves: 3 }, 'up (depth 2; endgame table: 87%)')).toBe(
      '40 moves · 2.3 moves/s · 3 by the endgame table · AI: up (depth 2; endgame table: 87%)',
    );
  });
});

// The session's loads (play_session.js loadNetwork) with a fake engine and panel.
function fakeOverlay() {
  const overlay = { lines: [], progress: [] };
  overlay.setEvaluation = (text, kind = 'info') => overlay.lines.push([text, kind]);
  overlay.setProgress = (fraction) => overlay.progress.push(fraction);
  return overlay;
}

function fakeEngine({ tablesFail = null, tables = true } = {}) {
  const engine = { mode: 'pool', evaluation: 'heuristic', asked: [] };
  engine.loadNetwork = async (url, { onProgress }) => {
    engine.asked.push(['loadNetwork', url]);
    onProgress(10, 10);
    engine.evaluation = 'network';
    return { ms: 1000, threads: 1, threadsNote: null };
  };
  if (tables) {
    engine.loadTables = async (url) => {
      engine.asked.push(['loadTables', url]);
      if (tablesFail) throw new Error(tablesFail);
      return { tables: 3, states: 500000 };
    };
  }
  return engine;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session loads the endgame table after the network', () => {
  it('loads it from the url beside the network and names it', async () => {
    const engine = fakeEngine();
    const overlay = fakeOverlay();
    loadNetwork(engine, 'https://x/network/n.gz', overlay, 'https://x/tables/t.gz');
    await settle();
    expect(engine.asked).toEqual([
      ['loadNetwork', 'https://x/network/n.gz'],
      ['loadTables', 'https://x/tables/t.gz'],
    ]);
    expect(overlay.lines.slice(-2)).toEqual([
      ['Evaluation: learned network (loaded in 1.0 s) · loading the endgame table…', 'info'],
      ['Evaluation: learned network (loaded in 1.0 s), endgame table', 'info'],
    ]);
  });

  it('says why not where it fails, and the network plays on', async () => {
    const engine = fakeEngine({ tablesFail: 'the endgame table file is corrupt (bad)\nmore' });
    const overlay = fakeOverlay();
    const check = loadNetwork(engine, 'n.gz', overlay, 't.gz');
    await settle();
    expect(overlay.lines.at(-1)).toEqual([
      'Evaluation: learned network (loaded in 1.0 s); no endgame table: the endgame table file is corrupt (bad)',
      'info',
    ]);
    check();
    expect(engine.evaluation).toBe('network');
    expect(overlay.lines.at(-1)[1]).toBe('info');
  });

  it('loads no table without a url, an engine that cannot, or a network', async () => {
    for (const [engine, tablesUrl] of [
      [fakeEngine(), null],
      [fakeEngine({ tables: false }), 't.gz'],
    ]) {
      const overlay = fakeOverlay();
      loadNetwork(engine, 'n.gz', overlay, tablesUrl);
      await settle();
      expect(engine.asked.map(([op]) => op)).toEqual(['loadNetwork']);
      expect(overlay.lines.at(-1)).toEqual(['Evaluation: learned network (loaded in 1.0 s)', 'info']);
    }
    const onPage = { ...fakeEngine(), mode: 'main' };
    loadNetwork(onPage, 'n.gz', fakeOverlay(), 't.gz');
    await settle();
    expect(onPage.asked).toEqual([]);
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
