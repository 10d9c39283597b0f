// The evaluation state (engine/evaluation_state.js) as the engine's one record
// of the network and its table: what engine.network, networkProblem, threads,
// threadsNote, tables and tablesProblem read from each state, and its
// listeners.
import { describe, expect, test } from 'vitest';
import { EvaluationState, TABLES_NEED_NETWORK } from '../../web/src/engine/evaluation_state.js';

const network = { weights: 67_108_864, threads: 2, threadsNote: null };
const figures = (state) => ({
  network: state.network,
  networkProblem: state.networkProblem,
  threads: state.threads,
  threadsNote: state.threadsNote,
  tables: state.tables,
  tablesProblem: state.tablesProblem,
});

describe('the evaluation state, read by the engine', () => {
  test('no network: the heuristic, one thread, and the table needs the network', () => {
    const state = new EvaluationState();
    const none = { network: null, threads: 1, threadsNote: null, tables: null, tablesProblem: TABLES_NEED_NETWORK };
    expect(figures(state)).toEqual({ ...none, networkProblem: null });
    state.set({ kind: 'loading', received: 10, total: 100 });
    expect(figures(state)).toEqual({ ...none, networkProblem: null });
    state.set({ kind: 'off', reason: 'network=off in the address' });
    expect(figures(state)).toEqual({ ...none, networkProblem: null });
    state.set({ kind: 'failed', reason: 'HTTP 404' });
    expect(figures(state)).toEqual({ ...none, networkProblem: 'HTTP 404' });
  });

  test('the network, then its table, or why the table did not load', () => {
    const state = new EvaluationState();
    state.set({ kind: 'network', network, tables: null, tablesLoading: false, tablesProblem: null });
    expect(figures(state)).toEqual({
      network,
      networkProblem: null,
      threads: 2,
      threadsNote: null,
      tables: null,
      tablesProblem: null,
    });
    state.updateNetwork({ tablesLoading: false, tablesProblem: 'HTTP 404' });
    expect(state.tablesProblem).toBe('HTTP 404');
    state.updateNetwork({ tables: { states: 9 }, tablesLoading: false, tablesProblem: null });
    expect(state.tables).toEqual({ states: 9 });
    expect(state.tablesProblem).toBeNull();
    const one = { ...network, threads: 1, threadsNote: 'page not cross-origin isolated' };
    state.set({ kind: 'network', network: one, tables: null, tablesLoading: false, tablesProblem: null });
    expect([state.threads, state.threadsNote]).toEqual([1, 'page not cross-origin isolated']);
  });

  test("a lost worker: the network and its table gone, each with the worker's reason", () => {
    const state = new EvaluationState();
    state.set({ kind: 'network', network, tables: { states: 9 }, tablesLoading: false, tablesProblem: null });
    const reason = "the network's worker stopped (out of memory)";
    state.set({ kind: 'failed', reason, lost: true });
    expect(figures(state)).toEqual({
      network: null,
      networkProblem: reason,
      threads: 1,
      threadsNote: null,
      tables: null,
      tablesProblem: reason,
    });
  });

  test('updateNetwork changes nothing without a network', () => {
    const state = new EvaluationState();
    const heard = [];
    state.on((s) => heard.push(s));
    state.updateNetwork({ tablesLoading: true });
    expect(heard).toEqual([]);
    expect(state.current).toEqual({ kind: 'heuristic' });
  });
});
