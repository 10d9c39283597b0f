// Speed mode of npm run bench:browser: nodes/s on the fixed positions of
// `ai2048 bench` (bench_positions.mjs) with 1, 2 and all threads. Each thread
// count searches every position at the same fixed depth, so the values agree
// (threads may meet a position in the table in another order, which moves a
// value a little: the largest relative difference is reported, and how many
// positions chose another move); speedup is nodes/s against one thread, and
// timeSpeedup the time a search takes (threads search a few more nodes); nodes/s is the nodes over the searches' own time
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
  for (const threads of counts) {
    let nodes = 0;
    let ms = 0;
    let searches = 0;
    const values = [];
    const dirs = [];
    // One untimed pass first: the tables are allocated at their first search,
    // and the first thread count also waits for V8 to compile the hot
    // functions optimised (a first count measured cold ran 20% slower).
    for (const board of threads === counts[0] ? positions : positions.slice(0, 1)) {
      await engine.bestMove(board, { depth, threads });
    }
    const cpuBefore = await globalThis.benchCpuMs();
    for (let r = 0; r < repeat; r++) {
      for (const board of positions) {
        const result = await engine.bestMove(board, { depth, threads });
        nodes += result.nodes;
        ms += result.ms;
        searches += 1;
        if (r === 0) {
          values.push(result.values);
          dirs.push(result.dir);
        }
      }
    }
    const cpuMs = (await globalThis.benchCpuMs()) - cpuBefore;
    rows.push({
      threads,
      nodes,
      searches,
      ms,
      nodesPerSecond: nodes / (ms / 1000),
      nodesPerCpuSecond: nodes / (cpuMs / 1000),
      msPerSearch: ms / searches,
      values,
      dirs,
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

// The largest |a - b| / |b| over every position's four values.
function maxRelativeDifference(values, reference) {
  let most = 0;
  values.forEach((row, i) =>
    row.forEach((v, d) => {
      const ref = reference[i][d];
      if (v !== ref) most = Math.max(most, Math.abs(v - ref) / Math.max(1, Math.abs(ref)));
    }),
  );
  return most;
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
    timeSpeedup: rows.map((r) => Number((rows[0].msPerSearch / r.msPerSearch).toFixed(3))),
    maxValueDifference: rows.map((r) => Number(maxRelativeDifference(r.values, rows[0].values).toPrecision(3))),
    otherMoves: rows.map((r) => r.dirs.filter((dir, i) => dir !== rows[0].dirs[i]).length),
    ...state,
  };
}
