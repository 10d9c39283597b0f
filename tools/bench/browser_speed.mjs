// Speed mode of npm run bench:browser: nodes/s on the fixed positions of
// `ai2048 bench` (bench_positions.mjs) with 1, 2 and all threads. Each thread
// count searches every position at the same fixed depth (so the values must be
// the same, and are checked); nodes/s is the nodes over the searches' own time
// (the wasm's, not the messages'); nodesPerCpuSecond is the nodes over the
// CPU time the tab's renderer used meanwhile (window.benchCpuMs, from /proc),
// which a busy machine disturbs far less than the clock.

// Runs in the page: one engine with the network, every thread count in turn.
export async function measureSpeed({ positions, depth, repeat, asked }) {
  const { createEngine } = await import('/src/engine/engine.js');
  const engine = await createEngine({});
  const info = await engine.loadNetwork();
  const all = engine.threads;
  const counts = asked ? asked.filter((t) => t <= all) : [...new Set([1, 2, all].filter((t) => t <= all))];
  const rows = [];
  let reference = null;
  for (const threads of counts) {
    let nodes = 0;
    let ms = 0;
    let searches = 0;
    const values = [];
    // One untimed pass first: the threads' tables are allocated at their first search.
    await engine.bestMove(positions[0], { depth, threads });
    const cpuBefore = await globalThis.benchCpuMs();
    for (let r = 0; r < repeat; r++) {
      for (const board of positions) {
        const result = await engine.bestMove(board, { depth, threads });
        nodes += result.nodes;
        ms += result.ms;
        searches += 1;
        if (r === 0) values.push(result.values);
      }
    }
    const cpuMs = (await globalThis.benchCpuMs()) - cpuBefore;
    reference ??= values;
    rows.push({
      threads,
      nodes,
      searches,
      ms,
      nodesPerSecond: nodes / (ms / 1000),
      nodesPerCpuSecond: nodes / (cpuMs / 1000),
      msPerSearch: ms / searches,
      sameValues: JSON.stringify(values) === JSON.stringify(reference),
    });
  }
  const state = {
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    engineThreads: engine.threads,
    threadsNote: engine.threadsNote,
    hardwareConcurrency: navigator.hardwareConcurrency,
    network: `${info.weights} weights`,
  };
  engine.dispose();
  return { rows, state };
}

// The speed mode's last line from measureSpeed's rows.
export function speedSummary({ rows, state }, { depth, positions, repeat }) {
  return {
    bench: 'browser-speed',
    depth,
    positions,
    repeat,
    threads: rows.map((r) => r.threads),
    nodesPerSecond: rows.map((r) => Math.round(r.nodesPerSecond)),
    nodesPerCpuSecond: rows.map((r) => Math.round(r.nodesPerCpuSecond)),
    msPerSearch: rows.map((r) => Number(r.msPerSearch.toFixed(2))),
    speedup: rows.map((r) => Number((r.nodesPerSecond / rows[0].nodesPerSecond).toFixed(3))),
    sameValues: rows.every((r) => r.sameValues),
    ...state,
  };
}
