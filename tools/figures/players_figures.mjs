// Prints the players' speed in Chromium (not a test; nothing here fails on a time):
//   node tools/figures/players_figures.mjs [--seconds S]
// For each player at its default strength (50 ms a move for the searchers,
// none for greedy and corner), autoplay at the fastest speed (no animations, no
// pause) on a fresh game of the play page, with the game's random tiles and
// with Evil 2048: AI moves per second over S seconds (default 6) after a
// one-second warm-up, or over the whole game when it ends sooner, the search
// depth last reported and the largest tile. Needs a built dist/ (npm run build).
import { launchBrowser, newPage, serve } from '../harness/browser.js';
import { PLAYERS, strengthFor } from '../../web/src/ui/presets.js';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 6;
const server = await serve();
const browser = await launchBrowser();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const panel = (page) =>
  page.evaluate(() => ({
    ...document.querySelector('.ai-panel').dataset,
    over: document.querySelector('.game-message').classList.contains('game-over'),
    summary: document.querySelector('.ai-summary').textContent,
    largest: Math.max(
      0,
      ...[...document.querySelectorAll('.tile')].map((t) => Number(t.className.match(/tile-(\d+)/)[1])),
    ),
  }));

async function measure(player, evil) {
  const strength = strengthFor(player, 't50').id;
  const { page, context } = await newPage(browser, { viewport: { width: 800, height: 1000 } });
  const url = `${server.url}index.html?speed=max&player=${player}&strength=${strength}&evil=${evil ? 1 : 0}`;
  await page.goto(url);
  await page.evaluate(() => {
    localStorage.removeItem('gameState');
    localStorage.removeItem('ai2048.settings');
  });
  await page.goto(url);
  await page.click('.ai-autoplay-button');
  await page.waitForFunction(() => Number(document.querySelector('.ai-panel').dataset.aiMoves) >= 1, null, {
    timeout: 30_000,
  });
  const t0 = Date.now();
  await sleep(1000);
  const a = await panel(page);
  const t1 = Date.now();
  let b = a;
  while (Date.now() - t1 < seconds * 1000 && !b.over) {
    await sleep(250);
    b = await panel(page);
  }
  await context.close();
  // A game that ended: its summary's rate covers the whole game.
  const whole = b.summary.match(/Game over after (\d+) AI moves in ([\d.]+) s \(([\d.]+) moves\/s\)/);
  const rate =
    whole && b.over && Number(b.aiMoves) - Number(a.aiMoves) < 20
      ? Number(whole[3])
      : ((Number(b.aiMoves) - Number(a.aiMoves)) * 1000) / (Date.now() - t1);
  return {
    player,
    strength,
    evil,
    rate,
    depth: b.depth,
    largest: b.largest,
    over: b.over,
    moves: Number(b.aiMoves),
    seconds: (Date.now() - t0) / 1000,
  };
}

console.log(`players in Chromium, fastest speed, default strength, ${seconds} s windows`);
for (const { id } of PLAYERS) {
  for (const evil of [false, true]) {
    const r = await measure(id, evil);
    console.log(
      `${r.player.padEnd(10)} ${r.strength.padEnd(8)} ${evil ? 'evil  ' : 'random'} ` +
        `${r.rate.toFixed(1).padStart(7)} moves/s  depth ${String(r.depth || '-').padStart(4)}  ` +
        `largest ${String(r.largest).padStart(5)}  ${r.moves} AI moves${r.over ? ' (game over)' : ''}`,
    );
  }
}
await browser.close();
await server.close();
