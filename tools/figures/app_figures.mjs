// Prints the web app's figures (not a test; nothing here fails on a time):
//   node tools/figures/app_figures.mjs [--quick]
// - autoplay moves/s in Chromium at each strength, with and without animations
// - the longest main-thread task during 60 s of autoplay (Chrome trace, RunTask
//   events on the page's main thread)
// - page weight of the play page: HTML + JS + CSS + wasm, raw and gzip
// - time from navigation to the first AI move (play page, autoplay pressed at
//   once; demo page, which starts by itself)
// Needs a built dist/ (npm run build).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { distDir, launchBrowser, newPage, serve } from '../harness/browser.js';
import { STRENGTHS } from '../../web/src/ui/presets.js';

const quick = process.argv.includes('--quick');
const server = await serve();
const browser = await launchBrowser();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function panel(page) {
  return page.evaluate(() => ({ ...document.querySelector('.ai-panel').dataset }));
}

async function startAutoplay(speed, strength) {
  const { page, context } = await newPage(browser, { viewport: { width: 800, height: 1000 } });
  await page.goto(`${server.url}index.html?speed=${speed}&strength=${strength}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.click('.ai-autoplay-button');
  await page.waitForFunction(() => Number(document.querySelector('.ai-panel').dataset.aiMoves) >= 1, null, {
    timeout: 30_000,
  });
  return { page, context };
}

// Moves per second over a window after a short warm-up, on a fresh game.
async function movesPerSecond(speed, strength, timeMs) {
  const { page, context } = await startAutoplay(speed, strength);
  await sleep(1000);
  const windowMs = quick ? 3000 : Math.max(6000, 8 * timeMs);
  const a = Number((await panel(page)).aiMoves);
  const t0 = Date.now();
  await sleep(windowMs);
  const b = Number((await panel(page)).aiMoves);
  const over = await page.evaluate(() => document.querySelector('.game-message').classList.contains('game-over'));
  const rate = ((b - a) * 1000) / (Date.now() - t0);
  const depth = (await panel(page)).depth;
  await context.close();
  return { rate, depth, over };
}

async function longestMainThreadTask(speed, strength, seconds) {
  const { page, context } = await startAutoplay(speed, strength);
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => {
    for (const e of value) events.push(e);
  });
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'toplevel,__metadata', transferMode: 'ReportEvents' });
  const a = Number((await panel(page)).aiMoves);
  await sleep(seconds * 1000);
  const b = Number((await panel(page)).aiMoves);
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const runTasks = events.filter((e) => e.ph === 'X' && /RunTask/.test(e.name) && mainThreads.has(`${e.pid}:${e.tid}`));
  // Wall time, and the thread's own CPU time: on a loaded machine a task can
  // wait for a core far longer than it works.
  const wall = runTasks.map((e) => e.dur / 1000).sort((x, y) => x - y);
  const cpu = runTasks.map((e) => (e.tdur ?? e.dur) / 1000).sort((x, y) => x - y);
  return {
    tasks: wall.length,
    longest: wall.at(-1) || 0,
    longestCpu: cpu.at(-1) || 0,
    p99: wall[Math.floor(wall.length * 0.99)] || 0,
    over16: wall.filter((d) => d > 16).length,
    over16Cpu: cpu.filter((d) => d > 16).length,
    moves: b - a,
  };
}

// Everything the play page fetches (workers included), gzip-sized from dist/.
async function pageWeight() {
  const { page, context } = await newPage(browser);
  const urls = new Set();
  context.on('request', (request) => urls.add(request.url()));
  await page.goto(`${server.url}index.html`);
  await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
  await page.click('.ai-hint-button');
  await page.waitForSelector('.ai-hint-arrow:not([hidden])');
  await context.close();
  const byKind = {};
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const file = path.join(distDir, decodeURIComponent(new URL(url).pathname));
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) continue;
    const ext = path.extname(file).slice(1);
    const kind = ext === 'mjs' ? 'js' : ext;
    const bytes = fs.readFileSync(file);
    const zipped = zlib.gzipSync(bytes, { level: 9 }).length;
    byKind[kind] ??= { files: 0, raw: 0, gzip: 0 };
    byKind[kind].files++;
    byKind[kind].raw += bytes.length;
    byKind[kind].gzip += zipped;
    raw += bytes.length;
    gzip += zipped;
  }
  return { byKind, raw, gzip };
}

async function firstMove(url, click) {
  const { page, context } = await newPage(browser);
  await page.goto(url, { waitUntil: 'commit' });
  if (click) {
    await page.waitForSelector('.ai-controls[data-bound]');
    await page.click('.ai-autoplay-button');
  }
  const selector = click ? '.ai-panel' : '.demo-live';
  await page.waitForFunction((s) => document.querySelector(s).dataset.firstMoveMs, selector, { timeout: 30_000 });
  const ms = Number(await page.evaluate((s) => document.querySelector(s).dataset.firstMoveMs, selector));
  await context.close();
  return ms;
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const os = await import('node:os');
console.log(
  `Chromium ${browser.version()}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

console.log('\nPage weight of the play page (files it fetches, gzip -9):');
const weight = await pageWeight();
for (const [kind, w] of Object.entries(weight.byKind)) {
  console.log(
    `  ${kind.padEnd(5)} ${String(w.files).padStart(2)} files  ${kb(w.raw).padStart(9)} raw  ${kb(w.gzip).padStart(9)} gzip`,
  );
}
console.log(`  total            ${kb(weight.raw).padStart(9)} raw  ${kb(weight.gzip).padStart(9)} gzip`);

console.log('\nTime from navigation to the first AI move (median of 3):');
const play = [];
const demo = [];
for (let i = 0; i < 3; i++) {
  play.push(await firstMove(`${server.url}index.html?speed=max&strength=t50`, true));
  demo.push(await firstMove(`${server.url}demo.html`, false));
}
console.log(
  `  play page, autoplay pressed at once: ${median(play).toFixed(0)} ms  (${play.map(Math.round).join(', ')})`,
);
console.log(
  `  demo page, starts by itself:         ${median(demo).toFixed(0)} ms  (${demo.map(Math.round).join(', ')})`,
);

console.log('\nAutoplay moves/s by strength (fresh game each; "fast": animated with no pause; "max": no animations):');
console.log('  strength         animated (fast)   no animations (max)   depth');
for (const strength of STRENGTHS) {
  const timeMs = strength.settings.timeMs || 100;
  const animated = await movesPerSecond('fast', strength.id, timeMs);
  const fastest = await movesPerSecond('max', strength.id, timeMs);
  console.log(
    `  ${strength.label.padEnd(16)} ${animated.rate.toFixed(1).padStart(10)}       ${fastest.rate.toFixed(1).padStart(10)}            ${fastest.depth}` +
      `${animated.over || fastest.over ? '  (a game ended in the window)' : ''}`,
  );
}

const seconds = quick ? 10 : 60;
console.log(`\nMain-thread tasks during ${seconds} s of autoplay (Chrome trace, RunTask on CrRendererMain):`);
for (const [speed, strength] of [
  ['max', 't10'],
  ['fast', 't10'],
  ['quick', 't50'],
]) {
  const t = await longestMainThreadTask(speed, strength, seconds);
  console.log(
    `  speed ${speed.padEnd(5)} strength ${strength.padEnd(5)}: longest ${t.longest.toFixed(1)} ms wall, ` +
      `${t.longestCpu.toFixed(1)} ms CPU; p99 ${t.p99.toFixed(2)} ms; over 16 ms: ${t.over16} wall, ` +
      `${t.over16Cpu} CPU, of ${t.tasks} tasks; ${t.moves} moves`,
  );
}

await browser.close();
await server.close();
