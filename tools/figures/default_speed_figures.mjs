// Prints what a newcomer sees on pressing Autoplay (not a test; nothing here
// fails on a time), on the play page as a first visit opens it (no address
// options, nothing saved), 1280 x 800:
//   node tools/figures/default_speed_figures.mjs [--games N] [--speeds] [--strength ID]
// - the default speed and strength, and whether the tiles animate
// - seconds from pressing Autoplay to the first 2048 tile, the AI moves made
//   by then, and moves/s (N runs, default 3)
// - with --speeds: moves/s of each speed at the default strength over a 15 s
//   window, and what a 13,000-move game (16384 at depth 2) takes at that rate
// - with --strength ID: the same at another strength (presets.js STRENGTHS)
// Needs a built dist/ (npm run build).
import os from 'node:os';
import { launchBrowser, newPage, serve } from '../harness/browser.js';
import { DEFAULT_PLAY_STRENGTH, SPEEDS } from '../../web/src/ui/presets.js';

// A game that reaches 16384 at depth 2 is about 13,000 moves (the pages' labels
// no longer say what a game takes; this script still does).
const GAME_MOVES = 13_000;

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('--games', 3);
const strengthAt = process.argv.indexOf('--strength');
const strength = strengthAt >= 0 ? process.argv[strengthAt + 1] : DEFAULT_PLAY_STRENGTH;
const strengthQuery = strengthAt >= 0 ? `?strength=${strength}` : '';
const server = await serve();
const browser = await launchBrowser();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const aiMoves = (page) => page.evaluate(() => Number(document.querySelector('.ai-panel').dataset.aiMoves));

async function freshPage(query = '') {
  const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}index.html${query}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('.ai-autoplay-button:not([disabled])', { timeout: 30_000 });
  // As a visitor would: the learned network is in before Autoplay is pressed.
  await page.waitForFunction(
    () => ['network', 'failed'].includes(document.querySelector('.ai-network').dataset.state),
    null,
    {
      timeout: 120_000,
    },
  );
  return { page, context };
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (${os.cpus().length} cores)`,
);
for (let run = 1; run <= runs; run++) {
  const { page, context } = await freshPage(strengthQuery);
  const defaults = await page.evaluate(() => ({
    speed: document.querySelector('.ai-speed').value,
    strength: document.querySelector('.ai-strength').value,
    animated: !document.querySelector('.game-container').classList.contains('no-animations'),
  }));
  const started = Date.now();
  await page.click('.ai-autoplay-button');
  await page.waitForFunction(
    () => [...document.querySelectorAll('.tile')].some((t) => /(^|\s)tile-2048(\s|$)/.test(t.className)),
    null,
    { timeout: 300_000, polling: 100 },
  );
  const seconds = (Date.now() - started) / 1000;
  const moves = await aiMoves(page);
  console.log(
    `run ${run}: default speed ${defaults.speed}, strength ${defaults.strength}, animated ${defaults.animated}: ` +
      `2048 after ${seconds.toFixed(1)} s and ${moves} AI moves (${(moves / seconds).toFixed(1)} moves/s)`,
  );
  await context.close();
}

if (process.argv.includes('--speeds')) {
  for (const speed of SPEEDS.filter((s) => s.intervalMs < 300)) {
    const { page, context } = await freshPage(`?speed=${speed.id}&strength=${strength}`);
    await page.click('.ai-autoplay-button');
    await sleep(2000);
    const a = await aiMoves(page);
    const t0 = Date.now();
    await sleep(15_000);
    const rate = ((await aiMoves(page)) - a) / ((Date.now() - t0) / 1000);
    console.log(
      `speed ${speed.id} (${speed.intervalMs} ms, animated ${speed.animate}): ${rate.toFixed(1)} moves/s, ` +
        `a ${GAME_MOVES}-move game in ${(GAME_MOVES / rate / 60).toFixed(1)} min`,
    );
    await context.close();
  }
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await browser.close();
await server.close();
