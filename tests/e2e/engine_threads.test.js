// WebAssembly threads in Chromium: our server's pages are cross-origin
// isolated, the engine searches with the network on more than one thread there
// and gives the single-threaded engine's values at a fixed depth; a page
// without isolation falls back to one thread and says why (until the service
// worker, from the next visit, adds the headers), and so does the
// bookmarklet on another site's page; the extension's pages are isolated by
// its manifest, and its panel says its threads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, serve } from '../../tools/harness/browser.js';
import {
  bookmarkletCode,
  clickBookmarklet,
  evaluationText,
  serveFixtures,
  waitFor,
} from '../../tools/harness/bookmarklet.js';
import { launchWithExtension } from '../../tools/harness/extension.js';

const BOARDS = [
  [0, 0, 2, 0, 8, 4, 2, 0, 8, 2, 4, 0, 8, 32, 32, 128],
  [2, 4, 2, 8, 4, 16, 16, 32, 2, 0, 32, 128, 0, 2, 64, 256],
  [4, 2, 4, 8, 0, 8, 8, 32, 0, 2, 16, 256, 0, 0, 32, 4096],
  [2, 4, 1024, 16384, 0, 16, 256, 2048, 0, 8, 128, 256, 2, 4, 4, 2],
];

const networkLine = (page) => page.evaluate(() => document.querySelector('.ai-network').textContent.trim());

async function waitForNetwork(page) {
  await page.waitForFunction(
    () => ['network', 'failed', 'off'].includes(document.querySelector('.ai-network')?.dataset.state),
    null,
    { timeout: 60_000 },
  );
}

// The page's createEngine, from a module script: the test runner rewrites
// import() in the functions it compiles, so they cannot import it themselves.
async function exposeEngine(page) {
  await page.addScriptTag({
    type: 'module',
    content: "import { createEngine } from '/src/engine/engine.js'; window.createEngine = createEngine;",
  });
  await page.waitForFunction(() => typeof window.createEngine === 'function');
}

// Runs in the page: the engine with threads (the default) and one with a
// single thread, both with the network, on the same boards at depth 2.
async function compareEngines(boards) {
  const { createEngine } = window;
  const threaded = await createEngine({});
  const single = await createEngine({ threads: 1 });
  await Promise.all([threaded.loadNetwork(), single.loadNetwork()]);
  const out = {
    threads: threaded.threads,
    threadsNote: threaded.threadsNote,
    singleThreads: single.threads,
    singleNote: single.threadsNote,
    results: [],
  };
  for (const board of boards) {
    const a = await threaded.bestMove(board, { depth: 2 });
    const b = await single.bestMove(board, { depth: 2 });
    const c = await threaded.bestMove(board, { depth: 2, threads: 1 });
    out.results.push({ threaded: a, single: b, oneOfThreaded: c });
  }
  threaded.dispose();
  single.dispose();
  return out;
}

describe('WebAssembly threads', () => {
  let isolated;
  let plain;
  let browser;

  beforeAll(async () => {
    isolated = await serve();
    plain = await serve(undefined, { isolated: false });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await isolated?.close();
    await plain?.close();
  });

  it('the play page is cross-origin isolated and its network searches on more than one thread', async () => {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${isolated.url}index.html`);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    await waitForNetwork(page);
    expect(await networkLine(page)).toMatch(/learned network .*, [2-4] threads(,|;|$)/);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  // At depth 2 no board recurs at two depths, so the order threads meet
  // positions in cannot change a value; it changes the table's hits, so the
  // node count varies a little from run to run.
  it("a threaded search at a fixed depth gives the single-threaded engine's values", async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${isolated.url}bookmarklet.html`);
    await exposeEngine(page);
    const out = await page.evaluate(compareEngines, BOARDS);
    expect(out.threads).toBeGreaterThan(1);
    expect(out.threadsNote).toBe(null);
    expect(out.singleThreads).toBe(1);
    expect(out.singleNote).toBe('one thread asked for');
    for (const { threaded, single, oneOfThreaded } of out.results) {
      expect(threaded.values).toEqual(single.values);
      expect(threaded.nodes).toBeGreaterThanOrEqual(single.nodes * 0.75);
      expect(threaded.nodes).toBeLessThanOrEqual(single.nodes * 1.5);
      expect(threaded.dir).toBe(single.dir);
      expect(threaded.depth).toBe(2);
      expect(oneOfThreaded.values).toEqual(single.values);
      expect(oneOfThreaded.nodes).toBe(single.nodes);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on a host that sends no headers, the service worker isolates the page from the next visit', async () => {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${plain.url}index.html`);
    await waitForNetwork(page);
    // The page registers the service worker once the network is in.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    await waitForNetwork(page);
    expect(await networkLine(page)).toMatch(/learned network .*, [2-4] threads(,|;|$)/);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('a page without isolation searches on one thread and says why', async () => {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${plain.url}index.html`);
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);
    await waitForNetwork(page);
    expect(await networkLine(page)).toMatch(/learned network .*, 1 thread: page not cross-origin isolated(,|;|$)/);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.context().close();
  });
});

describe('threads where the AI plays other sites', () => {
  let payload;
  let host;

  beforeAll(async () => {
    payload = await serve();
    host = await serveFixtures();
  });

  afterAll(async () => {
    await payload?.close();
    await host?.close();
  });

  const networkLoaded = (page) =>
    waitFor(
      () => evaluationText(page),
      (t) => /learned network \([^)]*loaded in/.test(t),
      'the network',
      90_000,
    );

  it("the bookmarklet on another site's page falls back to one thread and says why", async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors, outside } = await newPage(browser);
      await page.goto(`${host.url}clone.html`);
      await clickBookmarklet(page, bookmarkletCode(payload.url));
      expect(await networkLoaded(page)).toMatch(/\), 1 thread: page not cross-origin isolated(,|;|$)/);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("the extension's panel searches on more than one thread", async () => {
    const extension = await launchWithExtension({ grantHosts: ['http://127.0.0.1/*'] });
    try {
      const { page } = await extension.newPage();
      await page.goto(`${host.url}clone.html`);
      await extension.clickButton(page);
      expect(await networkLoaded(page)).toMatch(/\), [2-4] threads(,|;|$)/);
      expect(extension.outside).toEqual([]);
    } finally {
      await extension.close();
    }
  });
});
