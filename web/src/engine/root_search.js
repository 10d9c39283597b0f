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
//   - timeMs: a target, as in the core's search (cpp/search/expectimax_impl.h): rounds
//     of finer grain (each new depth first with a 3x larger cut-off), the next
//     one started while under half the time is spent or while it is predicted
//     (from the node counts of the same kind of round one depth before) to end
//     within 1.25x the time; a round still running at 1.3x is discarded. Not
//     deterministic (neither is the core's).
// engine.js decides when a search goes this way (searchesByRoot): never for
// settings.phase, whose per-move allocation (cpp/search/time_manager.h) keeps
// state between moves in the core's searcher and so runs the core's search.
import { epochNow } from './clock.js';

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
async function searchRound(dispatcher, board, legal, depth, settings, nodeLimit, deadline) {
  const results = await Promise.all(
    legal.map((dir) => dispatcher.run('searchRootMove', [board, dir, depth, settings, nodeLimit, deadline])),
  );
  const values = [null, null, null, null];
  let nodes = 0;
  legal.forEach((dir, i) => {
    values[dir] = results[i].value;
    nodes += Math.max(results[i].nodes - 1, 0);
  });
  return { values, nodes, complete: results.every((r) => r.complete) };
}

// The time target's limits, as in the core: a round is started when predicted
// to end by START_LIMIT x the time, and abandoned at HARD_LIMIT x the time.
const START_LIMIT = 1.25;
const HARD_LIMIT = 1.3;

// The rounds: one per depth; with a time budget, each new depth first with a
// cut-off 3 times larger.
function roundsOf(planSettings) {
  const { timeMs, maxDepth, cutoff } = planSettings;
  const rounds = [];
  for (let depth = 1; depth <= maxDepth; depth++) {
    if (timeMs && depth > 1 && cutoff > 0) rounds.push({ depth, cutoff: cutoff * 3 });
    rounds.push({ depth, cutoff });
  }
  return rounds;
}

async function deepenInRounds(dispatcher, board, settings, plan, start) {
  const { nodes: budget, timeMs } = plan.settings;
  const deadline = timeMs ? start + timeMs * HARD_LIMIT : 0;
  const rounds = roundsOf(plan.settings);
  const roundNodes = [];
  let values = plan.values;
  let depth = 0;
  let nodes = ROOT_NODES;
  for (let i = 0; i < rounds.length; i++) {
    const left = budget ? budget - nodes : 0;
    if (i > 0) {
      if (budget && left <= 0) break;
      if (timeMs) {
        // Predict the nodes from the same kind of round one depth before, the
        // time from the speed so far.
        const growth =
          i >= 3
            ? roundNodes[i - 2] / Math.max(roundNodes[i - 3], 1)
            : i >= 2
              ? roundNodes[i - 1] / Math.max(roundNodes[i - 2], 1)
              : 4;
        const elapsed = epochNow() - start;
        const predicted = roundNodes[i - 1] * Math.min(Math.max(growth, 1.2), 8) * (elapsed / Math.max(nodes, 1));
        if (elapsed > timeMs * 0.5 && elapsed + predicted > timeMs * START_LIMIT) break;
      }
    }
    const { depth: d, cutoff } = rounds[i];
    const roundSettings = cutoff === plan.settings.cutoff ? settings : { ...settings, cutoff };
    const round = await searchRound(
      dispatcher,
      board,
      plan.legal,
      d,
      roundSettings,
      budget ? Math.max(left, 1) : 0,
      deadline,
    );
    nodes += round.nodes;
    if (!round.complete || (budget && round.nodes > left)) break;
    values = round.values;
    depth = d;
    roundNodes.push(round.nodes);
  }
  return { values, depth, nodes };
}

export async function searchBestMove(dispatcher, board, settings) {
  const start = epochNow();
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
