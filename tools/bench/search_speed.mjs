// Search speed on the bench positions, natively (the CLI's own bench) and in
// wasm (the same searches through the bindings), totalled per stage. Each
// search is timed twice: by the clock (what the CLI reports) and by CPU time,
// which a busy machine disturbs far less.
import { spawnSync } from 'node:child_process';
import { ensureNativeCli } from '../harness/native_cli.js';

export const STAGES = ['early', 'middle', 'late', 'all'];

export function emptyTotals() {
  return Object.fromEntries(STAGES.map((s) => [s, { searches: 0, nodes: 0, ms: 0, cpuMs: 0, depth: 0 }]));
}

// `ai2048 bench --repeat n`: its JSON line (each stage's clock and CPU time).
function nativeBench(repeat, cliArgs) {
  const run = spawnSync(ensureNativeCli(), ['bench', '--repeat', String(repeat), ...cliArgs], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ai2048 bench failed: ${run.stderr}`);
  return { line: JSON.parse(run.stdout.trim().split('\n').pop()) };
}

// Native passes: the CLI's figures from `--repeat passes + 1` less one pass, so
// that the first pass's cache and table warm-up cancel out, as in wasm.
export function nativeRuns(passes, cliArgs, between) {
  const one = nativeBench(1, cliArgs);
  between();
  const many = nativeBench(passes + 1, cliArgs);
  const totals = emptyTotals();
  for (const stage of STAGES) {
    const [a, b] = [one.line[stage], many.line[stage]];
    if (!b.searches) continue;
    const t = totals[stage];
    t.searches = b.searches - a.searches;
    t.nodes = b.nodes - a.nodes;
    t.ms = b.msPerMove * b.searches - a.msPerMove * a.searches;
    t.depth = b.meanDepth * b.searches - a.meanDepth * a.searches;
    // The CLI times each search's CPU itself: no start-up or loading in it.
    t.cpuMs = b.cpuMsPerMove * b.searches - a.cpuMsPerMove * a.searches;
  }
  return totals;
}

// One wasm pass, with the same warm-up search the CLI does first.
export function wasmPass(totals, module, positions, settings) {
  module.search(positions[0].board, settings);
  for (const p of positions) {
    const cpu = process.cpuUsage();
    const r = module.search(p.board, settings);
    const used = process.cpuUsage(cpu);
    for (const key of [p.stage, 'all']) {
      const t = totals[key];
      t.searches += 1;
      t.nodes += r.nodes;
      t.ms += r.ms;
      t.cpuMs += (used.user + used.system) / 1000;
      t.depth += r.depth;
    }
  }
}
