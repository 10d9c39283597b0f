// Memory mode of npm run bench:browser: the tab's memory (renderer_memory.mjs)
// with the engine alone, with the network, and with the network and the
// endgame table, at each thread count; each case in a browser of its own.
// The download's garbage (the compressed file and the decompressed pieces
// that pass through JavaScript) stays in the workers' heaps until V8
// collects it on its own, when they are idle: so each case is sampled right
// after the load and every second for --settle seconds.
import { launchBrowser, newPage } from '../harness/browser.js';
import { tabMemory } from './renderer_memory.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const BOARD = [2, 4, 8, 16, 0, 2, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0];

// Runs in the page: the engine, what the case loads, and one search of each
// kind the games make (the threads' tables are allocated at their first).
async function loadCase({ threads, network, tables, board }) {
  const { createEngine } = await import('/src/engine/engine.js');
  const engine = await createEngine({ threads });
  globalThis.benchEngine = engine; // kept alive while the bench samples
  const loaded = {};
  if (network) loaded.network = await engine.loadNetwork();
  if (tables) loaded.tables = await engine.loadTables();
  await engine.bestMove(board, { depth: 3 });
  return {
    threads: engine.threads,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    networkBytes: loaded.network?.compressedBytes ?? 0,
    tablesBytes: loaded.tables?.compressedBytes ?? 0,
  };
}

// One case in a fresh browser: {case, threads, tabMb: {loaded, settled, min}, ...}.
async function measureCase(url, { threads, network, tables }, settle) {
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${url}bookmarklet.html`);
    const state = await page.evaluate(loadCase, { threads, network, tables, board: BOARD });
    const first = tabMemory();
    const samples = [first.tabMb];
    for (let s = 0; s < settle; s++) {
      await sleep(1000);
      samples.push(tabMemory().tabMb);
    }
    return {
      case: network ? (tables ? 'network+table' : 'network') : 'engine only',
      asked: threads,
      ...state,
      tabMb: { loaded: samples[0], settled: samples.at(-1), min: Math.min(...samples), max: Math.max(...samples) },
      browserUiMb: first.browserUiMb,
      otherRenderersMb: first.otherRenderersMb,
    };
  } finally {
    await browser.close();
  }
}

// A real page (demo.html, index.html) as a visitor opens it, in a fresh
// browser: sampled from the moment its network line says the network (and
// the table after it) is in use.
export async function measurePage(url, name, settle) {
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${url}${name}`);
    await page.waitForFunction(
      () => globalThis.document.querySelector('.ai-network')?.dataset.state === 'network',
      null,
      {
        timeout: 60_000,
      },
    );
    const state = await page.evaluate(() => ({
      line: globalThis.document.querySelector('.ai-network').textContent.trim(),
      crossOriginIsolated: globalThis.crossOriginIsolated === true,
    }));
    const samples = [];
    for (let s = 0; s <= settle; s++) {
      if (s) await sleep(1000);
      samples.push(tabMemory());
    }
    const tab = samples.map((m) => m.tabMb);
    return {
      page: name,
      ...state,
      tabMb: { loaded: tab[0], settled: tab.at(-1), min: Math.min(...tab), max: Math.max(...tab) },
      browserUiMb: samples[0].browserUiMb,
      otherRenderersMb: samples[0].otherRenderersMb,
    };
  } finally {
    await browser.close();
  }
}

// Every case in turn; one JSON line each, then the summary.
export async function runMemory(url, { threadCounts, settle }) {
  const cases = [{ threads: 1, network: false, tables: false }];
  for (const threads of threadCounts) cases.push({ threads, network: true, tables: false });
  for (const threads of threadCounts) cases.push({ threads, network: true, tables: true });
  const rows = [];
  for (const c of cases) {
    const row = await measureCase(url, c, settle);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  return {
    bench: 'browser-memory',
    settleSeconds: settle,
    cases: rows.map((r) => `${r.case}, ${r.threads} thread${r.threads > 1 ? 's' : ''}`),
    tabMbLoaded: rows.map((r) => r.tabMb.loaded),
    tabMbSettled: rows.map((r) => r.tabMb.settled),
    networkBytes: rows.find((r) => r.networkBytes)?.networkBytes ?? 0,
    tablesBytes: rows.find((r) => r.tablesBytes)?.tablesBytes ?? 0,
    crossOriginIsolated: rows.every((r) => r.crossOriginIsolated),
  };
}
