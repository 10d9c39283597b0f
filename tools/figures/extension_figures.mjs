// Prints the extension's figures beside the bookmarklet's (not a test;
// nothing here fails on a time or a score). Needs a built dist/.
//
//   node tools/figures/extension_figures.mjs [--minutes 30] [--round-trips 300] [--trace-seconds 60]
//                                        [--only extension|bookmarklet]
//
// - the extension's size: dist/extension/ unpacked and the zip
// - per loader, on the test page built like the original 2048
//   (tests/e2e/fixtures/clone.html, a fresh random game), at the default
//   strength and full speed: one whole game (score, largest tile, moves,
//   moves/s, when the network was in) and the longest task on the page's
//   main thread, content script included: over the game (PerformanceObserver
//   'longtask', wall time) and in a Chrome trace of a minute (wall and CPU)
// - what a move's messages cost: applyMove round trips (and, for the
//   extension, a bare ping) from where the page driver calls the engine,
//   with the AI stopped
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, serve } from '../harness/browser.js';
import {
  bookmarkletCode,
  clickBookmarklet,
  evaluationText,
  overlayState,
  serveFixtures,
} from '../harness/bookmarklet.js';
import { launchWithExtension } from '../harness/extension.js';
import { extensionDir, extensionZip } from '../../web/scripts/build_extension.mjs';
import { SETTINGS_KEY } from '../../web/extension/settings_storage.js';
import { DEFAULT_SETTINGS } from '../../web/page_session/settings.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const minutes = Number(option('minutes', 30));
const roundTrips = Number(option('round-trips', 300));
const traceSeconds = Number(option('trace-seconds', 60));
// The trace starts once the network is in and the game is under way.
const TRACE_AFTER_S = 15;
const only = option('only', null);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function folderBytes(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce(
      (sum, e) =>
        sum + (e.isDirectory() ? folderBytes(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size),
      0,
    );
}

// Runs in the page before the AI starts: the page's long tasks from now on.
function watchLongTasks() {
  window.__longTasks = { count: 0, longest: 0, total: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.count++;
      window.__longTasks.total += entry.duration;
      window.__longTasks.longest = Math.max(window.__longTasks.longest, entry.duration);
    }
  }).observe({ type: 'longtask' });
}

// The page's main thread in a Chrome trace over `seconds`: its longest task
// in wall time and in the thread's own CPU time (on a busy machine a task can
// wait for a core far longer than it works), and how many ran over 50 ms.
async function traceMainThread(session, pageUrl, seconds) {
  const events = [];
  session.on('Tracing.dataCollected', ({ value }) => {
    events.push(...value);
  });
  const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.start', {
    categories: 'toplevel,disabled-by-default-devtools.timeline,__metadata',
    transferMode: 'ReportEvents',
  });
  await sleep(seconds * 1000);
  await session.send('Tracing.end');
  await done;
  // The renderer that shows the page (not the extension's own pages).
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const frame = started?.args?.data?.frames?.find((f) => f.url === pageUrl);
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      (!frame || e.pid === frame.processId),
  );
  const tasks = events.filter(
    (e) => e.ph === 'X' && /RunTask/.test(e.name) && main && e.pid === main.pid && e.tid === main.tid,
  );
  const wall = tasks.map((e) => e.dur / 1000);
  const cpu = tasks.map((e) => (e.tdur ?? e.dur) / 1000);
  return {
    tasks: tasks.length,
    longestWall: Math.max(0, ...wall),
    longestCpu: Math.max(0, ...cpu),
    over50Wall: wall.filter((d) => d > 50).length,
    over50Cpu: cpu.filter((d) => d > 50).length,
  };
}

// Plays the page's game to its end (or the time limit): the figures.
async function playOneGame(page, session, start) {
  await page.evaluate(watchLongTasks);
  const started = Date.now();
  await start();
  const tracing = sleep(TRACE_AFTER_S * 1000).then(() => traceMainThread(session, page.url(), traceSeconds));
  let networkAt = null;
  let firstMoveAt = null;
  for (;;) {
    await sleep(1000);
    const state = await overlayState(page);
    if (firstMoveAt === null && state.moves > 0) firstMoveAt = Date.now();
    if (networkAt === null && /learned network \([^)]*loaded in/.test((await evaluationText(page)) || ''))
      networkAt = Date.now();
    if (state.status === 'Game over' || state.messageKind === 'error' || Date.now() - started > minutes * 60_000) break;
  }
  const seconds = (Date.now() - started) / 1000;
  const state = await overlayState(page);
  const game = await page.evaluate(() => ({
    moves: window.__fixture.moves,
    score: Number(document.querySelector('.score-container').textContent),
    largest: Math.max(
      0,
      ...Array.from(document.querySelectorAll('.tile-container .tile'), (el) =>
        Number(/tile-(\d+)/.exec(el.className)[1]),
      ),
    ),
  }));
  return {
    ...game,
    over: state.status === 'Game over',
    status: state.status,
    mode: state.mode,
    evaluation: await evaluationText(page),
    seconds,
    movesPerSecond: game.moves / ((Date.now() - (firstMoveAt ?? started)) / 1000),
    firstMoveS: firstMoveAt ? (firstMoveAt - started) / 1000 : null,
    networkS: networkAt ? (networkAt - started) / 1000 : null,
    longTasks: await page.evaluate(() => window.__longTasks),
    trace: await tracing,
  };
}

// Runs where the page driver calls the engine (the page's world for the
// bookmarklet, the content script's for the extension), as its own source
// text: applyMove round trips (and pings where the engine has them), in ms.
async function measureRoundTrips([n, globalName]) {
  const engine = window[globalName].engine;
  const board = [2, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
  const time = async (call) => {
    const ms = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await call();
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return { median: ms[Math.floor(n / 2)], p90: ms[Math.floor(n * 0.9)], mean: ms.reduce((a, b) => a + b, 0) / n };
  };
  return {
    applyMove: await time(() => engine.applyMove(board, 3)),
    ping: engine.ping ? await time(() => engine.ping()) : null,
  };
}

function report(name, r, trips) {
  const lt = r.longTasks;
  console.log(`\n${name} (${r.mode}; ${r.evaluation})`);
  console.log(
    `  game: score ${r.score}, largest tile ${r.largest}, ${r.moves} moves in ${r.seconds.toFixed(0)} s` +
      `${r.over ? ', game over' : `, stopped by the ${minutes}-minute limit (${r.status})`}`,
  );
  console.log(
    `  moves/s ${r.movesPerSecond.toFixed(1)}; first move after ${r.firstMoveS?.toFixed(1)} s; ` +
      `network in after ${r.networkS === null ? 'never' : `${r.networkS.toFixed(1)} s`}`,
  );
  console.log(
    `  page main thread, whole game (PerformanceObserver longtask, wall time): longest task ` +
      `${lt.longest.toFixed(0)} ms, ${lt.count} tasks over 50 ms (${lt.total.toFixed(0)} ms in all)`,
  );
  const t = r.trace;
  console.log(
    `  page main thread, ${traceSeconds} s trace from ${TRACE_AFTER_S} s: ${t.tasks} tasks, longest ` +
      `${t.longestWall.toFixed(1)} ms wall / ${t.longestCpu.toFixed(1)} ms CPU, over 50 ms: ${t.over50Wall} wall / ${t.over50Cpu} CPU`,
  );
  const f = (t) => `median ${t.median.toFixed(2)} ms, p90 ${t.p90.toFixed(2)} ms, mean ${t.mean.toFixed(2)} ms`;
  console.log(`  applyMove round trip (${roundTrips}x, AI stopped): ${f(trips.applyMove)}`);
  if (trips.ping) console.log(`  ping round trip, no engine work: ${f(trips.ping)}`);
}

console.log(
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} ` + `(other work on the machine counts); default strength "${DEFAULT_SETTINGS.strength}", full speed`,
);
const zipped = fs.statSync(extensionZip).size;
console.log(
  `extension: dist/extension/ ${(folderBytes(extensionDir) / 1e6).toFixed(2)} MB unpacked, ` +
    `dist/2048-ai-extension.zip ${(zipped / 1e6).toFixed(2)} MB`,
);

const host = await serveFixtures();
const settings = { ...DEFAULT_SETTINGS, speed: 'max' };

if (only !== 'bookmarklet') {
  const browser = await launchWithExtension();
  await browser.worker.evaluate(([key, s]) => chrome.storage.local.set({ [key]: s }), [SETTINGS_KEY, settings]);
  const { page } = await browser.newPage();
  await page.goto(`${host.url}clone.html`);
  const session = await browser.context.newCDPSession(page);
  const result = await playOneGame(page, session, () => browser.clickButton(page));
  if (!result.over) await browser.clickButton(page);
  // Injected into the content script's world by the service worker (the
  // button's activeTab grant lets it), as the function's own source.
  const trips = await browser.worker.evaluate(`(async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    const [{ result }] = await chrome.scripting.executeScript({
      target: { tabId: tab.id }, func: ${measureRoundTrips.toString()}, args: [[${roundTrips}, '__ai2048Extension']],
    });
    return result;
  })()`);
  report('extension (engine in its offscreen document)', result, trips);
  await browser.close();
}

if (only !== 'extension') {
  const payload = await serve();
  const browser = await launchBrowser();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${host.url}clone.html`);
  const session = await context.newCDPSession(page);
  const result = await playOneGame(page, session, () => clickBookmarklet(page, bookmarkletCode(payload.url)));
  if (!result.over) await page.evaluate(() => window.__ai2048Bookmarklet.driver.stop());
  const trips = await page.evaluate(measureRoundTrips, [roundTrips, '__ai2048Bookmarklet']);
  report("bookmarklet (engine in the page, its workers on the page's origin)", result, trips);
  await browser.close();
  await payload.close();
}
await host.close();
