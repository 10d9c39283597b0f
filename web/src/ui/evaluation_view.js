// The evaluation line of the play, demo and 8402 pages: the engine's
// evaluation state (engine.on('evaluation')) rendered as one line and a
// progress bar, and the page's request that the engine load its network and
// endgame table (engine.loadEvaluation: the engine decides when and whether).
//
// ?network=off in the page address keeps the heuristic; ?network=URL (relative
// to the page) loads another file (measurements, tests). Likewise ?tables=off
// and ?tables=URL for the endgame table.
import { describeEvaluation } from './evaluation_text.js';

// The URL to load, null for none (off), or undefined for the engine's default.
function fileFrom(search, pageUrl, name) {
  const asked = new URLSearchParams(search).get(name);
  if (asked === null || asked === '') return undefined;
  if (asked === 'off') return null;
  return new URL(asked, pageUrl).href;
}

export const networkUrlFrom = (search, pageUrl) => fileFrom(search, pageUrl, 'network');
export const tablesUrlFrom = (search, pageUrl) => fileFrom(search, pageUrl, 'tables');

export function renderEvaluation(element, state) {
  const { text, progress } = describeEvaluation(state);
  const label = element.querySelector('.ai-network-label') || element;
  if (label.textContent !== text) label.textContent = text;
  const bar = element.querySelector('.ai-network-progress');
  if (bar) {
    bar.hidden = progress === null;
    if (progress !== null) bar.value = progress;
  }
  element.dataset.state = state.kind;
}

// Shows the evaluation in element (none: nothing shown) from now on, and asks
// the engine for the network. Resolves to the state the load ended in.
export async function showEvaluation(
  enginePromise,
  element,
  { search = globalThis.location?.search ?? '', pageUrl = globalThis.location?.href } = {},
) {
  const show = (state) => {
    if (element) renderEvaluation(element, state);
    return state;
  };
  let engine;
  try {
    show({ kind: 'heuristic' });
    engine = await enginePromise;
  } catch {
    return show({ kind: 'off', reason: 'the AI did not start' });
  }
  show(engine.evaluationState);
  engine.on('evaluation', show);
  return engine.loadEvaluation({
    network: networkUrlFrom(search, pageUrl),
    tables: tablesUrlFrom(search, pageUrl),
    offReason: 'network=off in the address',
  });
}
