// The network line's logic: which file a page loads, what each state says,
// and the load's sequence against a fake engine (no DOM).
import { describe, expect, test } from 'vitest';
import {
  describeNetwork,
  loadNetworkAfterPaint,
  memoryProblem,
  networkUrlFrom,
} from '../../web/src/ui/network_status.js';

const page = 'http://127.0.0.1:8048/dist/demo.html?seed=3';

describe('network status', () => {
  test('the address picks the file: default, off, or another one relative to the page', () => {
    expect(networkUrlFrom('?seed=3', page)).toBeUndefined();
    expect(networkUrlFrom('?network=', page)).toBeUndefined();
    expect(networkUrlFrom('?network=off', page)).toBeNull();
    expect(networkUrlFrom('?network=other.n2048.gz', page)).toBe('http://127.0.0.1:8048/dist/other.n2048.gz');
    expect(networkUrlFrom('?network=/x/y.gz', page)).toBe('http://127.0.0.1:8048/x/y.gz');
  });

  test('each state has its line and bar', () => {
    expect(describeNetwork({ kind: 'loading', received: 11_450_000, total: 22_900_000 })).toEqual({
      text: 'Evaluation: heuristic, loading the learned network (50% of 22.9 MB)…',
      progress: 0.5,
    });
    expect(describeNetwork({ kind: 'loading', received: 2_000_000, total: 0 }).text).toMatch(/\(2\.0 MB\)/);
    expect(describeNetwork({ kind: 'network', info: { weights: 67_108_864 } })).toEqual({
      text: 'Evaluation: learned network (n-tuple, 67.11M weights)',
      progress: null,
    });
    expect(describeNetwork({ kind: 'failed', reason: 'HTTP 404' }).text).toBe(
      'Evaluation: heuristic. The learned network could not load: HTTP 404',
    );
    expect(describeNetwork({ kind: 'heuristic' })).toEqual({ text: 'Evaluation: heuristic', progress: null });
  });

  test('a device that reports under 1 GB of memory skips the network', () => {
    expect(memoryProblem(0.5)).toMatch(/0\.5 GB/);
    expect(memoryProblem(8)).toBeNull();
    expect(memoryProblem(undefined)).toBeNull();
  });

  test('loads after the engine, reporting progress, and ends with the network or the reason', async () => {
    const states = [];
    const engine = {
      async loadNetwork(url, { onProgress }) {
        expect(url).toBe('http://127.0.0.1:8048/dist/n.gz');
        onProgress(5, 10);
        onProgress(10, 10);
        return { weights: 42 };
      },
    };
    const end = await loadNetworkAfterPaint(Promise.resolve(engine), null, {
      search: '?network=n.gz',
      pageUrl: page,
      onState: (s) => states.push(s.kind),
    });
    expect(end).toEqual({ kind: 'network', info: { weights: 42 } });
    expect(states).toEqual(['heuristic', 'loading', 'loading', 'loading', 'network']);

    const failing = {
      loadNetwork: async () => {
        throw new Error('checksum mismatch');
      },
    };
    expect(await loadNetworkAfterPaint(Promise.resolve(failing), null, { search: '', pageUrl: page })).toEqual({
      kind: 'failed',
      reason: 'checksum mismatch',
    });
    expect(
      await loadNetworkAfterPaint(Promise.reject(new Error('no wasm')), null, { search: '', pageUrl: page }),
    ).toEqual({ kind: 'off', reason: 'the AI did not start' });
    expect(
      (await loadNetworkAfterPaint(Promise.resolve(engine), null, { search: '?network=off', pageUrl: page })).kind,
    ).toBe('off');
  });

  test('loads the endgame table after the network and names it, or says why not', async () => {
    const asked = [];
    const engine = {
      loadNetwork: async () => ({ weights: 42 }),
      async loadTables(url) {
        asked.push(url);
        if (url?.endsWith('bad.gz')) throw new Error('table file: checksum mismatch (the file is corrupt)');
        return { tables: 2, states: 1234, targets: [256, 512] };
      },
    };
    const end = await loadNetworkAfterPaint(Promise.resolve(engine), null, { search: '', pageUrl: page });
    expect(end).toEqual({
      kind: 'network',
      info: { weights: 42 },
      tables: { tables: 2, states: 1234, targets: [256, 512] },
    });
    expect(asked).toEqual([undefined]); // the engine's default file
    expect(describeNetwork(end).text).toMatch(/learned network .*, endgame table \(1234 positions\)$/);
    const bad = await loadNetworkAfterPaint(Promise.resolve(engine), null, { search: '?tables=bad.gz', pageUrl: page });
    expect(asked.at(-1)).toBe('http://127.0.0.1:8048/dist/bad.gz');
    expect(describeNetwork(bad).text).toMatch(/; no endgame table: table file: checksum mismatch/);
    const off = await loadNetworkAfterPaint(Promise.resolve(engine), null, { search: '?tables=off', pageUrl: page });
    expect(off).toEqual({ kind: 'network', info: { weights: 42 } });
    expect(asked).toHaveLength(2);
  });

  test('says so when the network stops after it loaded', async () => {
    const states = [];
    const engine = {
      evaluation: 'heuristic',
      networkProblem: null,
      async loadNetwork() {
        this.evaluation = 'network';
        return { weights: 42 };
      },
    };
    await loadNetworkAfterPaint(Promise.resolve(engine), null, {
      search: '',
      pageUrl: page,
      watchMs: 5,
      onState: (s) => states.push(s),
    });
    expect(states.at(-1).kind).toBe('network');
    engine.evaluation = 'heuristic';
    engine.networkProblem = "the network's worker stopped (out of memory)";
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(states.at(-1)).toEqual({ kind: 'failed', reason: "the network's worker stopped (out of memory)" });
  });
});
