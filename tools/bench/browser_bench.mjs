// npm run bench:browser -- --speed: the search's speed in headless Chromium,
// through the real engine (engine.js, its workers, the WebAssembly threads
// build where the page is cross-origin isolated) with the real network loaded,
// on the fixed positions of `ai2048 bench` (bench_positions.mjs). Needs a
// built dist/ (npm run build). A measurement, not a test: it never fails on a
// figure.
//
//   node tools/bench/browser_bench.mjs --speed [--depth 3] [--repeat 2] [--threads 1,2,4]
//       [--no-isolation]
//
// Each thread count searches every position at the same fixed depth (so the
// values must be the same, and are checked); nodes/s is the nodes over the
// searches' own time (the wasm's, not the messages'). Default thread counts: 1,
// 2 and all (the engine's default: one per core, at most 4). --no-isolation
// serves the pages without COOP/COEP: the single-threaded fallback.
// One line per thread count, then one JSON object as the last line:
//   {threads: [...], nodesPerSecond: [...], msPerSearch: [...], crossOriginIsolated, ...}
import { launchBrowser, newPage, serve } from '../../tests/e2e/browser.js';
import { benchPositions } from './bench_positions.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

if (!args.includes('--speed')) {
  console.error('usage: npm run bench:browser -- --speed [--depth D] [--repeat R] [--threads 1,2,4] [--no-isolation]');
  console.error('(only the speed mode exists so far)');
  process.exit(2);
}

const depth = Number(option('depth', 3));
const repeat = Number(option('repeat', 2));
const asked = option('threads', null);
const isolated = !args.includes('--no-isolation');

// Runs in the page: one engine with the network, every thread count in turn.
async function measure({ positions, depth, repeat, asked }) {
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
    for (let r = 0; r < repeat; r++) {
      for (const board of positions) {
        const result = await engine.bestMove(board, { depth, threads });
        nodes += result.nodes;
        ms += result.ms;
        searches += 1;
        if (r === 0) values.push(result.values);
      }
    }
    reference ??= values;
    rows.push({
      threads,
      nodes,
      searches,
      ms,
      nodesPerSecond: nodes / (ms / 1000),
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

const positions = benchPositions();
const server = await serve(undefined, { isolated });
const browser = await launchBrowser();
try {
  const { page, errors, outside } = await newPage(browser);
  await page.goto(`${server.url}bookmarklet.html`);
  const started = Date.now();
  const { rows, state } = await page.evaluate(measure, {
    positions: positions.map((p) => p.board),
    depth,
    repeat,
    asked: asked ? asked.split(',').map(Number) : null,
  });
  for (const row of rows) console.log(JSON.stringify(row));
  if (errors.length || outside.length) console.error('page problems:', { errors, outside });
  console.log(
    JSON.stringify({
      bench: 'browser-speed',
      depth,
      positions: positions.length,
      repeat,
      threads: rows.map((r) => r.threads),
      nodesPerSecond: rows.map((r) => Math.round(r.nodesPerSecond)),
      msPerSearch: rows.map((r) => Number(r.msPerSearch.toFixed(2))),
      speedup: rows.map((r) => Number((r.nodesPerSecond / rows[0].nodesPerSecond).toFixed(3))),
      sameValues: rows.every((r) => r.sameValues),
      ...state,
      seconds: Math.round((Date.now() - started) / 1000),
    }),
  );
} finally {
  await browser.close();
  await server.close();
}
