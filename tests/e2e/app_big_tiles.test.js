// A board seeded with the biggest tiles renders, legibly, on a wide and a
// 320px screen, and the AI still moves on it.
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import { boardOfState, domBoard, openWithState, savedGame, savedState, waitForDomBoard } from './app_helpers.js';

const env = useServerAndBrowser();

// Two gaps, and every legal move (right or down) keeps two: whatever tile then
// spawns, one cell stays empty, so the AI's move can never end the game. (With
// one gap, a 4 spawned beside no 4 ended it one time in ten, and the saved game
// was cleared before the test could read it.)
const BOARD = [131072, 65536, 32768, 16384, 512, 1024, 2048, 8192, 256, 128, 64, 4096, 2, 4, 0, 0];

// Each tile's number fits inside its tile.
function overflowingTiles() {
  return [...document.querySelectorAll('.tile-inner')]
    .filter((inner) => {
      const range = document.createRange();
      range.selectNodeContents(inner);
      const text = range.getBoundingClientRect();
      const box = inner.getBoundingClientRect();
      return text.width > box.width - 4 || text.left < box.left || text.right > box.right;
    })
    .map((inner) => inner.textContent);
}

describe('big tiles', () => {
  for (const [name, viewport] of [
    ['wide', { width: 800, height: 800 }],
    ['320px', { width: 320, height: 640 }],
  ]) {
    it(`renders 65536 and 131072 legibly (${name})`, async () => {
      const { page, context, errors } = await newPage(env.browser, { viewport });
      await openWithState(
        page,
        `${env.server.url}index.html`,
        savedState(BOARD, { score: 3500000, won: true, keepPlaying: true }),
      );
      await waitForDomBoard(page, BOARD);
      // Tiles appear scaled from zero: measure them once the animations end.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      expect(await page.textContent('.tile-65536 .tile-inner')).toBe('65536');
      expect(await page.textContent('.tile-131072 .tile-inner')).toBe('131072');
      expect(await page.getAttribute('.tile-131072', 'class')).toContain('tile-super');
      expect(await page.evaluate(overflowingTiles)).toEqual([]);
      await screenshot(page, `app-big-tiles-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('lets the AI move on such a board', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await openWithState(
      page,
      `${env.server.url}index.html`,
      savedState(BOARD, { score: 3500000, won: true, keepPlaying: true }),
    );
    await page.waitForSelector('.ai-step-button:not([disabled])', { timeout: 30_000 });
    await page.click('.ai-step-button');
    await page.waitForFunction(() => document.querySelector('.ai-panel').dataset.aiMoves === '1', null, {
      timeout: 30_000,
    });
    // No two neighbours are equal: the move slides into the gaps and a tile spawns.
    // The DOM catches up with the saved game a few frames later: wait for it.
    const saved = boardOfState(await savedGame(page));
    await waitForDomBoard(page, saved);
    const after = await domBoard(page);
    expect(after).not.toEqual(BOARD);
    expect(after).toContain(131072);
    expect(after).toContain(65536);
    expect(errors).toEqual([]);
    await context.close();
  });
});
