// Shared by the extension's browser tests and figures: Debian's Chromium
// (never a downloaded browser) with the built extension loaded from a copy of
// dist/extension/ (a rebuild meanwhile cannot pull files from under it).
//
// The toolbar button is clicked for real: the DevTools protocol's
// Extensions.triggerAction (allowed by --enable-unsafe-extension-debugging
// over playwright's pipe) runs the action on a tab exactly as a user's click
// does, activeTab grant included. playwright has no call of its own for it.
// The functions handed to evaluate run in the page or the extension's worker:
/* global chrome, document */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.js';
import { extensionDir } from '../../web/scripts/build_extension.mjs';

// grantHosts: match patterns added to the copy's host_permissions, standing
// in for what a user grants at the browser's prompt (which a test cannot
// answer); the shipped manifest asks for none.
export async function launchWithExtension({ grantHosts = [] } = {}) {
  if (!fs.existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error('dist/extension/ is missing: run npm run build first');
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-extension-'));
  const unpacked = path.join(scratch, 'extension');
  fs.cpSync(extensionDir, unpacked, { recursive: true });
  if (grantHosts.length > 0) {
    const file = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...manifest, host_permissions: grantHosts }, null, 2));
  }
  const context = await chromium.launchPersistentContext(path.join(scratch, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${unpacked}`,
      `--load-extension=${unpacked}`,
      '--enable-unsafe-extension-debugging',
    ],
  });
  const worker = context.serviceWorkers()[0] || (await context.waitForEvent('serviceworker', { timeout: 60_000 }));
  const extensionId = new URL(worker.url()).host;
  const cdp = await context.browser().newBrowserCDPSession();

  // Every request that leaves 127.0.0.1 from a page is recorded and refused.
  const outside = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || ['data:', 'blob:', 'chrome-extension:'].includes(url.protocol))
      return route.continue();
    outside.push(url.href);
    return route.abort();
  });

  return {
    context,
    worker,
    extensionId,
    outside,
    url: (name) => `chrome-extension://${extensionId}/${name}`,
    // A new tab that records its console errors and page errors.
    async newPage() {
      const page = await context.newPage();
      const errors = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(String(err)));
      return { page, errors };
    },
    // Clicks the toolbar button with `page` as the current tab.
    async clickButton(page) {
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
      const tabs = targetInfos.filter((t) => t.url === page.url());
      if (tabs.length !== 1) throw new Error(`${tabs.length} tabs show ${page.url()}; the click needs exactly one`);
      await cdp.send('Extensions.triggerAction', { id: extensionId, targetId: tabs[0].targetId });
    },
    // chrome.storage.local as the extension sees it.
    storage: () => worker.evaluate(() => chrome.storage.local.get(null)),
    async close() {
      await context.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

// Where the AI runs: the panel's selects, as the page's DOM shows them.
export async function panelChoices(page) {
  return page.evaluate(() => {
    const root = document.querySelector('ai2048-bookmarklet').shadowRoot;
    return {
      speed: root.querySelector('select[name=speed]').value,
      strength: root.querySelector('select[name=strength]').value,
      keepGoing: root.querySelector('input[name=keepGoing]').checked,
    };
  });
}
