// What a first visit sees, by bounding boxes in real headless Chromium: on a
// laptop (1280 x 800, 1366 x 768) the play page shows the score, the whole
// board and Hint, Step and Autoplay without scrolling; on a phone (390 px) it
// does not overflow sideways and the board is at least 280 px. Every choice's
// label fits its list; the controls' names are distinct; the defaults; the
// demo's record before its first game; every page's font and icon, and no
// internal terms (n-tuple, expectimax, nodes) in what the pages show.
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';

const env = useServerAndBrowser();

const LAPTOPS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];
const PHONE = { width: 390, height: 844 };
const IN_VIEW = ['.score-container', '.best-container', '.game-container', '.ai-hint-button', '.ai-step-button'];

async function openFresh(page, url) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('.ai-controls[data-bound]');
}

// Runs in the page: the options whose text is wider than the list shows (the
// text box: the list's width less its padding, border and drop-down arrow).
function cutOffOptions() {
  const ARROW_PX = 20;
  const canvas = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('select')].flatMap((select) => {
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      select.getBoundingClientRect().width -
      ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
        (sum, side) => sum + parseFloat(style[side]),
        0,
      ) -
      ARROW_PX;
    return [...select.options]
      .filter((o) => canvas.measureText(o.textContent).width > room)
      .map(
        (o) =>
          `${select.className}: "${o.textContent}" needs ${Math.ceil(canvas.measureText(o.textContent).width)} px, has ${Math.floor(room)}`,
      );
  });
}

const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the play page on a laptop', () => {
  for (const viewport of LAPTOPS) {
    it(`shows score, board, Hint, Step and Autoplay without scrolling at ${viewport.width} x ${viewport.height}`, async () => {
      const { page, context, errors, outside } = await newPage(env.browser, { viewport });
      await openFresh(page, `${env.server.url}index.html`);
      for (const selector of [...IN_VIEW, '.ai-autoplay-button']) {
        const box = await page.locator(selector).boundingBox();
        expect(box, selector).not.toBeNull();
        expect(box.x, selector).toBeGreaterThanOrEqual(0);
        expect(box.y, selector).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, selector).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height, selector).toBeLessThanOrEqual(viewport.height);
      }
      // The whole board, at its full size.
      expect((await page.locator('.game-container').boundingBox()).width).toBeGreaterThanOrEqual(500);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(cutOffOptions)).toEqual([]);
      await screenshot(page, `app-layout-${viewport.width}x${viewport.height}`);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
      await context.close();
    });
  }
});

describe('the play page on a phone', () => {
  it(`fits ${PHONE.width} px: no sideways scrolling, a board of at least 280 px, whole labels`, async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    await openFresh(page, `${env.server.url}index.html`);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const board = await page.locator('.game-container').boundingBox();
    expect(board.width).toBeGreaterThanOrEqual(280);
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(PHONE.width);
    // The score and the board are on the first screen; the AI's buttons fit the width.
    for (const selector of IN_VIEW.slice(0, 3)) {
      const box = await page.locator(selector).boundingBox();
      expect(box.y + box.height, selector).toBeLessThanOrEqual(PHONE.height);
    }
    for (const selector of ['.ai-hint-button', '.ai-step-button', '.ai-autoplay-button']) {
      const box = await page.locator(selector).boundingBox();
      expect(box.x + box.width, selector).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(cutOffOptions)).toEqual([]);
    await screenshot(page, 'app-layout-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the demo on a laptop and a phone', () => {
  for (const viewport of [...LAPTOPS, PHONE]) {
    it(`shows each choice's whole label at ${viewport.width} x ${viewport.height}, and a record that reads well before the first game ends`, async () => {
      const { page, context, errors } = await newPage(env.browser, { viewport });
      await page.goto(`${env.server.url}demo.html`);
      await page.waitForSelector('.demo-controls[data-bound]');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(cutOffOptions)).toEqual([]);
      // The whole board is in view without scrolling.
      const board = await page.locator('.game-container').boundingBox();
      expect(board.y + board.height).toBeLessThanOrEqual(viewport.height);
      // Before any game ends: no "0 / 0" and no "Over 0 finished games".
      const record = await page.evaluate(() => ({
        count: document.querySelector('.demo-games-count').textContent,
        heading: document.querySelector('.demo-record h2').textContent.replace(/\s+/g, ' ').trim(),
        cells: [...document.querySelectorAll('.demo-table tbody td, .demo-recent tbody td')].map(
          (td) => td.textContent,
        ),
      }));
      expect(record.count).toBe('0');
      expect(record.heading).toBe('Finished games: 0 so far: the tables fill in as each game ends');
      expect(record.cells.join(' ')).not.toMatch(/0 \/ 0/);
      expect(record.cells).toContain('No game has ended yet.');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the 8402 page on a laptop', () => {
  for (const viewport of LAPTOPS) {
    it(`shows the board, whose turn it is and the AI's move side by side at ${viewport.width} x ${viewport.height}`, async () => {
      const { page, context, errors } = await newPage(env.browser, { viewport });
      await page.goto(`${env.server.url}8402.html`);
      await page.waitForSelector('.place-controls[data-bound]');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      const board = await page.locator('.game-container').boundingBox();
      expect(board.y + board.height).toBeLessThanOrEqual(viewport.height);
      for (const part of ['.place-turn', '.place-panel']) {
        const box = await page.locator(part).boundingBox();
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(box.x).toBeGreaterThanOrEqual(board.x + board.width); // beside the board, not below it
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('defaults and names', () => {
  it('autoplays lively (about 30 moves/s, animated) at 10 ms a move; every speed says its pace, the strengths theirs', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: LAPTOPS[0] });
    await openFresh(page, `${env.server.url}index.html`);
    expect(await page.inputValue('.ai-speed')).toBe('lively');
    expect(await page.inputValue('.ai-strength')).toBe('t10');
    expect(await page.inputValue('.ai-player')).toBe('expectimax');
    const speeds = await page.$$eval('.ai-speed option', (os) => os.map((o) => o.textContent));
    for (const label of speeds) expect(label).toMatch(/: (up to [\d.]+ moves\/s|no pause)/);
    expect(await page.getAttribute('.ai-speed', 'title')).toMatch(/a pause of 33 ms between moves/);
    // The default strength's pace, from web/src/ui/preset_pace.js.
    expect(await page.$eval('.ai-strength option[value="t10"]', (o) => o.textContent)).toMatch(
      /^10 ms a move: [\d.]+(–[\d.]+)? moves\/s$/,
    );
    expect(await page.getAttribute('.ai-strength', 'title')).toMatch(/moves\/s early in a game, [\d.]+ late$/);

    // Autoplay paces itself at the default speed and keeps the animations.
    await page.waitForSelector('.ai-autoplay-button:not([disabled])', { timeout: 30_000 });
    await page.click('.ai-autoplay-button');
    await page.waitForFunction(() => Number(document.querySelector('.ai-panel').dataset.aiMoves) >= 30, null, {
      timeout: 60_000,
    });
    expect(
      await page.evaluate(() => document.querySelector('.game-container').classList.contains('no-animations')),
    ).toBe(false);
    // Never faster than the speed's pause allows (33 ms a move: at most about 30 moves/s).
    const rate = Number(await page.evaluate(() => document.querySelector('.ai-panel').dataset.movesPerSecond));
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThanOrEqual(32);
    await page.click('.ai-autoplay-button');
    await page.waitForSelector('.ai-autoplay-button[aria-pressed="false"]');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names each control once, and says what the hint values mean', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: LAPTOPS[0] });
    await openFresh(page, `${env.server.url}index.html`);
    const names = await page.evaluate(() =>
      [
        ...[...document.querySelectorAll('.ai-controls label, .ai-controls button, .ai-panel dt')].map((e) =>
          e.textContent.trim(),
        ),
        // The evaluation line names itself before its colon.
        document.querySelector('.ai-network-label').textContent.split(':')[0],
      ].map((name) => name.toLowerCase().replace(/\s+/g, ' ')),
    );
    expect(names).toContain('evaluation');
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names.filter((name) => name.startsWith('evaluation'))).toHaveLength(1);

    await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
    expect(await page.isHidden('.ai-hint-legend')).toBe(true);
    await page.click('.ai-hint-button');
    await page.waitForSelector('.ai-hint-legend:not([hidden])');
    expect(await page.textContent('.ai-hint-legend')).toMatch(/is the AI's move/);
    expect(await page.getAttribute('.ai-hint-values li.best', 'title')).toMatch(/the AI's move/);
    // No internal terms in the hint or the panel, only a "What is this?" for those who ask.
    for (const part of ['.ai-hint-legend', '.ai-hint-values', '.ai-panel', '.ai-hint-about']) {
      expect(await page.textContent(part)).not.toMatch(/n-tuple|expectimax|nodes|depth/i);
    }
    // With the hint shown, Autoplay is still on the first screen.
    const autoplay = await page.locator('.ai-autoplay-button').boundingBox();
    expect(autoplay.y + autoplay.height).toBeLessThanOrEqual(LAPTOPS[0].height);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('every page', () => {
  it('speaks plain words: no internal terms in what the play, demo and 8402 pages show', async () => {
    for (const name of ['index.html', 'demo.html', '8402.html']) {
      const { page, context, errors } = await newPage(env.browser);
      await page.goto(`${env.server.url}${name}`);
      await page.waitForSelector('.ai-player option', { state: 'attached' });
      const shown = await page.evaluate(() =>
        [
          document.body.innerText,
          // Closed parts, the lists' choices and what a pointer or a screen reader gets.
          ...[...document.querySelectorAll('details, option')].map((e) => e.textContent),
          ...[...document.querySelectorAll('[title], [aria-label], [placeholder]')].map((e) =>
            ['title', 'aria-label', 'placeholder'].map((a) => e.getAttribute(a) ?? '').join(' '),
          ),
        ].join('\n'),
      );
      expect(shown, name).not.toMatch(/n-tuple|expectimax|\bnodes?\b/i);
      expect(errors, name).toEqual([]);
      await context.close();
    }
  });

  it('uses the same font and finds its icon', async () => {
    const fonts = {};
    for (const name of ['index.html', 'demo.html', '8402.html', 'bookmarklet.html']) {
      const { page, context, errors, outside } = await newPage(env.browser);
      const failed = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(`${env.server.url}${name}`);
      fonts[name] = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.href);
      expect(icon, name).toBe(`${env.server.url}favicon.svg`);
      const status = await page.evaluate((url) => fetch(url).then((r) => r.status), icon);
      expect(status, name).toBe(200);
      expect(failed, name).toEqual([]);
      expect(errors, name).toEqual([]);
      expect(outside, name).toEqual([]);
      await context.close();
    }
    expect(new Set(Object.values(fonts)).size, JSON.stringify(fonts)).toBe(1);
    expect(fonts['index.html']).toMatch(/^-apple-system, BlinkMacSystemFont, "Segoe UI"/);
  });
});
