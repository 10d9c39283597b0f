// The extension in headless Chromium, started and stopped by its toolbar
// button (clicked through the DevTools protocol, as a user's click: see
// tools/harness/extension.js) on the test pages the bookmarklet's tests use: a
// page built like the original 2048, the same page under a strict Content
// Security Policy (which refuses the bookmarklet), and a page without a game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSteady, screenshot, serve } from '../../tools/harness/browser.js';
import {
  bookmarkletCode,
  clickBookmarklet,
  domBoard,
  evaluationText,
  overlayState,
  pageDomWithoutPanel,
  serveFixtures,
  waitFor,
} from '../../tools/harness/bookmarklet.js';
import { launchWithExtension, panelChoices } from '../../tools/harness/extension.js';
import { SETTINGS_KEY } from '../../web/extension/settings_storage.js';
import { BOOKMARKLET_SPEEDS, BOOKMARKLET_STRENGTHS } from '../../web/src/ui/presets.js';

// Three merges from 2048: the "You win!" comes within a few moves.
const NEAR_2048 = '1024,512,256,128,0,0,0,128,0,0,0,0,0,0,0,2';
// The quickest strength: the presets list the strengths weakest first.
const FASTEST = BOOKMARKLET_STRENGTHS[0].id;
const FULL_SPEED = BOOKMARKLET_SPEEDS.find((s) => s.intervalMs === 0).id;
// About 2 moves a second: the game cannot end before the network is in.
const PACED = BOOKMARKLET_SPEEDS.filter((s) => s.intervalMs > 0 && s.intervalMs <= 500).sort(
  (a, b) => b.intervalMs - a.intervalMs,
)[0].id;
const STRICT = encodeURIComponent("default-src 'self'");

const fixture = (page) => page.evaluate(() => ({ ...window.__fixture }));
const hasPanel = (page) => page.evaluate(() => document.querySelectorAll('ai2048-bookmarklet').length);

describe("the extension's toolbar button", () => {
  let browser;
  let host;
  let payload;

  beforeAll(async () => {
    host = await serveFixtures();
    payload = await serve();
    browser = await launchWithExtension();
  });

  // The panel's next choices, as if picked earlier.
  const chooseSettings = (speed) =>
    browser.worker.evaluate(
      ([key, settings]) => chrome.storage.local.set({ [key]: settings }),
      [SETTINGS_KEY, { speed, strength: FASTEST, keepGoing: true }],
    );

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await payload?.close();
  });

  it('starts the AI on a page built like the original: it plays past 2048 with the learned network and the endgame table, and a second click stops it', async () => {
    await chooseSettings(PACED);
    const { page, errors } = await browser.newPage();
    await page.goto(`${host.url}clone.html?board=${NEAR_2048}`);
    // Nothing runs on a page before the button is clicked there.
    expect(await expectSteady(() => hasPanel(page), 300, 'the panels before a click')).toBe(0);

    await browser.clickButton(page);
    const started = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 5,
      'the first moves',
      60_000,
    );
    expect(started.mode).toMatch(/^search: extension, /);
    expect(started.toggle).toBe('Stop');
    await waitFor(
      () => fixture(page),
      (g) => g.keepGoingClicks === 1,
      'Keep going at 2048',
      60_000,
    );
    expect(Math.max(...(await domBoard(page)))).toBeGreaterThanOrEqual(2048);
    await waitFor(
      () => evaluationText(page),
      (t) => /learned network \([^)]*loaded in/.test(t),
      'the learned network',
      120_000,
    );
    // Then the endgame table the extension carries, over the same port.
    await waitFor(
      () => evaluationText(page),
      (t) => /learned network \([^)]*loaded in [^)]*\).*, endgame table \(/.test(t),
      'the endgame table',
      60_000,
    );
    const withNetwork = (await fixture(page)).moves;
    await waitFor(
      () => fixture(page),
      (g) => g.moves >= withNetwork + 10,
      'moves with the network',
      60_000,
    );
    const game = await fixture(page);
    expect(game.wonShown).toBe(1);
    expect(game.keydowns - game.moves).toBeLessThanOrEqual(2);
    expect((await overlayState(page)).message).toMatch(/You win/);
    await screenshot(page, 'extension-clone-past-2048');

    await browser.clickButton(page);
    const stopped = await waitFor(
      () => overlayState(page),
      (s) => s.toggle === 'Start',
      'the stop',
    );
    expect(stopped.status).toMatch(/^Stopped after \d+ moves$/);
    await expectSteady(async () => (await fixture(page)).keydowns, 1000, 'the keys sent after the stop');
    // A third click plays again, in the same panel.
    await browser.clickButton(page);
    await waitFor(
      () => fixture(page),
      (g) => g.moves >= game.moves + 2,
      'moves after a third click',
      30_000,
    );
    expect(await hasPanel(page)).toBe(1);
    expect(errors).toEqual([]);
    expect(browser.outside).toEqual([]);
    await page.close();
  }, 300_000);

  it("plays a page whose policy is default-src 'self', where the bookmarklet is refused", async () => {
    await chooseSettings(FULL_SPEED);
    const { page, errors } = await browser.newPage();
    await page.goto(`${host.url}clone.html?csp=${STRICT}`);
    const dialog = new Promise((resolve) =>
      page.once('dialog', async (d) => {
        resolve(d.message());
        await d.dismiss();
      }),
    );
    await clickBookmarklet(page, bookmarkletCode(payload.url));
    expect(await dialog).toContain("this page's Content Security Policy forbids loading scripts");
    expect(await hasPanel(page)).toBe(0);

    await browser.clickButton(page);
    const state = await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 20,
      '20 moves',
      60_000,
    );
    expect(state.mode).toMatch(/^search: extension, /);
    expect(state.messageKind).not.toBe('error');
    const game = await fixture(page);
    expect(game.keydowns - game.moves).toBeLessThanOrEqual(2);
    // The panel keeps its look: its styles are not the <style> the policy refuses.
    const background = await page.evaluate(
      () =>
        getComputedStyle(document.querySelector('ai2048-bookmarklet').shadowRoot.querySelector('.panel'))
          .backgroundColor,
    );
    expect(background).toBe('rgb(250, 248, 239)');
    // The only complaints are the policy's own: the bookmarklet's script and
    // the page's inline <style>, refused.
    expect(errors.filter((e) => !/violates the following Content Security Policy directive/.test(e))).toEqual([]);
    await browser.clickButton(page);
    await waitFor(
      () => overlayState(page),
      (s) => s.toggle === 'Start',
      'the stop',
    );
    await page.close();
  });

  it('leaves a page with no game unchanged, and says so', async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(`${host.url}no-game.html`);
    const storage = () => page.evaluate(() => JSON.stringify({ ...localStorage }));
    const before = { dom: await pageDomWithoutPanel(page), storage: await storage() };
    await browser.clickButton(page);
    const state = await waitFor(
      () => overlayState(page),
      (s) => Boolean(s.message),
      'the message',
      30_000,
    );
    expect(state.message).toMatch(/No 2048 game found on this page/);
    expect(state.message).toMatch(/Nothing on this page was changed/);
    expect(await page.locator('ai2048-bookmarklet [data-action=toggle]').isDisabled()).toBe(true);
    expect(await pageDomWithoutPanel(page)).toBe(before.dom);
    expect(await page.evaluate(() => window.__fixture.keydowns)).toBe(0);
    expect(await storage()).toBe(before.storage);
    // The page's scripts cannot see the extension's session (another world).
    expect(await page.evaluate(() => typeof window.__ai2048Extension)).toBe('undefined');
    // A second click shows the same panel, and still sends nothing.
    await browser.clickButton(page);
    expect(
      await expectSteady(
        () => page.evaluate(() => [document.querySelectorAll('ai2048-bookmarklet').length, window.__fixture.keydowns]),
        500,
        'the panels and keys after a second click',
      ),
    ).toEqual([1, 0]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says on its button why it cannot run on a browser page', async () => {
    const { page } = await browser.newPage();
    await page.goto('chrome://version');
    await browser.clickButton(page);
    const button = () =>
      browser.worker.evaluate(async () => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        return {
          badge: await chrome.action.getBadgeText({ tabId: tab.id }),
          title: await chrome.action.getTitle({ tabId: tab.id }),
        };
      });
    const said = await waitFor(button, (b) => b.badge === '!', 'the badge', 20_000);
    expect(said.title).toMatch(/^2048 AI cannot run on this page: .*chrome:\/\//);
    await page.close();
  });

  it('remembers speed, strength and "keep playing" in its storage, across a reload', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${host.url}clone.html`);
    await browser.clickButton(page);
    await waitFor(
      () => overlayState(page),
      (s) => s.moves >= 1,
      'the first move',
      60_000,
    );
    const chosen = { speed: BOOKMARKLET_SPEEDS.at(-1).id, strength: BOOKMARKLET_STRENGTHS.at(-1).id, keepGoing: false };
    await page.locator('ai2048-bookmarklet select[name=speed]').selectOption(chosen.speed);
    await page.locator('ai2048-bookmarklet select[name=strength]').selectOption(chosen.strength);
    await page.locator('ai2048-bookmarklet input[name=keepGoing]').uncheck();
    const saved = (s) => s[SETTINGS_KEY] || {};
    await waitFor(
      () => browser.storage(),
      (s) => saved(s).keepGoing === false,
      'the save',
    );
    expect(saved(await browser.storage())).toEqual(chosen);

    await page.reload();
    expect(await hasPanel(page)).toBe(0);
    await browser.clickButton(page);
    await waitFor(
      () => overlayState(page),
      (s) => s.hosts === 1,
      'the panel',
    );
    expect(await panelChoices(page)).toEqual(chosen);
    await browser.clickButton(page);
    await page.close();
  });
});
