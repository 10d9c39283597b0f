// The learned network in the browser, through the real pages: it loads after
// the first paint with a progress bar and is then used (its values differ
// from the heuristic's on a known board); a corrupt or missing file leaves a
// working heuristic AI and a message; and a second visit with the server
// stopped still plays, from the service worker's cache.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openWithState, savedState } from './app_helpers.js';
import { distDir, launchBrowser, newPage, outputDir, repoRoot, serve } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import { readWeightCount } from '../../tools/bench/network_precision.mjs';

const env = useServerAndBrowser();

// Runs before the page's scripts: records every state the network line shows,
// and whether its progress bar was visible while loading.
function recordNetworkStates() {
  window.networkStates = [];
  window.sawProgressBar = false;
  new MutationObserver(() => {
    const line = document.querySelector('.ai-network');
    if (!line) return;
    const state = line.dataset.state;
    if (window.networkStates.at(-1) !== state) window.networkStates.push(state);
    const bar = line.querySelector('.ai-network-progress');
    if (state === 'loading' && bar && !bar.hidden) window.sawProgressBar = true;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

const networkState = (page) => page.evaluate(() => document.querySelector('.ai-network').dataset.state);
const networkLine = (page) => page.evaluate(() => document.querySelector('.ai-network').textContent.trim());
// The AI's moves over all games (the move counter starts again with each game,
// so a game ending between two reads could hide the moves made).
const demoMoves = (page) => page.evaluate(() => Number(document.querySelector('.demo-live').dataset.aiMoves));

async function waitForNetworkEnd(page) {
  await page.waitForFunction(
    () => ['network', 'failed', 'off'].includes(document.querySelector('.ai-network')?.dataset.state),
    null,
    { timeout: 120_000 },
  );
}

async function hintValues(page) {
  await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
  await page.click('.ai-hint-button');
  await page.waitForSelector('.ai-hint-arrow:not([hidden])');
  return page.$$eval('.ai-hint-values li', (items) => items.map((item) => item.dataset.value));
}

// The shipped network's weight count, from its header (the file's first bytes,
// decompressed): what the page's line must show, whatever network ships.
function shippedWeights() {
  const gz = fs.readFileSync(path.join(repoRoot, 'web', 'network', 'network.n2048.gz'));
  const head = zlib.gunzipSync(gz.subarray(0, 1 << 16), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return readWeightCount(head).count;
}

describe('the learned network in the pages', () => {
  it('loads on the demo after the first moves, with a progress bar, and plays on', async () => {
    const { page, context, errors, outside } = await newPage(env.browser);
    await page.addInitScript(recordNetworkStates);
    await page.goto(`${env.server.url}demo.html`);
    await waitForNetworkEnd(page);
    expect(await networkState(page)).toBe('network');
    const weights = `${(shippedWeights() / 1e6).toFixed(2)}M weights`;
    expect(await networkLine(page)).toContain(`learned network (${weights}, loaded in `);
    const states = await page.evaluate(() => window.networkStates);
    expect(states).toEqual(['heuristic', 'loading', 'network']);
    expect(await page.evaluate(() => window.sawProgressBar)).toBe(true);
    const before = await demoMoves(page);
    await page.waitForFunction((n) => Number(document.querySelector('.demo-live').dataset.aiMoves) >= n + 10, before, {
      timeout: 60_000,
    });
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('gives other values than the heuristic on a known board', async () => {
    const board = [2, 4, 8, 16, 0, 32, 0, 4, 0, 0, 2, 0, 0, 0, 0, 2];
    const values = {};
    for (const network of ['', 'off']) {
      const { page, context, errors } = await newPage(env.browser);
      const url = `${env.server.url}index.html?strength=d2${network ? `&network=${network}` : ''}`;
      await openWithState(page, url, savedState(board));
      await waitForNetworkEnd(page);
      expect(await networkState(page)).toBe(network ? 'off' : 'network');
      values[network || 'network'] = await hintValues(page);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(values.network).toHaveLength(4);
    expect(values.off).toHaveLength(4);
    expect(values.network).not.toEqual(values.off);
  });

  it('a corrupt or missing network file leaves a working heuristic AI and says why', async () => {
    // The repository root is served, so the page can name a file outside dist/.
    const repo = await serve(repoRoot);
    fs.mkdirSync(outputDir, { recursive: true });
    const plain = zlib.gunzipSync(fs.readFileSync(path.join(distDir, 'network', 'network.n2048.gz')));
    plain[plain.length >> 1] ^= 0x10;
    fs.writeFileSync(path.join(outputDir, 'corrupt.n2048.gz'), zlib.gzipSync(plain, { level: 1 }));
    const cases = [
      ['/test-output/corrupt.n2048.gz', /checksum mismatch \(the file is corrupt\)/],
      ['/test-output/missing.n2048.gz', /HTTP 404/],
    ];
    try {
      for (const [file, reason] of cases) {
        const { page, context, errors } = await newPage(env.browser);
        await page.goto(`${repo.url}dist/demo.html?network=${encodeURIComponent(file)}`);
        await waitForNetworkEnd(page);
        expect(await networkState(page)).toBe('failed');
        const line = await networkLine(page);
        expect(line).toMatch(/^Evaluation: heuristic \(the learned network could not load: /);
        expect(line).toMatch(reason);
        const before = await demoMoves(page);
        await page.waitForFunction(
          (n) => Number(document.querySelector('.demo-live').dataset.aiMoves) >= n + 5,
          before,
          {
            timeout: 60_000,
          },
        );
        // The 404 is the browser's own console line; nothing else may go wrong.
        expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
        await context.close();
      }
    } finally {
      fs.rmSync(path.join(outputDir, 'corrupt.n2048.gz'), { force: true });
      await repo.close();
    }
  });

  it('plays on a second visit with the server stopped, from the cache', async () => {
    // A server and browser of its own: this test stops the server.
    const server = await serve();
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (err) => errors.push(String(err)));
      await page.goto(`${server.url}demo.html`);
      await waitForNetworkEnd(page);
      expect(await networkState(page)).toBe('network');
      // The service worker has installed (its cache holds the files) and controls the page.
      await expect
        .poll(
          () =>
            page.evaluate(
              async () =>
                Boolean(navigator.serviceWorker.controller) &&
                (await caches.keys()).some((key) => key.startsWith('ai2048-')),
            ),
          { timeout: 120_000, interval: 500 },
        )
        .toBe(true);
      await server.close();
      await page.reload();
      await waitForNetworkEnd(page);
      expect(await networkState(page)).toBe('network');
      const before = await demoMoves(page);
      await page.waitForFunction(
        (n) => Number(document.querySelector('.demo-live').dataset.aiMoves) >= n + 10,
        before,
        {
          timeout: 60_000,
        },
      );
      // Another page of the site, never opened before, comes from the cache too.
      await page.goto(`${server.url}index.html?network=off`);
      await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
      await server.close().catch(() => {});
    }
  });
});
