// What the tests and the tools share (tools/harness/: the browser, the
// bookmarklet, the extension, the wasm in Node, the native CLI). Here: serve
// dist/ on 127.0.0.1 and drive Debian's Chromium through playwright-core (never
// a downloaded browser). Every request that leaves 127.0.0.1 is recorded (and
// refused) so tests can assert none.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createStaticServer, listen } from '../../web/scripts/static_server.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.join(repoRoot, 'dist');
export const outputDir = path.join(repoRoot, 'test-output');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// Serves a folder (dist/ by default), cross-origin isolated unless
// { isolated: false }; resolves to { url, http (the server), close }.
export async function serve(dir = distDir, options = {}) {
  const server = createStaticServer(dir, options);
  const url = await listen(server, 0);
  return { url, http: server, close: () => new Promise((r) => server.close(r)) };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

// A new page that records console errors, page errors and outside requests.
// lateFramesMs delays every animation frame, as a loaded machine does, so the
// tiles on screen lag the game: a test that reads the game's state from them
// too early fails every time instead of now and then. LATE_FRAMES=150 in the
// environment runs every browser test that way (a check for such races).
export async function newPage(browser, options = {}) {
  const { lateFramesMs = Number(process.env.LATE_FRAMES) || 0, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  if (lateFramesMs > 0) {
    await context.addInitScript((ms) => {
      const request = globalThis.requestAnimationFrame.bind(globalThis);
      globalThis.requestAnimationFrame = (callback) => setTimeout(() => request(callback), ms);
    }, lateFramesMs);
  }
  const page = await context.newPage();
  const errors = [];
  const outside = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = url.hostname === '127.0.0.1' || ['data:', 'blob:'].includes(url.protocol);
    if (local) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  return { page, context, errors, outside };
}

// For the checks that something does not happen (a paused game makes no move,
// a page gets no panel), where there is no event to wait for: reads the value
// every 50 ms for `ms` and fails at the first read that differs from the first
// one; resolves to that value. Never a wait for something to happen: those
// wait for their condition (waitForFunction, waitFor).
export async function expectSteady(read, ms, what) {
  const first = JSON.stringify(await read());
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = JSON.stringify(await read());
    if (now !== first) throw new Error(`${what} changed while it should not: ${first}, then ${now}`);
  }
  return JSON.parse(first);
}

export async function screenshot(page, name) {
  fs.mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: path.join(outputDir, `${name}.png`) });
}
