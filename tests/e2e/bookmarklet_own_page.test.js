// The bookmarklet on our own game page (dist/index.html keeps the original's
// DOM classes and gameState shape), in real headless Chromium. The page is
// served on one port and the payload on another, as on someone else's site;
// the code run is dist/bookmarklet.txt's, with only its address changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, serve } from '../../tools/harness/browser.js';
import {
  bookmarkletCode,
  bookmarkletUrlFor,
  clickBookmarklet,
  countKeydowns,
  domBoard,
  keydowns,
  openBookmarkletUrl,
  openSeeded,
  overlayState,
  waitFor,
} from '../../tools/harness/bookmarklet.js';

const maxOf = (board) => Math.max(...board);

describe('the bookmarklet on our own game page', () => {
  let payload;
  let host;
  let browser;
  let code;

  beforeAll(async () => {
    payload = await serve();
    host = await serve();
    browser = await launchBrowser();
    code = bookmarkletCode(payload.url);
  });

  afterAll(async () => {
    await browser?.close();
    await payload?.close();
    await host?.close();
  });

  it("has an install page whose link is the same bookmarklet, built from the page's own address", async () => {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${payload.url}bookmarklet.html`);
    const href = await page.getAttribute('#bookmarklet-link', 'href');
    expect(href.startsWith('javascript:')).toBe(true);
    expect(decodeURIComponent(href.slice('javascript:'.length))).toBe(code);
    expect(await page.inputValue('#bookmarklet-code')).toBe(href);
    const text = await page.textContent('main');
    expect(text).toContain('Pages it supports');
    expect(text).toContain('And on the rest');
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  // Generous limits: the machine's other work can slow the search a lot.
  it('plays, reaches 1024 at full speed, and a second click starts no second player', async () => {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${host.url}index.html`);
    await countKeydowns(page);
    // Two clicks at once (the second while the payload loads)...
    await clickBookmarklet(page, code);
    await clickBookmarklet(page, code);
    const first = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 5,
      'the first moves',
      30_000,
    );
    expect(first.toggle).toBe('Stop');
    expect(first.mode).toMatch(/search: /);
    const startedAt = Date.now();
    // ...and one more once it plays: still one panel, one player.
    await clickBookmarklet(page, code);
    const best = await waitFor(
      async () => maxOf(await domBoard(page)),
      (max) => max >= 1024,
      'a 1024 tile',
      150_000,
    );
    expect(best).toBeGreaterThanOrEqual(1024);
    console.log(`bookmarklet: 1024 on our page after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    await screenshot(page, 'bookmarklet-own-page-1024');

    await page.locator('ai2048-bookmarklet [data-action=toggle]').click();
    const stopped = await waitFor(
      () => overlayState(page),
      (s) => s.toggle === 'Start',
      'the stop',
    );
    expect(stopped.hosts).toBe(1);
    // One player: every key the page got is a move the panel counted (a
    // second player would have sent about as many again).
    const sent = await keydowns(page);
    expect(sent).toBeGreaterThanOrEqual(stopped.moves);
    expect(sent).toBeLessThanOrEqual(stopped.moves + 3);
    expect(await page.evaluate(() => typeof window.__ai2048Bookmarklet.show)).toBe('function');
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('passes the win message on a board one merge from 2048 and plays on', async () => {
    const { page, errors } = await newPage(browser);
    await openSeeded(page, `${host.url}index.html`, [1024, 1024, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 20000);
    await page.evaluate(() => {
      window.__wonShown = 0;
      const message = document.querySelector('.game-message');
      new MutationObserver(() => {
        if (message.classList.contains('game-won')) window.__wonShown++;
      }).observe(message, { attributes: true, attributeFilter: ['class'] });
    });
    await clickBookmarklet(page, code);
    const after = await waitFor(
      async () => ({
        won: await page.evaluate(() => window.__wonShown),
        showing: await page.evaluate(() => document.querySelector('.game-message').classList.contains('game-won')),
        board: await domBoard(page),
        overlay: await overlayState(page),
      }),
      (s) => s.won > 0 && !s.showing && s.overlay.moves >= 15,
      'moves after "You win!"',
      45_000,
    );
    expect(maxOf(after.board)).toBeGreaterThanOrEqual(2048);
    expect(after.overlay.message).toMatch(/You win/);
    expect(after.overlay.toggle).toBe('Stop');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('gameState')));
    expect(saved.won).toBe(true);
    expect(saved.keepPlaying).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Exactly one key: after the last move the page removes its saved game, and
  // the driver reads the board from the DOM, which must not be taken for the
  // position before the move while the page has yet to draw it.
  it('stops at game over on a board one move from the end, and reports the score', async () => {
    const { page, errors } = await newPage(browser);
    // Any move merges the two 128s; wherever the new tile lands, nothing moves after.
    await openSeeded(page, `${host.url}index.html`, [8, 16, 8, 16, 16, 8, 16, 8, 8, 16, 8, 16, 32, 64, 128, 128], 5000);
    await countKeydowns(page);
    // This time as a bookmark runs it: the browser opens the javascript: URL.
    const pageUrl = page.url();
    await openBookmarkletUrl(page, bookmarkletUrlFor(payload.url));
    const over = await waitFor(
      () => overlayState(page),
      (s) => s.status === 'Game over',
      'game over',
      30_000,
    );
    const score = await page.evaluate(() => /\d+/.exec(document.querySelector('.score-container').textContent)[0]);
    expect(Number(score)).toBe(5256);
    expect(over.message).toContain(`Final score ${score}`);
    expect(over.messageKind).toBe('done');
    expect(over.toggle).toBe('Start');
    expect(await page.evaluate(() => document.querySelector('.game-message').classList.contains('game-over'))).toBe(
      true,
    );
    expect(await page.evaluate(() => window.__ai2048Bookmarklet.driver.running)).toBe(false);
    expect(await keydowns(page)).toBe(1);
    expect(page.url()).toBe(pageUrl);
    await screenshot(page, 'bookmarklet-own-page-game-over');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
