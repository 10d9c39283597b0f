// What the panel says about the engine (where it searches, which evaluation,
// the network's download), and the settings a saved copy may bring back.
import { describe, expect, it } from 'vitest';
import {
  NO_NETWORK_ON_PAGE_THREAD,
  describeEvaluation,
  describeNetworkFailure,
  describeProgress,
  describeSearch,
} from '../../web/bookmarklet/session_text.js';
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
