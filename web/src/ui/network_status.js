// The learned network on a page: loaded after the first paint (the AI plays
// with the heuristic until then), its download shown as a progress bar, and
// the evaluation in use named in one line, with the reason when the network
// could not load.
//
// ?network=off in the page address keeps the heuristic; ?network=URL (relative
// to the page) loads another file (measurements, tests). The endgame table
// loads next (?tables=off: none; ?tables=URL: another file), and the line says
// whether it is in use.
import { formatCount } from './format.js';

// Devices that say they have less memory than this skip the 134 MB network.
const MIN_DEVICE_MEMORY_GB = 1;

// The URL to load, null for none (off), or undefined for the engine's default.
export function networkUrlFrom(search, pageUrl) {
  const asked = new URLSearchParams(search).get('network');
  if (asked === null || asked === '') return undefined;
  if (asked === 'off') return null;
  return new URL(asked, pageUrl).href;
}

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

// How many threads search with the network, and why one (engine.js).
function threadsText({ threads, threadsNote } = {}) {
  if (threads > 1) return `, ${threads} threads`;
  return threads === 1 && threadsNote ? `, 1 thread: ${threadsNote}` : '';
}

// The endgame table's part of the line, once the network is in.
function tablesText({ tables, tablesProblem } = {}) {
  if (tables) return `, endgame table (${formatCount(tables.states)} positions)`;
  return tablesProblem ? `; no endgame table: ${tablesProblem}` : '';
}

// The line and bar for each state: {text, progress (0..1, or null for no bar)}.
export function describeNetwork(state) {
  switch (state.kind) {
    case 'loading': {
      const { received = 0, total = 0 } = state;
      const share = total > 0 ? Math.min(received / total, 1) : null;
      const amount = total > 0 ? `${Math.round(share * 100)}% of ${megabytes(total)}` : megabytes(received);
      return { text: `Evaluation: heuristic, loading the learned network (${amount})…`, progress: share ?? 0 };
    }
    case 'network':
      return {
        text: `Evaluation: learned network (n-tuple, ${formatCount(state.info.weights)} weights)${threadsText(state.info)}${tablesText(state)}`,
        progress: null,
      };
    case 'failed':
      return { text: `Evaluation: heuristic. The learned network could not load: ${state.reason}`, progress: null };
    case 'off':
      return { text: `Evaluation: heuristic (${state.reason})`, progress: null };
    default:
      return { text: 'Evaluation: heuristic', progress: null };
  }
}

function render(element, state) {
  const { text, progress } = describeNetwork(state);
  const label = element.querySelector('.ai-network-label') || element;
  if (label.textContent !== text) label.textContent = text;
  const bar = element.querySelector('.ai-network-progress');
  if (bar) {
    bar.hidden = progress === null;
    if (progress !== null) bar.value = progress;
  }
  element.dataset.state = state.kind;
}

function afterFirstPaint() {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// Why this device should not load the network, or null.
export function memoryProblem(deviceMemoryGb = globalThis.navigator?.deviceMemory) {
  if (typeof deviceMemoryGb === 'number' && deviceMemoryGb < MIN_DEVICE_MEMORY_GB) {
    return `this device reports ${deviceMemoryGb} GB of memory, too little for the network`;
  }
  return null;
}

// Should the network's worker stop later (the engine then searches with the
// heuristic), the line says so within a second.
const WATCH_MS = 1000;

function watchNetwork(engine, show, everyMs) {
  const timer = setInterval(() => {
    if (engine.evaluation === 'network') return;
    clearInterval(timer);
    show({ kind: 'failed', reason: engine.networkProblem || 'the network stopped' });
  }, everyMs);
}

// {tables} or {tablesProblem}, or nothing when the address says tables=off.
async function loadTables(engine, search, pageUrl) {
  const asked = new URLSearchParams(search).get('tables');
  if (asked === 'off' || typeof engine.loadTables !== 'function') return {};
  const url = asked ? new URL(asked, pageUrl).href : undefined;
  try {
    return { tables: await engine.loadTables(url) };
  } catch (err) {
    return { tablesProblem: String(err?.message ?? err) };
  }
}

// Resolves to the final state ({kind: 'network', info} | {kind: 'failed' |
// 'off', reason}); onState(state) hears every change.
export async function loadNetworkAfterPaint(
  enginePromise,
  element,
  {
    search = globalThis.location?.search ?? '',
    pageUrl = globalThis.location?.href,
    onState = () => {},
    watchMs = WATCH_MS,
  } = {},
) {
  const show = (state) => {
    if (element) render(element, state);
    onState(state);
    return state;
  };
  show({ kind: 'heuristic' });
  const url = networkUrlFrom(search, pageUrl);
  if (url === null) return show({ kind: 'off', reason: 'network=off in the address' });
  const short = memoryProblem();
  if (short) return show({ kind: 'off', reason: short });
  let engine;
  try {
    engine = await enginePromise;
  } catch {
    return show({ kind: 'off', reason: 'the AI did not start' });
  }
  if (typeof engine.loadNetwork !== 'function') return show({ kind: 'off', reason: 'this engine has no network' });
  await afterFirstPaint();
  show({ kind: 'loading', received: 0, total: 0 });
  try {
    const info = await engine.loadNetwork(url, {
      onProgress: (received, total) => show({ kind: 'loading', received, total }),
    });
    watchNetwork(engine, show, watchMs);
    const state = show({ kind: 'network', info });
    const tables = await loadTables(engine, search, pageUrl);
    return Object.keys(tables).length ? show({ ...state, ...tables }) : state;
  } catch (err) {
    return show({ kind: 'failed', reason: String(err?.message ?? err) });
  }
}
