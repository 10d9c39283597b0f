// Start-up order on the play page (issue 26: the heuristic answers until the
// network is in): a Hint asked while the learned network is still loading is
// answered at once by the heuristic, and once the network is in, Hints are the
// network's. The network file comes from a server of the test's own that holds
// it back until the test lets it go, so the order never depends on timings.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { savedState } from './app_helpers.js';
import { distDir, newPage } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';

const env = useServerAndBrowser();

// The board of app_network.test.js: the network's values differ from the heuristic's.
const BOARD = [2, 4, 8, 16, 0, 32, 0, 4, 0, 0, 2, 0, 0, 0, 0, 2];

// Serves the shipped network file, answering no request before release().
async function heldNetworkServer() {
  const bytes = fs.readFileSync(path.join(distDir, 'network', 'network.n2048.gz'));
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url);
    released.then(() => {
      // The page is cross-origin isolated: a file from another origin needs CORS and CORP.
      res.writeHead(200, {
        'Content-Type': 'application/gzip',
        'Content-Length': bytes.length,
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      res.end(bytes);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/network.n2048.gz`,
    requests,
    release,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// Runs before the page's scripts: the saved board, and a log of the
// evaluation line's states and of each Hint's values, in the order they showed.
function recordStartup(state) {
  localStorage.setItem('gameState', state);
  window.startupLog = [];
  let lastState = null;
  let lastValues = null;
  new MutationObserver(() => {
    const line = document.querySelector('.ai-network');
    if (line && line.dataset.state && line.dataset.state !== lastState) {
      lastState = line.dataset.state;
      window.startupLog.push({ state: lastState });
    }
    const arrow = document.querySelector('.ai-hint-arrow');
    const values = [...document.querySelectorAll('.ai-hint-values li')].map((li) => li.dataset.value).join('|');
    if (arrow && !arrow.hidden && values && values !== lastValues) {
      lastValues = values;
      window.startupLog.push({ hint: values, during: lastState });
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function hint(page, count) {
  await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
  await page.click('.ai-hint-button');
  await page.waitForFunction((n) => window.startupLog.filter((e) => e.hint).length >= n, count, { timeout: 60_000 });
}

async function heuristicValues() {
  const { page, context } = await newPage(env.browser);
  await page.addInitScript(recordStartup, JSON.stringify(savedState(BOARD)));
  await page.goto(`${env.server.url}index.html?strength=d2&network=off`);
  await hint(page, 1);
  const values = await page.evaluate(() => window.startupLog.find((e) => e.hint).hint);
  await context.close();
  return values;
}

describe('start-up', () => {
  it('the heuristic answers a Hint while the network loads, and the network the Hints after', async () => {
    const heuristic = await heuristicValues();
    const held = await heldNetworkServer();
    try {
      const { page, context, errors } = await newPage(env.browser);
      await page.addInitScript(recordStartup, JSON.stringify(savedState(BOARD)));
      await page.goto(`${env.server.url}index.html?strength=d2&network=${encodeURIComponent(held.url)}`);
      await page.waitForFunction(() => document.querySelector('.ai-network').dataset.state === 'loading');
      await hint(page, 1);
      // The file is asked for (once the network's worker started), and held back.
      await expect.poll(() => held.requests, { timeout: 60_000, interval: 100 }).toEqual(['/network.n2048.gz']);
      held.release();
      await page.waitForFunction(() => document.querySelector('.ai-network').dataset.state === 'network', null, {
        timeout: 120_000,
      });
      await hint(page, 2);
      const log = await page.evaluate(() => window.startupLog);
      const order = log.map((e) => (e.hint ? `hint during ${e.during}` : e.state));
      expect(order).toEqual(['heuristic', 'loading', 'hint during loading', 'network', 'hint during network']);
      const [first, second] = log.filter((e) => e.hint).map((e) => e.hint);
      expect(first).toBe(heuristic);
      expect(second).not.toBe(heuristic);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      held.release();
      await held.close();
    }
  });
});
