// The bookmarklet in Chromium, for its browser tests and the extension's
// figures. The payload is served from one server (dist/) and the game page
// (tests/e2e/fixtures/) from another port, so the bookmarklet runs
// cross-origin as it does on someone else's site. The functions handed to
// page.evaluate run in the page:
/* global document, window, requestAnimationFrame */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import assert from 'node:assert/strict';
import { distDir, repoRoot } from './browser.js';
import { DEFAULT_BOOKMARKLET_BASE } from '../../web/scripts/build_bookmarklet.mjs';
import { createStaticServer, listen } from '../../web/scripts/static_server.mjs';

export const fixturesDir = path.join(repoRoot, 'tests/e2e/fixtures');

// dist/bookmarklet.txt's javascript: URL, with the baked address swapped for
// the test server's.
export function bookmarkletUrlFor(payloadUrl) {
  const text = fs.readFileSync(path.join(distDir, 'bookmarklet.txt'), 'utf8');
  const lines = text.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, 'dist/bookmarklet.txt holds one line');
  const url = lines[0];
  assert.ok(url.startsWith('javascript:'), 'dist/bookmarklet.txt holds a javascript: URL');
  assert.equal(url.split(DEFAULT_BOOKMARKLET_BASE).length, 2, 'the default address is baked in once');
  return url.replace(DEFAULT_BOOKMARKLET_BASE, payloadUrl);
}

// Its code, as a browser runs a javascript: URL (percent-decoded).
export function bookmarkletCode(payloadUrl) {
  return decodeURIComponent(bookmarkletUrlFor(payloadUrl).slice('javascript:'.length));
}

// Opens the javascript: URL in the page itself, the way a bookmark does
// (the browser decodes and runs it; the page must stay where it is).
export async function openBookmarkletUrl(page, url) {
  await page.evaluate((u) => {
    window.location.href = u;
  }, url);
}

// Runs the bookmarklet's code in the page, as clicking the bookmark does.
export async function clickBookmarklet(page, code) {
  await page.evaluate(code);
}

// The panel's visible state (the panel lives in an open shadow root).
export async function overlayState(page) {
  return page.evaluate(() => {
    const hosts = document.querySelectorAll('ai2048-bookmarklet');
    const root = hosts[0] && hosts[0].shadowRoot;
    const text = (sel) => (root ? root.querySelector(sel).textContent : null);
    const moves = /^(\d+) moves?/.exec(text('[data-role=stats]') || '');
    return {
      hosts: hosts.length,
      status: text('[data-role=status]'),
      stats: text('[data-role=stats]'),
      moves: moves ? Number(moves[1]) : 0,
      message: text('[data-role=message]'),
      messageKind: root ? root.querySelector('[data-role=message]').dataset.kind : null,
      mode: text('[data-role=mode]'),
      toggle: text('[data-action=toggle]'),
    };
  });
}

// Polls `read` until `accept(value)`; fails with the last value seen.
export async function waitFor(read, accept, what, timeoutMs = 30_000) {
  const started = Date.now();
  let value;
  for (;;) {
    value = await read();
    if (accept(value)) return value;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(value)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The original's saved state for a row-major board (cells[x][y], column first).
export function savedGameState(board, score = 0, extra = {}) {
  const cells = [0, 1, 2, 3].map((x) =>
    [0, 1, 2, 3].map((y) => {
      const value = board[y * 4 + x];
      return value ? { position: { x, y }, value } : null;
    }),
  );
  return JSON.stringify({ grid: { size: 4, cells }, score, over: false, won: false, keepPlaying: false, ...extra });
}

// Opens `url` with localStorage.gameState seeded, as a returning player would.
export async function openSeeded(page, url, board, score) {
  await page.goto(url);
  await page.evaluate((state) => localStorage.setItem('gameState', state), savedGameState(board, score));
  await page.reload();
}

// The board shown in the DOM (largest tile per cell), row-major.
export async function domBoard(page) {
  return page.evaluate(() => {
    const board = new Array(16).fill(0);
    for (const el of document.querySelectorAll('.tile-container .tile')) {
      const value = /(?:^| )tile-(\d+)(?: |$)/.exec(el.className);
      const pos = /tile-position-(\d)-(\d)/.exec(el.className);
      if (value && pos) {
        const i = (Number(pos[2]) - 1) * 4 + Number(pos[1]) - 1;
        board[i] = Math.max(board[i], Number(value[1]));
      }
    }
    return board;
  });
}

// Counts the key events the page receives (installed before the bookmarklet runs).
export async function countKeydowns(page) {
  await page.evaluate(() => {
    window.__keydowns = 0;
    document.addEventListener(
      'keydown',
      () => {
        window.__keydowns++;
      },
      true,
    );
  });
}

export async function keydowns(page) {
  return page.evaluate(() => window.__keydowns);
}

// Serves the fixture pages, not cross-origin isolated (as most sites);
// `?csp=POLICY` on a page's address sends that Content-Security-Policy header
// with it, as a strict site would.
export async function serveFixtures() {
  const files = createStaticServer(fixturesDir, { isolated: false }).listeners('request')[0];
  const server = http.createServer((req, res) => {
    const policy = new URL(req.url, 'http://127.0.0.1').searchParams.get('csp');
    if (policy) res.setHeader('Content-Security-Policy', policy);
    files(req, res);
  });
  const url = await listen(server, 0);
  return { url, close: () => new Promise((r) => server.close(r)) };
}

// Serves dist/ as the bookmarklet's server, but answers 404 for the learned
// network: a server where the network is missing.
export async function servePayloadWithoutNetwork() {
  const files = createStaticServer(distDir).listeners('request')[0];
  const server = http.createServer((req, res) => {
    if (new URL(req.url, 'http://127.0.0.1').pathname.startsWith('/network/')) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    files(req, res);
  });
  const url = await listen(server, 0);
  return { url, close: () => new Promise((r) => server.close(r)) };
}

// The panel's evaluation line (which evaluation plays, the network's download).
export async function evaluationText(page) {
  return page.evaluate(() => {
    const host = document.querySelector('ai2048-bookmarklet');
    return host ? host.shadowRoot.querySelector('[data-role=evaluation]').textContent : null;
  });
}

// The page's own DOM, without the bookmarklet's panel.
// Read once it has stopped changing: a page may still be rendering (the clone
// draws its tiles in animation frames), which is not the bookmarklet's doing.
// Stopped: the same over three animation frames.
export async function pageDomWithoutPanel(page) {
  const read = () =>
    page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true);
      for (const panel of copy.querySelectorAll('ai2048-bookmarklet')) panel.remove();
      return copy.outerHTML;
    });
  let last = await read();
  for (let i = 0; i < 50; i++) {
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        ),
    );
    const now = await read();
    if (now === last) return now;
    last = now;
  }
  return last;
}

// Makes the page believe its tab was hidden (or shown again).
export async function setTabHidden(page, hidden) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}
