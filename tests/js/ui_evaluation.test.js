// The evaluation line every page shows (evaluation_text.js) for each state of
// the engine (engine/evaluation_state.js), and the pages' request to the
// engine (evaluation_view.js) against a fake engine (no DOM).
import { describe, expect, test } from 'vitest';
import { describeEvaluation } from '../../web/src/ui/evaluation_text.js';
import { networkUrlFrom, showEvaluation, tablesUrlFrom } from '../../web/src/ui/evaluation_view.js';
import { fakeEvaluationEngine as fakeEngine } from './helpers/fake_evaluation_engine.js';

const page = 'http://127.0.0.1:8048/dist/demo.html?seed=3';
const network = { weights: 67_108_864, ms: 1600, threads: 2, threadsNote: null };
const networkState = (more = {}) => ({
  kind: 'network',
  network,
  tables: null,
  tablesLoading: false,
  tablesProblem: null,
  ...more,
});

describe('the evaluation line', () => {
  test('while the network downloads: its share and size, then the unpacking', () => {
    expect(describeEvaluation({ kind: 'loading', received: 0, total: 0 })).toEqual({
      text: 'Evaluation: heuristic, loading the learned network…',
      progress: 0,
      failed: false,
    });
    expect(describeEvaluation({ kind: 'loading', received: 11_450_000, total: 22_900_000 })).toEqual({
      text: 'Evaluation: heuristic, loading the learned network (50% of 22.9 MB)…',
      progress: 0.5,
      failed: false,
    });
    expect(describeEvaluation({ kind: 'loading', received: 2_000_000, total: 0 }).text).toMatch(/\(2\.0 MB\)…$/);
    expect(describeEvaluation({ kind: 'loading', received: 300, total: 300 }).text).toBe(
      'Evaluation: heuristic, unpacking the learned network…',
    );
  });

  test('the network: its weights, load time and threads, then the endgame table or why not', () => {
    expect(describeEvaluation(networkState())).toEqual({
      text: 'Evaluation: learned network (67.11M weights, loaded in 1.6 s), 2 threads',
      progress: null,
      failed: false,
    });
    // Plain words only (no kind of network), and no empty brackets without figures.
    expect(describeEvaluation(networkState()).text).not.toMatch(/n-tuple|expectimax|nodes/i);
    expect(describeEvaluation(networkState({ network: { threads: 1 } })).text).toBe('Evaluation: learned network');
    const one = { ...network, threads: 1, threadsNote: 'page not cross-origin isolated' };
    expect(describeEvaluation(networkState({ network: one })).text).toMatch(
      /\), 1 thread: page not cross-origin isolated$/,
    );
    expect(describeEvaluation(networkState({ tablesLoading: true })).text).toMatch(
      /2 threads, loading the endgame table…$/,
    );
    expect(describeEvaluation(networkState({ tables: { states: 1234 } })).text).toMatch(
      /2 threads, endgame table \(1234 positions\)$/,
    );
    expect(describeEvaluation(networkState({ tablesProblem: 'HTTP 404' })).text).toMatch(
      /2 threads; no endgame table: HTTP 404$/,
    );
  });

  test('the heuristic, and why: off by choice, a failed load, a lost worker', () => {
    expect(describeEvaluation({ kind: 'heuristic' })).toEqual({
      text: 'Evaluation: heuristic',
      progress: null,
      failed: false,
    });
    expect(describeEvaluation({ kind: 'off', reason: 'network=off in the address' })).toEqual({
      text: 'Evaluation: heuristic (network=off in the address)',
      progress: null,
      failed: false,
    });
    expect(describeEvaluation({ kind: 'failed', reason: 'HTTP 404' })).toEqual({
      text: 'Evaluation: heuristic (the learned network could not load: HTTP 404)',
      progress: null,
      failed: true,
    });
    expect(
      describeEvaluation({ kind: 'failed', reason: "the network's worker stopped (out of memory)", lost: true }).text,
    ).toBe("Evaluation: heuristic (the network's worker stopped (out of memory))");
  });
});

describe("the pages' evaluation line", () => {
  test('the address picks the files: default, off, or another one relative to the page', () => {
    expect(networkUrlFrom('?seed=3', page)).toBeUndefined();
    expect(networkUrlFrom('?network=', page)).toBeUndefined();
    expect(networkUrlFrom('?network=off', page)).toBeNull();
    expect(networkUrlFrom('?network=other.n2048.gz', page)).toBe('http://127.0.0.1:8048/dist/other.n2048.gz');
    expect(networkUrlFrom('?network=/x/y.gz', page)).toBe('http://127.0.0.1:8048/x/y.gz');
    expect(tablesUrlFrom('?tables=off', page)).toBeNull();
    expect(tablesUrlFrom('?tables=t.gz', page)).toBe('http://127.0.0.1:8048/dist/t.gz');
  });

  test('asks the engine with the address, and shows every state it reports', async () => {
    const engine = fakeEngine([
      { kind: 'loading', received: 5, total: 10 },
      networkState(),
      networkState({ tables: { states: 9 } }),
    ]);
    const shown = [];
    const element = {
      querySelector: () => null,
      dataset: {},
      get textContent() {
        return shown.at(-1) ?? '';
      },
      set textContent(text) {
        shown.push(text);
      },
    };
    const end = await showEvaluation(Promise.resolve(engine), element, {
      search: '?network=n.gz&tables=off',
      pageUrl: page,
    });
    expect(engine.asked).toEqual([
      { network: 'http://127.0.0.1:8048/dist/n.gz', tables: null, offReason: 'network=off in the address' },
    ]);
    expect(end.tables).toEqual({ states: 9 });
    expect(element.dataset.state).toBe('network');
    expect(shown).toEqual([
      'Evaluation: heuristic',
      'Evaluation: heuristic, loading the learned network (50% of 0.0 MB)…',
      'Evaluation: learned network (67.11M weights, loaded in 1.6 s), 2 threads',
      'Evaluation: learned network (67.11M weights, loaded in 1.6 s), 2 threads, endgame table (9 positions)',
    ]);
  });

  test('says so when the engine did not start', async () => {
    expect(await showEvaluation(Promise.reject(new Error('no wasm')), null, { search: '', pageUrl: page })).toEqual({
      kind: 'off',
      reason: 'the AI did not start',
    });
  });
});
