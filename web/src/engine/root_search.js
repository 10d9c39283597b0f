// The best move, searched over however many executors the dispatcher has.
//
// Root parallelism: each legal root move is one task (search_root_move in the
// core, with its own table scope), so the tasks spread over the pool need no
// shared memory. What each kind of budget means here:
//   - depth (fixed, or chosen from the position when no budget is given): every
//     legal move searched to that depth; the values, the best move and the node
//     count are exactly those of the single-threaded core search.
//   - nodes: iterative deepening in rounds (all legal moves at depth 1, then 2,
//     ... up to the plan's deepestDepth: maxDepth, or crowdedMaxDepth on a
//     crowded board, as the core deepens). A round starts while nodes are
//     left; each of its tasks may use all that is left, and the round counts
//     only when every task finished and together they stayed within it.
//     Deterministic, and the same with any number of workers (the main thread
//     included), though not always the same depth as the core's sequential
//     search, which spends the budget move after move.
// engine.js decides when a search goes this way (searchesByRoot): never for a
// time budget, which the core's own search and time rule answer on one
// executor (cpp/search/time_manager.h), nor for settings.phase.

const ROOT_NODES = 4; // the core counts the four root moves once per search

function bestOf(values) {
  let best = -1;
  for (let dir = 0; dir < 4; dir++) {
    if (values[dir] !== null && (best < 0 || values[dir] > values[best])) best = dir;
  }
  return best;
}

// All legal root moves at one depth. nodes: what the round searched, without the
// root moves themselves (each task counts its own).
async function searchRound(dispatcher, board, legal, depth, settings, nodeLimit) {
  const results = await Promise.all(
    legal.map((dir) => dispatcher.run('searchRootMove', [board, dir, depth, settings, nodeLimit])),
  );
  const values = [null, null, null, null];
  let nodes = 0;
  legal.forEach((dir, i) => {
    values[dir] = results[i].value;
    nodes += Math.max(results[i].nodes - 1, 0);
  });
  return { values, nodes, complete: results.every((r) => r.complete) };
}

// A node budget: one round per depth while nodes are left.
async function deepenInRounds(dispatcher, board, settings, plan) {
  const { nodes: budget } = plan.settings;
  let values = plan.values;
  let depth = 0;
  let nodes = ROOT_NODES;
  for (let d = 1; d <= plan.deepestDepth; d++) {
    const left = budget - nodes;
    if (d > 1 && left <= 0) break;
    const round = await searchRound(dispatcher, board, plan.legal, d, settings, Math.max(left, 1));
    nodes += round.nodes;
    if (!round.complete || round.nodes > left) break;
    values = round.values;
    depth = d;
  }
  return { values, depth, nodes };
}

export async function searchBestMove(dispatcher, board, settings) {
  const start = performance.now();
  const plan = await dispatcher.run('plan', [board, settings]);
  const { depth: fixedDepth, nodes } = plan.settings;
  let found;
  if (!nodes) {
    const depth = fixedDepth || plan.chosenDepth;
    const round = await searchRound(dispatcher, board, plan.legal, depth, settings, 0);
    found = { values: round.values, depth, nodes: ROOT_NODES + round.nodes };
  } else {
    found = await deepenInRounds(dispatcher, board, settings, plan);
  }
  return { dir: bestOf(found.values), ...found, ms: performance.now() - start };
}
