// The bookmarklet on pages other than ours, in real headless Chromium: a
// clone whose state lives only in the DOM, a page with no game, pages whose
// Content Security Policy forbids the payload, WebAssembly or workers, and a
// hidden tab and a user's New Game in the middle of play, and the learned
// network loaded from the bookmarklet's server (or missing). The fixture pages
// (tests/e2e/fixtures) are served on another port than the payload (dist/).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSteady, launchBrowser, newPage, screenshot, serve } from '../../tools/harness/browser.js';
import {
  bookmarkletCode,
  clickBookmarklet,
  domBoard,
  evaluationText,
  overlayState,
  pageDomWithoutPanel,
  serveFixtures,
  servePayloadWithoutNetwork,
  setTabHidden,
  waitFor,
} from '../../tools/harness/bookmarklet.js';

// Listens on 127.0.0.1 and cuts every connection: resolves { url, close }.
function refusingServer() {
  const server = net.createServer((socket) => socket.destroy());
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

const fixture = (page) => page.evaluate(() => ({ ...window.__fixture }));
const storage = (page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

describe('the bookmarklet on other pages', () => {
  let payload;
  let host;
  let browser;
  let code;
  let payloadOrigin;

  beforeAll(async () => {
    payload = await serve();
    host = await serveFixtures();
    browser = await launchBrowser();
    code = bookmarkletCode(payload.url);
    payloadOrigin = payload.url.slice(0, -1);
  });

  afterAll(async () => {
    await browser?.close();
    await payload?.close();
    await host?.close();
  });

  it('plays a clone whose state is only in the DOM (no localStorage)', async () => {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${host.url}clone.html?storage=none`);
    await clickBookmarklet(page, code);
    const state = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 40,
      '40 moves',
      60_000,
    );
    expect(state.messageKind).not.toBe('error');
    const game = await fixture(page);
    // Every key it sent was a legal move on the page's real board: it read the
    // board right from the tiles alone (at most a stray one while rendering).
    expect(game.moves).toBeGreaterThanOrEqual(40);
    expect(game.keydowns - game.moves).toBeLessThanOrEqual(2);
    expect(await storage(page)).toBe('{}');
    const board = await domBoard(page);
    expect(board.reduce((a, b) => a + b, 0)).toBeGreaterThan(80);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('presses Keep going at "You win!" on a DOM-only clone, and plays on', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${host.url}clone.html?storage=none&board=1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,2`);
    await clickBookmarklet(page, code);
    const state = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 15,
      '15 moves',
      45_000,
    );
    const game = await fixture(page);
    expect(game.wonShown).toBe(1);
    expect(game.keepGoingClicks).toBe(1);
    expect(game.moves).toBeGreaterThanOrEqual(15);
    expect(Math.max(...(await domBoard(page)))).toBeGreaterThanOrEqual(2048);
    expect(await page.evaluate(() => document.querySelector('.game-message').className)).toBe('game-message');
    expect(state.message).toMatch(/You win/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says so on a page with no 2048 game, and leaves the page untouched', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${host.url}no-game.html`);
    const before = { dom: await pageDomWithoutPanel(page), storage: await storage(page) };
    await clickBookmarklet(page, code);
    const state = await waitFor(
      () => overlayState(page),
      (s) => Boolean(s.message),
      'the message',
      20_000,
    );
    expect(state.message).toMatch(/No 2048 game found on this page/);
    expect(state.message).toMatch(/Nothing on this page was changed/);
    expect(state.messageKind).toBe('error');
    expect(await page.locator('ai2048-bookmarklet [data-action=toggle]').isDisabled()).toBe(true);
    await screenshot(page, 'bookmarklet-no-game');
    expect(await pageDomWithoutPanel(page)).toBe(before.dom);
    expect(await storage(page)).toBe(before.storage);
    expect((await fixture(page)).keydowns).toBe(0);
    // The host page's styles stay out of the panel: its "div { color: red
    // !important }" does not reach the panel's text.
    const color = await page
      .locator('ai2048-bookmarklet [data-role=status]')
      .evaluate((el) => getComputedStyle(el).color);
    expect(color).not.toBe('rgb(255, 0, 0)');
    // Closing removes the panel and the guard; the bookmark works again after.
    await page.locator('ai2048-bookmarklet [data-action=close]').click();
    expect(
      await page.evaluate(() => [
        document.querySelectorAll('ai2048-bookmarklet').length,
        typeof window.__ai2048Bookmarklet,
      ]),
    ).toEqual([0, 'undefined']);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before.dom);
    await clickBookmarklet(page, code);
    await waitFor(
      () => overlayState(page),
      (s) => s.hosts === 1 && Boolean(s.message),
      'the panel again',
      20_000,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('declines a 2048 page built another way, plainly, and sends no key', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${host.url}other-layout.html`);
    const before = await pageDomWithoutPanel(page);
    await clickBookmarklet(page, code);
    const state = await waitFor(
      () => overlayState(page),
      (s) => Boolean(s.message),
      'the message',
      20_000,
    );
    expect(state.message).toMatch(/This 2048 page is built differently from the original game/);
    expect(await pageDomWithoutPanel(page)).toBe(before);
    expect((await fixture(page)).keydowns).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("alerts plainly when the page's CSP forbids loading the payload, and changes nothing", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${host.url}clone.html?csp=${encodeURIComponent("script-src 'self'")}`);
    const before = { dom: await pageDomWithoutPanel(page), game: await fixture(page) };
    const dialog = new Promise((resolve) =>
      page.once('dialog', async (d) => {
        resolve(d.message());
        await d.dismiss();
      }),
    );
    await clickBookmarklet(page, code);
    const message = await dialog;
    expect(message).toContain("this page's Content Security Policy forbids loading scripts");
    expect(message).toContain(payload.url);
    expect(
      await page.evaluate(() => [
        document.querySelectorAll('ai2048-bookmarklet').length,
        typeof window.__ai2048Bookmarklet,
      ]),
    ).toEqual([0, 'undefined']);
    expect(await pageDomWithoutPanel(page)).toBe(before.dom);
    expect((await fixture(page)).keydowns).toBe(before.game.keydowns);
    await page.context().close();
  });

  it('alerts plainly when the server is not running', async () => {
    // A port that answers no HTTP: every connection is cut at once. (A served
    // port closed again could be taken by a parallel test file's server.)
    const gone = await refusingServer();
    const { page } = await newPage(browser);
    await page.goto(`${host.url}clone.html`);
    const before = await pageDomWithoutPanel(page);
    const dialog = new Promise((resolve) =>
      page.once('dialog', async (d) => {
        resolve(d.message());
        await d.dismiss();
      }),
    );
    await clickBookmarklet(page, bookmarkletCode(gone.url));
    const message = await dialog;
    expect(message).toContain(`could not load from ${gone.url}`);
    expect(message).toContain('is the 2048 AI server running?');
    expect(await page.evaluate(() => typeof window.__ai2048Bookmarklet)).toBe('undefined');
    expect(await pageDomWithoutPanel(page)).toBe(before);
    await page.context().close();
    await gone.close();
  });

  it("says so when the page's CSP forbids WebAssembly, and sends no key", async () => {
    const { page } = await newPage(browser);
    const policy = `script-src 'self' ${payloadOrigin}`;
    await page.goto(`${host.url}clone.html?csp=${encodeURIComponent(policy)}`);
    const before = await pageDomWithoutPanel(page);
    await clickBookmarklet(page, code);
    const state = await waitFor(
      () => overlayState(page),
      (s) => s.messageKind === 'error',
      'the message',
      30_000,
    );
    expect(state.message).toMatch(/Content Security Policy forbids running the AI's WebAssembly engine/);
    expect(await pageDomWithoutPanel(page)).toBe(before);
    expect((await fixture(page)).keydowns).toBe(0);
    await page.context().close();
  });

  it("searches on the page's thread, in short slices, where the page forbids workers", async () => {
    const { page } = await newPage(browser);
    const policy = `script-src 'self' ${payloadOrigin} 'wasm-unsafe-eval'; worker-src 'none'`;
    await page.goto(`${host.url}clone.html?csp=${encodeURIComponent(policy)}`);
    // The longest gap between the page's frames while the AI plays.
    await page.evaluate(() => {
      window.__longestFrameGap = 0;
      let last = performance.now();
      const tick = (now) => {
        window.__longestFrameGap = Math.max(window.__longestFrameGap, now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await clickBookmarklet(page, code);
    const state = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 30,
      '30 moves',
      60_000,
    );
    expect(state.mode).toBe('search: page thread');
    // No 134 MB network on the page's own thread.
    expect(await evaluationText(page)).toMatch(/^Evaluation: heuristic \(the learned network runs only in workers/);
    const gap = await page.evaluate(() => window.__longestFrameGap);
    console.log(`bookmarklet: longest frame gap on the page thread ${gap.toFixed(0)} ms`);
    expect(gap).toBeLessThan(2000);
    const game = await fixture(page);
    expect(game.keydowns - game.moves).toBeLessThanOrEqual(2);
    await page.context().close();
  });

  it('loads the learned network and the endgame table from its server, says so, and plays with them', async () => {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${host.url}clone.html`);
    await clickBookmarklet(page, code);
    // The heuristic plays while the network downloads.
    await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 3,
      'the first moves',
      30_000,
    );
    await waitFor(
      () => evaluationText(page),
      (t) => /learned network \([^)]*loaded in/.test(t),
      'the network',
      90_000,
    );
    // Then the endgame table, from the same server.
    await waitFor(
      () => evaluationText(page),
      (t) => /learned network \([^)]*loaded in [^)]*\).*, endgame table \(/.test(t),
      'the endgame table',
      60_000,
    );
    const loaded = await overlayState(page);
    const after = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= loaded.moves + 10,
      'moves with the network',
      60_000,
    );
    expect(after.messageKind).not.toBe('error');
    const game = await fixture(page);
    expect(game.keydowns - game.moves).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('says why when its server has no network, and plays on with the heuristic', async () => {
    const bare = await servePayloadWithoutNetwork();
    const { page } = await newPage(browser);
    await page.goto(`${host.url}clone.html`);
    await clickBookmarklet(page, bookmarkletCode(bare.url));
    const text = await waitFor(
      () => evaluationText(page),
      (t) => /could not load/.test(t),
      "the network's failure",
      60_000,
    );
    expect(text).toMatch(/^Evaluation: heuristic \(the learned network could not load: .*404/);
    const failed = await overlayState(page);
    const after = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= failed.moves + 10,
      'moves after the failure',
      60_000,
    );
    expect(after.toggle).toBe('Stop');
    expect(after.messageKind).not.toBe('error');
    await page.context().close();
    await bare.close();
  });

  it("pauses while the tab is hidden, and follows a user's New Game", async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${host.url}clone.html`);
    await clickBookmarklet(page, code);
    await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 5,
      'the first moves',
      30_000,
    );
    await page.locator('ai2048-bookmarklet select[name=speed]').selectOption('10');

    await setTabHidden(page, true);
    await waitFor(
      () => overlayState(page),
      (s) => s.status === 'Paused while the tab is hidden',
      'the pause',
    );
    const paused = await expectSteady(
      async () => (await fixture(page)).moves,
      700,
      'the moves while the tab is hidden',
    );
    await setTabHidden(page, false);
    await waitFor(
      () => fixture(page),
      (g) => g.moves >= paused + 3,
      'moves after the tab is shown',
    );

    // The user starts a New Game mid-play: the AI plays the new board.
    const beforeNew = await overlayState(page);
    await page.click('.restart-button');
    const after = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= beforeNew.moves + 5,
      'moves on the new game',
    );
    expect(after.toggle).toBe('Stop');
    expect(after.messageKind).not.toBe('error');
    const game = await fixture(page);
    expect(game.keydowns - game.moves).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
