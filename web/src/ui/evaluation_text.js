// The one description of the engine's evaluation (engine.evaluationState,
// web/src/engine/evaluation_state.js) that the play page, the demo, the 8402
// page, the bookmarklet's panel and the extension's all show: a line of text,
// the network download's share for a progress bar, and whether it reports a
// failure. Pure, so Node tests check every wording.
import { formatCount } from './format.js';

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function loadingText({ received = 0, total = 0 }) {
  if (total > 0 && received >= total) return 'Evaluation: heuristic, unpacking the learned network…';
  let amount = '';
  if (total > 0) amount = ` (${Math.floor((received / total) * 100)}% of ${megabytes(total)})`;
  else if (received > 0) amount = ` (${megabytes(received)})`;
  return `Evaluation: heuristic, loading the learned network${amount}…`;
}

// What the network is and how it loaded, in plain words: its weights, its
// load time (no internal names such as its kind of network).
function networkFacts(network = {}) {
  const facts = [];
  if (Number.isFinite(network.weights)) facts.push(`${formatCount(network.weights)} weights`);
  if (Number.isFinite(network.ms)) facts.push(`loaded in ${(network.ms / 1000).toFixed(1)} s`);
  return facts.join(', ');
}

// How many threads search with the network, and why one (engine.js).
function threadsText({ threads, threadsNote } = {}) {
  if (threads > 1) return `, ${threads} threads`;
  return threads === 1 && threadsNote ? `, 1 thread: ${threadsNote}` : '';
}

// The endgame table's part of the line, once the network plays.
function tablesText({ tables, tablesLoading, tablesProblem }) {
  if (tables) return `, endgame table (${formatCount(tables.states)} positions)`;
  if (tablesLoading) return ', loading the endgame table…';
  return tablesProblem ? `; no endgame table: ${tablesProblem}` : '';
}

const facts = (text) => (text ? ` (${text})` : '');

// state: engine.evaluationState. Returns {text, progress (0..1 while the
// network downloads, else null), failed (the network did not load or stopped)}.
export function describeEvaluation(state = { kind: 'heuristic' }) {
  switch (state.kind) {
    case 'loading': {
      const { received = 0, total = 0 } = state;
      return { text: loadingText(state), progress: total > 0 ? Math.min(received / total, 1) : 0, failed: false };
    }
    case 'network':
      return {
        text: `Evaluation: learned network${facts(networkFacts(state.network))}${threadsText(state.network)}${tablesText(state)}`,
        progress: null,
        failed: false,
      };
    case 'failed': {
      const why = state.lost ? state.reason : `the learned network could not load: ${state.reason}`;
      return { text: `Evaluation: heuristic (${why})`, progress: null, failed: true };
    }
    case 'off':
      return { text: `Evaluation: heuristic (${state.reason})`, progress: null, failed: false };
    default:
      return { text: 'Evaluation: heuristic', progress: null, failed: false };
  }
}
