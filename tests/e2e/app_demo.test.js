// The demo page in real headless Chromium: it starts playing by itself, its
// move counter and chart advance, the seed control restarts, and finished
// games go into the table.
import { describe, expect, it } from 'vitest';
import { expectSteady, newPage, screenshot } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';

const env = useServerAndBrowser();

const liveMoves = (page) => page.evaluate(() => Number(document.querySelector('.demo-live').dataset.moves));
const chartPoints = (page) => page.evaluate(() => Number(document.querySelector('.score-chart').dataset.points));

// Counts canvas pixels in the current game's line colour.
function linePixels() {
  const canvas = document.querySelector('.score-chart');
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] > 230 && data[i + 1] > 80 && data[i + 1] < 110 && data[i + 2] < 80) count++;
  }
  return count;
}

describe('demo page', () => {
  it('fits a 320px wide screen', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: { width: 320, height: 900 } });
    await page.goto(`${env.server.url}demo.html`);
    await page.waitForFunction(() => Number(document.querySelector('.demo-live').dataset.moves) >= 1, null, {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'app-demo-320px');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts playing by itself; its move counter and chart advance', async () => {
    const { page, context, errors, outside } = await newPage(env.browser, { viewport: { width: 1100, height: 1100 } });
    await page.goto(`${env.server.url}demo.html`);
    await page.waitForFunction(() => Number(document.querySelector('.demo-live').dataset.moves) >= 5, null, {
      timeout: 30_000,
    });
    // The chart takes each move as it is made; the counter is refreshed five
    // times a second, so it can be a dozen moves behind: wait for the counter to
    // pass the chart's points by 10, and the chart must have gained points too.
    const points = await chartPoints(page);
    await page.waitForFunction((p) => Number(document.querySelector('.demo-live').dataset.moves) >= p + 10, points, {
      timeout: 30_000,
    });
    expect(await liveMoves(page)).toBeGreaterThanOrEqual(points + 10);
    expect(await chartPoints(page)).toBeGreaterThan(points + 10);
    expect(await page.evaluate(linePixels)).toBeGreaterThan(20);
    expect(await page.textContent('.demo-live [data-field="seed"]')).toBe('1');
    await screenshot(page, 'app-demo');
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('restarts from the seed it is given, and pauses', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: { width: 1100, height: 1100 } });
    await page.goto(`${env.server.url}demo.html?speed=max&strength=t10`);
    await page.waitForFunction(() => Number(document.querySelector('.demo-live').dataset.moves) >= 20, null, {
      timeout: 30_000,
    });
    await page.fill('.demo-seed', '4242');
    await page.click('.demo-seed-button');
    await page.waitForFunction(() => document.querySelector('.demo-live [data-field="seed"]').textContent === '4242');
    expect(new URL(page.url()).searchParams.get('seed')).toBe('4242');
    await page.waitForFunction(() => Number(document.querySelector('.demo-live').dataset.moves) >= 5, null, {
      timeout: 30_000,
    });

    await page.click('.demo-pause-button');
    expect(await page.getAttribute('.demo-pause-button', 'aria-pressed')).toBe('true');
    // Once the move in flight lands, the counter stays put.
    await page.waitForFunction(() => /Ready/.test(document.querySelector('.ai-status').textContent));
    const paused = await expectSteady(
      () => page.evaluate(() => document.querySelector('.demo-live [data-field="aiMoves"]').textContent),
      600,
      "the paused demo's AI moves",
    );
    await page.click('.demo-pause-button');
    await page.waitForFunction(
      (p) => document.querySelector('.demo-live [data-field="aiMoves"]').textContent !== p,
      paused,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the next game when one ends and keeps a table over games', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: { width: 1100, height: 1300 } });
    // The greedy player (no search) ends a game in a few hundred moves, so the
    // wait does not hang on how loaded the machine is (depth 2 with the network
    // plays thousands of moves and once took over 80 s on a busy CI machine).
    await page.goto(`${env.server.url}demo.html?speed=max&player=greedy&seed=7`);
    // The record, read in one go as soon as a game is in it (a later read could
    // see the next game's row and count).
    const record = await (
      await page.waitForFunction(
        () => {
          const count = Number(document.querySelector('.demo-games-count').textContent);
          const rows = (selector) =>
            [...document.querySelectorAll(selector)].map((tr) => [...tr.cells].map((c) => c.textContent));
          return count >= 1 && { count, tiles: rows('.demo-table tbody tr'), recent: rows('.demo-recent tbody tr') };
        },
        null,
        { timeout: 40_000 },
      )
    ).jsonValue();
    expect(record.tiles[0]).toEqual([
      '512',
      expect.stringMatching(new RegExp(`^\\d+ / ${record.count}$`)),
      expect.stringMatching(/^\d+%$/),
    ]);
    expect(record.recent).toHaveLength(Math.min(record.count, 10));
    const first = record.recent.find((row) => row[0] === '1');
    expect(first.slice(0, 2)).toEqual(['1', '7']);
    expect(Number(first[2])).toBeGreaterThan(0);
    // The milestones column lists each tile from 2048 up that the game reached.
    const reached = Number(first[3]) >= 2048 ? first[5].split(', ').length : 0;
    expect(reached).toBe(Math.max(0, Math.log2(Number(first[3])) - 10));
    // The next game starts by itself, on the next seed.
    const next = await (
      await page.waitForFunction(
        () => {
          const live = document.querySelector('.demo-live');
          const game = Number(live.dataset.game);
          return game >= 2 && { game, seed: live.querySelector('[data-field="seed"]').textContent };
        },
        null,
        { timeout: 10_000 },
      )
    ).jsonValue();
    expect(next.seed).toBe(String(7 + next.game - 1));
    await screenshot(page, 'app-demo-table');
    expect(errors).toEqual([]);
    await context.close();
  });
});
