// Prints the learned network's figures in Chromium (not a test; nothing here
// fails on a time or a score). Needs a built dist/ (npm run build).
//
//   node tools/figures/network_figures.mjs strength [--games 20] [--pages 1] [--settings '{"depth":2}'] [--eval heuristic]
//       [--tables off] (the endgame table file loads after the network unless off)
//       [--max-moves M] (games cut at M moves: for time budgets' speed and depth)
//       seeded games (seeds 1..N) played in a page through the engine API, the
//       network loaded in its worker: average score, tile rates, moves/s (of
//       one page: with --pages P, P pages share the seeds and the cores)
//   node tools/figures/network_figures.mjs load
//       first load of the demo: bytes transferred, time to the first AI move
//       (heuristic) and to the network; the second load, from the cache; the
//       tab's memory (the renderer's, workers included) with the network loaded
//   node tools/figures/network_figures.mjs demo [--seconds 60] [--query 'speed=fast&strength=d1']
//       moves/s of the demo page as a viewer sees it
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, launchBrowser, serve } from '../harness/browser.js';
import { rendererMemoryMb, tabMemory } from '../bench/renderer_memory.mjs';

const args = process.argv.slice(2);
const mode = args[0] ?? 'strength';
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Runs in the page: N seeded games through the engine, with the app's own
// loop and spawn rule (web/src/game/seeded_game.js).
async function playGames({ seeds, settings, evaluation, maxMoves, tables }) {
  const { createEngine } = await import('/src/engine/engine.js');
  const { playSeededGame } = await import('/src/game/seeded_game.js');
  const engine = await createEngine({});
  if (evaluation === 'network') await engine.loadNetwork();
  if (evaluation === 'network' && tables) await engine.loadTables();
  let tableMoves = 0;
  const results = [];
  const depths = [];
  let searchMs = 0;
  const chooseMove = async (board) => {
    const t = performance.now();
    const { dir, depth, tableRate } = await engine.bestMove(board, settings);
    depths.push(depth);
    if (tableRate !== undefined) tableMoves += 1;
    searchMs += performance.now() - t;
    return dir;
  };
  const started = performance.now();
  for (const seed of seeds) {
    const { board, score, moves } = await playSeededGame(engine, { seed, maxMoves, chooseMove });
    results.push({ seed, score, moves, maxTile: Math.max(...board) });
  }
  const wallMs = performance.now() - started;
  engine.dispose();
  return { results, searchMs, wallMs, depths, tableMoves };
}

function summarize({ results, searchMs, wallMs, depths, tableMoves }) {
  const moves = results.reduce((s, r) => s + r.moves, 0);
  const rate = (tile) => `${Math.round((100 * results.filter((r) => r.maxTile >= tile).length) / results.length)}%`;
  const scores = results.map((r) => r.score).sort((a, b) => a - b);
  return {
    games: results.length,
    averageScore: Math.round(scores.reduce((s, x) => s + x, 0) / scores.length),
    medianScore: scores[Math.floor(scores.length / 2)],
    maxScore: scores.at(-1),
    rates: { 8192: rate(8192), 16384: rate(16384), 32768: rate(32768) },
    movesPerSecond: Math.round(moves / (wallMs / 1000)),
    msPerMoveSearch: +(searchMs / moves).toFixed(2),
    averageDepth: +(depths.reduce((s, d) => s + d, 0) / depths.length).toFixed(2),
    tableMoves: +(tableMoves / moves).toFixed(4),
  };
}

// A profile on disk, as a user's browser has: its HTTP cache keeps the
// network file, so the service worker's install revalidates it (304) instead
// of downloading it again (an in-memory incognito cache may not keep 23 MB).
async function measureLoad(browser, server) {
  const profile = fs.mkdtempSync('/tmp/ai2048-profile-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const stateOf = () => page.evaluate(() => document.querySelector('.ai-network')?.dataset.state);
  const visit = async (label) => {
    server.bytes = 0;
    const start = Date.now();
    if (label === 'first') await page.goto(`${server.url}demo.html`);
    else await page.reload();
    await page.waitForFunction(() => Number(document.querySelector('.demo-live').dataset.moves) >= 1, null, {
      timeout: 60_000,
    });
    const firstMove = Date.now() - start;
    while (!['network', 'failed'].includes(await stateOf())) await sleep(50);
    const network = Date.now() - start;
    await sleep(3000);
    return {
      visit: label,
      state: await stateOf(),
      msToFirstAiMove: firstMove,
      msToNetwork: network,
      bytesFromServer: server.bytes,
      // Every renderer's PSS (the figure before 2026-11-25), then the tab's
      // renderer alone (private memory; the interface's renderer apart).
      tabMemoryMb: rendererMemoryMb(),
      ...tabMemory(),
    };
  };
  const first = await visit('first');
  // Wait for the service worker's cache before the second visit.
  for (let i = 0; i < 600; i++) {
    const ready = await page.evaluate(
      async () => Boolean(navigator.serviceWorker.controller) && (await caches.keys()).length > 0,
    );
    if (ready) break;
    await sleep(200);
  }
  await sleep(2000);
  const second = await visit('second (cache)');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
  // The same page without the network, for comparison (a fresh browser).
  await browser.close();
  const plainBrowser = await launchBrowser();
  const plain = await plainBrowser.newContext();
  const plainPage = await plain.newPage();
  await plainPage.goto(`${server.url}demo.html?network=off`);
  await plainPage.waitForFunction(() => Number(document.querySelector('.demo-live').dataset.moves) >= 1, null, {
    timeout: 60_000,
  });
  await sleep(4000);
  const withoutNetworkMb = rendererMemoryMb();
  await plainBrowser.close();
  return { first, second, tabMemoryMbWithoutNetwork: withoutNetworkMb, hardwareConcurrency: cores };
}

async function measureDemo(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1100 } });
  const page = await context.newPage();
  const query = option('query', '');
  await page.goto(`${server.url}demo.html${query ? `?${query}` : ''}`);
  while (
    !['network', 'failed'].includes(await page.evaluate(() => document.querySelector('.ai-network').dataset.state))
  )
    await sleep(100);
  const seconds = Number(option('seconds', '60'));
  // AI moves over all games (a game may end within the window).
  const moves = () => page.evaluate(() => Number(document.querySelector('.demo-live').dataset.aiMoves));
  const before = await moves();
  await sleep(seconds * 1000);
  const after = await moves();
  const games = await page.evaluate(() => document.querySelector('.demo-record')?.textContent.trim().slice(0, 400));
  await context.close();
  return { query, seconds, movesPerSecond: +((after - before) / seconds).toFixed(1), record: games };
}

// The server counts the bytes it sends (the workers' downloads included).
const server = await serve();
server.bytes = 0;
server.http.prependListener('request', (req, res) => {
  const writeHead = res.writeHead;
  res.writeHead = (status, headers) => {
    if (status === 200) server.bytes += Number(headers?.['Content-Length'] ?? 0);
    return writeHead.call(res, status, headers);
  };
});
const browser = await launchBrowser();
try {
  const load = await fetch(`${server.url}network/network.n2048.gz`, { method: 'HEAD' });
  console.log(`network file: ${load.headers.get('content-length')} bytes`);
  console.log(`machine: ${execFileSync('nproc').toString().trim()} cores`);
  if (mode === 'strength') {
    const games = Number(option('games', '20'));
    const pages = Number(option('pages', '1'));
    const settings = JSON.parse(option('settings', '{"depth":2}'));
    const evaluation = option('eval', 'network');
    const maxMoves = Number(option('max-moves', 'Infinity'));
    const tables = option('tables', 'on') !== 'off';
    // Seeds 1..games dealt over the pages (each its own engine and network).
    const runs = await Promise.all(
      Array.from({ length: pages }, async (_, p) => {
        const page = await browser.newPage();
        await page.goto(`${server.url}blank`);
        const seeds = Array.from({ length: games }, (_, i) => i + 1).filter((seed) => seed % pages === p);
        return page.evaluate(playGames, { seeds, settings, evaluation, maxMoves, tables });
      }),
    );
    const raw = {
      results: runs.flatMap((r) => r.results).sort((a, b) => a.seed - b.seed),
      searchMs: runs.reduce((s, r) => s + r.searchMs, 0),
      depths: runs.flatMap((r) => r.depths),
      tableMoves: runs.reduce((s, r) => s + r.tableMoves, 0),
      // Moves/s of one page: all moves over the pages' summed time.
      wallMs: runs.reduce((s, r) => s + r.wallMs, 0),
    };
    console.log(JSON.stringify({ settings, evaluation, tables, pages, ...summarize(raw) }));
    if (args.includes('--games-detail')) console.log(JSON.stringify(raw.results));
  } else if (mode === 'load') {
    console.log(JSON.stringify(await measureLoad(browser, server), null, 1));
  } else if (mode === 'demo') {
    console.log(JSON.stringify(await measureDemo(browser, server)));
  } else {
    throw new Error(`unknown mode ${mode}: strength, load or demo`);
  }
} finally {
  await browser.close();
  await server.close();
}
