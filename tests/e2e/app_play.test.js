// The play page in real headless Chromium against the built dist/: loading,
// keys, saving and restoring, the win and game-over messages, Hint, and the
// small-screen layout.
import { describe, expect, it } from 'vitest';
import { newPage, repoRoot, screenshot, serve } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import { boardOfState, openWithState, savedGame, savedState, shownScore, waitForDomBoard } from './app_helpers.js';
import { legalMoves, moveBoard } from '../../web/src/game/rules.js';

const env = useServerAndBrowser();

const playUrl = () => `${env.server.url}index.html`;

describe('play page', () => {
  it('loads with no console error and no request outside 127.0.0.1, and the AI gets ready', async () => {
    const { page, context, errors, outside } = await newPage(env.browser);
    await page.goto(playUrl());
    await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
    expect(await page.locator('.tile').count()).toBe(2);
    expect(await page.textContent('.ai-status')).toBe('Ready');
    await screenshot(page, 'app-play');
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('moves tiles and updates the score with the arrow keys, saving at once', async () => {
    const { page, context, errors } = await newPage(env.browser);
    const board = [2, 2, 0, 0, 0, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 8];
    await openWithState(page, playUrl(), savedState(board, { score: 100 }));
    await waitForDomBoard(page, board);
    expect(await shownScore(page)).toBe(100);

    await page.keyboard.press('ArrowLeft');
    // The saved game is written inside the key handler, before any frame.
    const saved = await savedGame(page);
    const expected = moveBoard(board, 3);
    expect(saved.score).toBe(100 + expected.gain);
    const after = boardOfState(saved);
    expect(after.filter((v, i) => v !== expected.board[i])).toHaveLength(1); // the spawn
    await waitForDomBoard(page, after);
    await page.waitForFunction(() => /^112/.test(document.querySelector('.score-container').textContent));

    // A synthetic keydown, as a bookmarklet sends it, moves too; an illegal move saves nothing.
    const before = JSON.stringify(await savedGame(page));
    const up = moveBoard(after, 0);
    await page.evaluate(() =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 38, bubbles: true })),
    );
    const afterUp = JSON.stringify(await savedGame(page));
    expect(afterUp !== before).toBe(up.moved);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('restores the game after a reload', async () => {
    const { page, context } = await newPage(env.browser);
    await page.goto(playUrl());
    for (const key of ['ArrowDown', 'ArrowLeft', 'ArrowDown', 'ArrowRight', 'KeyS', 'KeyA']) {
      await page.keyboard.press(key);
    }
    const saved = await savedGame(page);
    await waitForDomBoard(page, boardOfState(saved));
    await page.reload();
    await waitForDomBoard(page, boardOfState(saved));
    expect(await shownScore(page)).toBe(saved.score);
    await context.close();
  });

  it('shows a legal direction for Hint, with the four values', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: { width: 800, height: 1000 } });
    const board = [2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]; // left and right do not move
    await openWithState(page, playUrl(), savedState(board));
    await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
    await page.click('.ai-hint-button');
    await page.waitForSelector('.ai-hint-arrow:not([hidden])');
    const name = await page.getAttribute('.ai-hint-arrow', 'data-direction');
    const dir = ['up', 'right', 'down', 'left'].indexOf(name);
    expect(legalMoves(board)).toContain(dir);
    expect(await page.locator('.ai-hint-values li').count()).toBe(4);
    expect(await page.textContent('.ai-hint-values li[data-direction="left"]')).toContain('changes nothing');
    expect(await page.textContent('.ai-hint-legend')).toMatch(/is the AI's move/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'app-play-hint');
    // The hint goes away with the next move.
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('.ai-hint-arrow', { state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "You win!" at 2048, waits, and plays on after Keep going', async () => {
    const { page, context } = await newPage(env.browser);
    const board = [1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0];
    await openWithState(page, playUrl(), savedState(board, { score: 5000 }));
    await waitForDomBoard(page, board);
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.game-message.game-won');
    expect(await page.textContent('.game-message p')).toBe('You win!');
    const saved = JSON.stringify(await savedGame(page));
    await page.keyboard.press('ArrowDown');
    expect(JSON.stringify(await savedGame(page))).toBe(saved); // moves wait for Keep going
    await page.click('.keep-playing-button');
    await page.waitForFunction(() => !document.querySelector('.game-message').classList.contains('game-won'));
    await page.keyboard.press('ArrowDown');
    const next = await savedGame(page);
    expect(next.keepPlaying).toBe(true);
    expect(next.won).toBe(true);
    await context.close();
  });

  it('says "Game over!" on a board with no move, and Try again starts afresh', async () => {
    const { page, context } = await newPage(env.browser);
    const board = [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2];
    await openWithState(page, playUrl(), savedState(board, { score: 300 }));
    await page.waitForSelector('.game-message.game-over');
    expect(await page.textContent('.game-message p')).toBe('Game over!');
    expect(await savedGame(page)).toBeNull(); // removed at game over, as the original does
    await page.click('.retry-button');
    await page.waitForFunction(() => !document.querySelector('.game-message').classList.contains('game-over'));
    await page.waitForFunction(() => document.querySelectorAll('.tile').length === 2);
    expect((await savedGame(page)).score).toBe(0);
    await context.close();
  });

  it('ignores a corrupt saved game with a warning, not an error', async () => {
    const { page, context, errors } = await newPage(env.browser);
    const warnings = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    await page.goto(playUrl());
    await page.evaluate(() => localStorage.setItem('gameState', '{"grid":{"size":5,"cells":[]},"score":1}'));
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('.tile').length === 2);
    expect(warnings.some((w) => /ignoring the saved game/.test(w))).toBe(true);
    expect((await savedGame(page)).grid.size).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves tiles with a swipe on a touch screen', async () => {
    const { page, context, errors } = await newPage(env.browser, {
      viewport: { width: 320, height: 720 },
      hasTouch: true,
    });
    const board = [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
    await openWithState(page, playUrl(), savedState(board));
    await waitForDomBoard(page, board);
    await page.evaluate(() => {
      const area = document.querySelector('.game-container');
      const touch = (x, y) => new Touch({ identifier: 1, target: area, clientX: x, clientY: y });
      const start = touch(250, 200);
      const end = touch(60, 215); // mostly leftward
      area.dispatchEvent(new TouchEvent('touchstart', { touches: [start], changedTouches: [start], bubbles: true }));
      area.dispatchEvent(
        new TouchEvent('touchmove', { touches: [end], changedTouches: [end], bubbles: true, cancelable: true }),
      );
      area.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [end], bubbles: true }));
    });
    const after = boardOfState(await savedGame(page));
    expect(after[0]).toBe(2);
    expect(after[12]).toBe(2);
    expect(after.filter((v) => v).length).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from any path on a static host (relative addresses only)', async () => {
    const repo = await serve(repoRoot); // dist/ is then served under /dist/
    const { page, context, errors, outside } = await newPage(env.browser);
    await page.goto(`${repo.url}dist/index.html`);
    await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
    await page.keyboard.press('ArrowDown');
    await page.click('.ai-hint-button');
    await page.waitForSelector('.ai-hint-arrow:not([hidden])');
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
    await repo.close();
  });

  it('fits a 320px wide screen', async () => {
    const { page, context, errors } = await newPage(env.browser, {
      viewport: { width: 320, height: 720 },
      hasTouch: true,
    });
    await page.goto(playUrl());
    await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      board: document.querySelector('.game-container').getBoundingClientRect().width,
    }));
    expect(widths.page).toBeLessThanOrEqual(320);
    expect(widths.board).toBe(280);
    await screenshot(page, 'app-play-320px');
    expect(errors).toEqual([]);
    await context.close();
  });
});
