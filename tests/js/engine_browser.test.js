// The engine in real headless Chromium: a pool of module workers on the page's
// own origin, the same when the engine is imported from another origin (as the
// bookmarklet does: workers start from a Blob and the wasm comes from the
// engine's origin), and the main-thread fallback when the page's content
// security policy forbids workers. Answers must equal the wasm in Node.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { distDir, launchBrowser, newPage, serve } from '../../tools/harness/browser.js';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';

const BOARD = [0, 2, 4, 8, 0, 2, 16, 64, 0, 4, 32, 128, 2, 8, 64, 1024];

let browser;
let engineSite; // dist/ on one origin
let pageSite; // a blank page (and a link to the same engine) on another
let pageDir;
let expected;

beforeAll(async () => {
  expected = (await loadWasmModule()).search(BOARD, { depth: 3 });
  pageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-page-'));
  fs.writeFileSync(path.join(pageDir, 'blank.html'), '<!doctype html><title>blank</title>');
  fs.writeFileSync(
    path.join(pageDir, 'no-workers.html'),
    '<!doctype html><meta http-equiv="Content-Security-Policy" content="worker-src \'none\'"><title>csp</title>',
  );
  fs.symlinkSync(path.join(distDir, 'src'), path.join(pageDir, 'src'));
  engineSite = await serve(distDir);
  pageSite = await serve(pageDir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await engineSite?.close();
  await pageSite?.close();
  if (pageDir) fs.rmSync(pageDir, { recursive: true, force: true });
});

// Opens pagePath on the page site, imports the engine from engineUrl, asks for
// a depth-3 move, and reports what happened.
async function runInPage(pagePath, engineUrl) {
  const { page, context, errors, outside } = await newPage(browser);
  try {
    await page.goto(pageSite.url + pagePath);
    // Passed as text: the test runner rewrites import() in functions it compiles.
    const report = await page.evaluate(`(async () => {
      const { createEngine } = await import(${JSON.stringify(engineUrl)});
      const board = ${JSON.stringify(BOARD)};
      const engine = await createEngine({ poolSize: 2 });
      const result = await engine.bestMove(board, { depth: 3 });
      const timed = await engine.bestMove(board, { timeMs: 20 });
      const moved = await engine.applyMove(board, result.dir);
      const out = { mode: engine.mode, poolSize: engine.poolSize, fallback: engine.fallback, result, timed, moved };
      engine.dispose();
      return out;
    })()`);
    return { report, errors, outside };
  } finally {
    await context.close();
  }
}

describe('the engine in Chromium', () => {
  test('runs a pool of workers when the page and the engine share an origin', async () => {
    const { report, errors, outside } = await runInPage('blank.html', `${pageSite.url}src/engine/engine.js`);
    expect(report.mode).toBe('pool');
    expect(report.poolSize).toBe(2);
    expect(report.fallback).toBeNull();
    expect(report.result.values).toEqual(expected.values);
    expect(report.result.dir).toBe(expected.dir);
    expect(report.timed.values[report.timed.dir]).not.toBeNull();
    expect(report.moved.moved).toBe(true);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
  });

  test('runs a pool from another origin, as the bookmarklet imports it', async () => {
    const { report, errors, outside } = await runInPage('blank.html', `${engineSite.url}src/engine/engine.js`);
    expect(new URL(engineSite.url).origin).not.toBe(new URL(pageSite.url).origin);
    expect(report.mode).toBe('pool');
    expect(report.result.values).toEqual(expected.values);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
  });

  test('falls back to the main thread where the page forbids workers, and says so', async () => {
    const { report, outside } = await runInPage('no-workers.html', `${engineSite.url}src/engine/engine.js`);
    expect(report.mode).toBe('main');
    expect(report.fallback).toMatch(/main thread/);
    expect(report.result.values).toEqual(expected.values);
    expect(outside).toEqual([]);
  });
});
