// The best move, searched over however many executors the dispatcher has.
//
// Root parallelism: each legal root move is one task (search_root_move in the
// core, with its own table scope), so the tasks spread over the pool need no
// shared memory. What each kind of budget means here:
//   - depth (fixed, or chosen from the position when no budget is given): every
//     legal move searched to that depth; the values, the best move and the node
//     count are exactly those of the single-threaded core search.
//   - nodes: iterative deepening in rounds (all legal moves at depth 1, then 2,
//     ... up to maxDepth). A round starts while nodes are left; each of its
//     tasks may use all that is left, and the round counts only when every task
//     finished and together they stayed within it. Deterministic, and the same
//     with any number of workers (the main thread included), though not always
//     the same depth as the core's sequential search, which spends the budget
//     move after move.
//   - timeMs: the same rounds, each started only while the time left is
//     predicted to allow it, and stopped at the deadline; a round cut short is
//     discarded. Not deterministic (neither is the core's).
// With one executor, depth and time budgets go to the core's own search.
import { epochNow } from './engine_ops.js';

const ROOT_NODES = 4;  // the core counts the four root moves once per search

function bestOf(values) {
  let best = -1;
  for (let dir = 0; dir < 4; dir++) {
    if (values[dir] !== null && (best < 0 || values[dir] > values[best])) best = dir;
  }
  return best;
}

// All legal root moves at one depth. nodes: what the round searched, without the
// root moves themselves (each task counts its own).
async function searchRound(dispatcher, board, legal, depth, settings, nodeLimit, deadline) {
  const results = await Promise.all(legal.map((dir) =>
    dispatcher.run('searchRootMove', [board, dir, depth, settings, nodeLimit, deadline])));
  const values = [null, null, null, null];
  let nodes = 0;
  legal.forEach((dir, i) => {
    values[dir] = results[i].value;
    nodes += Math.max(results[i].nodes - 1, 0);
  });
  return { values, nodes, complete: results.every((r) => r.complete) };
}

async function deepenInRounds(dispatcher, board, settings, plan, start) {
  const { nodes: budget, timeMs, maxDepth } = plan.settings;
  const deadline = timeMs ? start + timeMs : 0;
  let values = plan.values;
  let depth = 0;
  let nodes = ROOT_NODES;
  let lastMs = 0;
  let prevMs = 0;
  for (let d = 1; d <= maxDepth; d++) {
    const left = budget ? budget - nodes : 0;
    if (d > 1) {
      if (budget && left <= 0) break;
      // Rounds grow by a steady factor: skip one that would surely overrun.
      const growth = prevMs > 0 ? Math.max(2, lastMs / prevMs) : 4;
      if (timeMs && epochNow() - start + lastMs * growth > timeMs * 1.5) break;
    }
    const roundStart = epochNow();
    const round = await searchRound(dispatcher, board, plan.legal, d, settings,
      budget ? Math.max(left, 1) : 0, deadline);
    nodes += round.nodes;
    if (!round.complete || (budget && round.nodes > left)) break;
    values = round.values;
    depth = d;
    prevMs = lastMs;
    lastMs = epochNow() - roundStart;
  }
  return { values, depth, nodes };
}

export async function searchBestMove(dispatcher, board, settings) {
  const start = epochNow();
  const nodeBudget = settings !== null && typeof settings === 'object' && settings.nodes !== undefined;
  if (dispatcher.size <= 1 && !nodeBudget) return dispatcher.run('search', [board, settings]);

  const plan = await dispatcher.run('plan', [board, settings]);
  const { depth: fixedDepth, nodes, timeMs } = plan.settings;
  let found;
  if (!nodes && !timeMs) {
    const depth = fixedDepth || plan.chosenDepth;
    const round = await searchRound(dispatcher, board, plan.legal, depth, settings, 0, 0);
    found = { values: round.values, depth, nodes: ROOT_NODES + round.nodes };
  } else {
    found = await deepenInRounds(dispatcher, board, settings, plan, start);
  }
  return { dir: bestOf(found.values), ...found, ms: epochNow() - start };
}
