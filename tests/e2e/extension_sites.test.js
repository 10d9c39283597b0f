// The extension's per-site panel: a site added on the options page shows the
// panel by itself on its pages built like the original 2048, waiting for
// Start, and nothing on its other pages. The browser's permission prompt
// cannot be answered from a test, so this browser's copy of the extension is
// granted 127.0.0.1 up front (tools/harness/extension.js): the options page's
// request is then answered at once, and the rest runs as for a user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlayState, pageDomWithoutPanel, serveFixtures, waitFor } from '../../tools/harness/bookmarklet.js';
import { expectSteady } from '../../tools/harness/browser.js';
import { launchWithExtension } from '../../tools/harness/extension.js';

const hasPanel = (page) => page.evaluate(() => document.querySelectorAll('ai2048-bookmarklet').length);
const fixture = (page) => page.evaluate(() => ({ ...window.__fixture }));

describe('the panel on the sites the user adds', () => {
  let browser;
  let host;

  beforeAll(async () => {
    host = await serveFixtures();
    browser = await launchWithExtension({ grantHosts: ['http://127.0.0.1/*'] });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  it('is added on the options page, shows by itself on a 2048 page, and is gone once removed', async () => {
    const { page: options, errors: optionErrors } = await browser.newPage();
    await options.goto(browser.url('extension/options.html'));
    await options.fill('#site', 'ftp://127.0.0.1');
    await options.click('button[type=submit]');
    expect(await options.textContent('#site-result')).toBe('Only http and https sites can show the panel, not ftp.');
    await options.fill('#site', `${host.url}clone.html`);
    await options.click('button[type=submit]');
    await waitFor(
      () => options.textContent('#site-result'),
      (t) => t.startsWith('Added'),
      'the site added',
    );
    expect(await options.textContent('#site-result')).toContain('Added http://127.0.0.1/*');
    expect(await options.locator('#sites code').allTextContents()).toEqual(['http://127.0.0.1/*']);

    // A 2048 page of that site: the panel waits for Start and sends nothing.
    const { page, errors } = await browser.newPage();
    await page.goto(`${host.url}clone.html`);
    const waiting = await waitFor(
      () => overlayState(page),
      (s) => s.hosts === 1,
      'the panel by itself',
      30_000,
    );
    expect(waiting.status).toBe('Press Start to let the AI play');
    expect(waiting.toggle).toBe('Start');
    expect(await expectSteady(async () => (await fixture(page)).keydowns, 500, 'the keys before Start')).toBe(0);
    await page.locator('ai2048-bookmarklet [data-action=toggle]').click();
    await waitFor(
      () => fixture(page),
      (g) => g.moves >= 10,
      'moves after Start',
      60_000,
    );
    expect((await overlayState(page)).mode).toMatch(/^search: extension, /);
    // The toolbar button stops it, as anywhere.
    await browser.clickButton(page);
    await waitFor(
      () => overlayState(page),
      (s) => s.toggle === 'Start',
      'the stop',
    );
    expect(errors).toEqual([]);

    // Another page of the same site, without a game: nothing at all.
    const { page: other } = await browser.newPage();
    await other.goto(`${host.url}no-game.html`);
    const before = await pageDomWithoutPanel(other);
    expect(await expectSteady(() => hasPanel(other), 1000, 'the panels on a page without a game')).toBe(0);
    expect(await pageDomWithoutPanel(other)).toBe(before);

    // Removed: the next visit shows no panel.
    await options.click('#sites button');
    await waitFor(
      () => options.textContent('#site-result'),
      (t) => t.startsWith('Removed'),
      'the site removed',
    );
    expect(await options.locator('#sites code').count()).toBe(0);
    await page.reload();
    expect(await expectSteady(() => hasPanel(page), 1000, 'the panels after the site was removed')).toBe(0);
    expect(optionErrors).toEqual([]);
  }, 300_000);
});
