// Prints how fast the pages start in Chromium (not a test; nothing here fails
// on a time): from navigation to the first AI move (the heuristic answers
// until the network is in), to the learned network in use, and to the endgame
// table, on a first visit and on visits with a warm cache (the HTTP cache and
// the service worker's, as a returning visitor has them). Issue 26 asks for
// the first move within 300 ms and the network within 3 s with a warm cache.
//
//   node tools/figures/startup_figures.mjs [--visits 5] [--page demo|play]
//
// demo: the demo page, which starts playing by itself; play: the play page,
// Autoplay pressed as soon as its buttons are bound. Times are the page's own
// (performance.now(), from navigation start). The last line is one JSON object.
// Needs a built dist/ (npm run build).
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, serve } from '../harness/browser.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const visits = Number(option('visits', 5));
const pageName = option('page', 'demo');
if (!Number.isInteger(visits) || visits < 1) throw new Error(`--visits must be a whole number from 1, got ${visits}`);
if (!['demo', 'play'].includes(pageName)) throw new Error(`--page must be demo or play, got ${pageName}`);

// Runs before the page's scripts: when the evaluation line reached each state.
function recordEvaluation() {
  window.startup = { states: [], tablesAt: null };
  new MutationObserver(() => {
    const line = document.querySelector('.ai-network');
    if (!line) return;
    const state = line.dataset.state;
    if (state && window.startup.states.at(-1)?.[0] !== state) window.startup.states.push([state, performance.now()]);
    if (window.startup.tablesAt === null && /endgame table \(/.test(line.textContent)) {
      window.startup.tablesAt = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

const panelSelector = pageName === 'demo' ? '.demo-live' : '.ai-panel';
const url = (server) =>
  pageName === 'demo' ? `${server.url}demo.html` : `${server.url}index.html?speed=max&strength=t50`;

// One visit: navigation to the first AI move, the network and the table.
async function visit(page, server, label) {
  await page.goto(url(server), { waitUntil: 'commit' });
  if (pageName === 'play') {
    await page.waitForSelector('.ai-controls[data-bound]');
    await page.click('.ai-autoplay-button');
  }
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.firstMoveMs, panelSelector, {
    timeout: 60_000,
  });
  await page.waitForFunction(
    () => window.startup.tablesAt !== null || /failed|off/.test(document.querySelector('.ai-network').dataset.state),
    null,
    {
      timeout: 120_000,
    },
  );
  return page.evaluate(
    ({ selector, label }) => {
      const resource = (name) => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(name));
        return entry ? Math.round(entry.responseEnd) : null;
      };
      const at = (kind) => window.startup.states.find(([state]) => state === kind)?.[1] ?? null;
      const round = (ms) => (ms === null ? null : Math.round(ms));
      return {
        visit: label,
        firstMoveMs: Number(document.querySelector(selector).dataset.firstMoveMs),
        loadingAtMs: round(at('loading')),
        networkAtMs: round(at('network')),
        tablesAtMs: round(window.startup.tablesAt),
        // The network's own load, from its worker's start to its weights in place.
        networkLoadMs: round(
          Number(/loaded in ([\d.]+) s/.exec(document.querySelector('.ai-network').textContent)?.[1]) * 1000 || null,
        ),
        engineWasmAtMs: resource('engine.wasm'),
        controlled: Boolean(navigator.serviceWorker.controller),
        finalState: document.querySelector('.ai-network').dataset.state,
      };
    },
    { selector: panelSelector, label },
  );
}

const median = (xs) => {
  const sorted = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

const server = await serve();
const profile = fs.mkdtempSync('/tmp/ai2048-startup-');
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
await context.addInitScript(recordEvaluation);
const page = context.pages()[0] ?? (await context.newPage());
const results = [];
try {
  console.log(
    `Chromium ${context.browser()?.version() ?? ''}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${pageName} page`,
  );
  results.push(await visit(page, server, 'first'));
  // The service worker caches the site once the network is in: wait for it.
  await page.waitForFunction(
    async () => Boolean(navigator.serviceWorker.controller) && (await caches.keys()).length > 0,
    null,
    { timeout: 120_000, polling: 200 },
  );
  for (let i = 1; i <= visits; i++) results.push(await visit(page, server, `warm ${i}`));
} finally {
  await context.close();
  await server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}

console.log(
  "\nvisit      first move  loading  network  table   engine.wasm  its load  (ms from navigation; its load: the network worker's)",
);
for (const r of results) {
  const cell = (v, w) => String(v ?? '–').padStart(w);
  console.log(
    `${r.visit.padEnd(9)} ${cell(r.firstMoveMs, 10)} ${cell(r.loadingAtMs, 8)} ${cell(r.networkAtMs, 8)} ${cell(r.tablesAtMs, 6)} ${cell(r.engineWasmAtMs, 12)} ${cell(r.networkLoadMs, 9)}` +
      (r.finalState === 'network' ? '' : `  (${r.finalState})`),
  );
}
const warm = results.slice(1);
const summary = {
  page: pageName,
  warmVisits: warm.length,
  cores: os.cpus().length,
  firstVisit: results[0],
  warmMedian: {
    firstMoveMs: median(warm.map((r) => r.firstMoveMs)),
    networkAtMs: median(warm.map((r) => r.networkAtMs)),
    tablesAtMs: median(warm.map((r) => r.tablesAtMs)),
  },
  warm,
};
console.log(
  `\nwarm cache, median of ${warm.length}: first AI move ${summary.warmMedian.firstMoveMs} ms (goal 300), ` +
    `network in use ${summary.warmMedian.networkAtMs} ms (goal 3000), endgame table ${summary.warmMedian.tablesAtMs} ms`,
);
console.log(JSON.stringify(summary));
