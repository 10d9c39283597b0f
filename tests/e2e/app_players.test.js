// The players, Evil 2048 and 8402 in real headless Chromium with the real
// engine, with the heuristic (network=off). Fixed depths make the AI
// deterministic, so each move the page plays is checked against the same wasm
// module run here in Node: the player's move, then the evil spawner's tile for
// that board.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmModule } from '../../tools/harness/load_wasm.js';
import { newPage, screenshot } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import {
  boardOfState,
  domBoard,
  openWithState,
  savedGame,
  savedState,
  shownScore,
  placePanelData,
  waitForDomBoard,
  waitForPlaceTurn,
} from './app_helpers.js';

const env = useServerAndBrowser();
let m;

beforeAll(async () => {
  m = await loadWasmModule();
});

const savedBoard = async (page) => boardOfState(await savedGame(page));

// Presses Step and waits until the saved game changes (it is saved once the
// new tile is on the board); the boards before and after.
async function step(page) {
  const before = await savedBoard(page);
  await page.click('.ai-step-button');
  await page.waitForFunction(
    (b) => {
      const saved = JSON.parse(localStorage.getItem('gameState'));
      const board = new Array(16).fill(0);
      saved.grid.cells.forEach((col, x) =>
        col.forEach((c, y) => {
          if (c) board[y * 4 + x] = c.value;
        }),
      );
      return board.join() !== b.join();
    },
    before,
    { timeout: 20_000 },
  );
  return { before, after: await savedBoard(page) };
}

// The cells where two boards differ.
const changed = (a, b) => a.flatMap((v, i) => (v !== b[i] ? [i] : []));

describe('play page: player and Evil 2048', () => {
  it('plays the chosen player, and with Evil on the evil tiles land', async () => {
    const { page, context, errors, outside } = await newPage(env.browser, { viewport: { width: 800, height: 1300 } });
    const board = [2, 4, 8, 2, 0, 0, 4, 0, 0, 2, 0, 0, 0, 0, 0, 2];
    await openWithState(page, `${env.server.url}index.html?speed=max&network=off`, savedState(board, { score: 100 }));
    await page.waitForSelector('.ai-controls[data-bound]');
    expect(await page.inputValue('.ai-player')).toBe('expectimax');
    expect(await page.isChecked('.ai-evil')).toBe(false);

    await page.selectOption('.ai-player', 'minimax');
    await page.selectOption('.ai-strength', 'd2');
    await page.check('.ai-evil');
    expect(await page.getAttribute('body', 'class')).toContain('evil-mode');
    await page.waitForSelector('.ai-step-button:not([disabled])', { timeout: 30_000 });
    for (let i = 0; i < 6; i++) {
      const { before, after } = await step(page);
      const dir = m.search(before, { player: 'minimax', depth: 2 }).dir;
      const moved = m.applyMove(before, dir).board;
      const evil = m.evilSpawn(moved, 1);
      expect(after).toEqual(m.placeTile(moved, evil.cell, evil.value));
    }
    await waitForDomBoard(page, await savedBoard(page));
    await screenshot(page, 'app-play-evil-minimax');

    // The choices are remembered.
    const remembered = JSON.parse(await page.evaluate(() => localStorage.getItem('ai2048.settings')));
    expect(remembered).toMatchObject({ player: 'minimax', strength: 'd2', evil: true });
    await page.reload();
    await page.waitForSelector('.ai-controls[data-bound]');
    expect(await page.inputValue('.ai-player')).toBe('minimax');
    expect(await page.isChecked('.ai-evil')).toBe(true);

    // Back to expectimax with random tiles: its move, and one new 2 or 4.
    await page.selectOption('.ai-player', 'expectimax');
    expect(await page.inputValue('.ai-strength')).toBe('d2');
    await page.uncheck('.ai-evil');
    expect(await page.getAttribute('body', 'class')).not.toContain('evil-mode');
    await page.waitForSelector('.ai-step-button:not([disabled])', { timeout: 30_000 });
    for (let i = 0; i < 3; i++) {
      const { before, after } = await step(page);
      const moved = m.applyMove(before, m.search(before, { depth: 2 }).dir).board;
      const fresh = changed(moved, after);
      expect(fresh).toHaveLength(1);
      expect(moved[fresh[0]]).toBe(0);
      expect([2, 4]).toContain(after[fresh[0]]);
    }

    // Monte Carlo autoplays against the evil spawner.
    await page.selectOption('.ai-player', 'montecarlo');
    expect(await page.$$eval('.ai-strength option', (os) => os.map((o) => o.value))).toContain('p20');
    await page.selectOption('.ai-strength', 'p20');
    await page.check('.ai-evil');
    const start = Number(await page.evaluate(() => document.querySelector('.ai-panel').dataset.aiMoves));
    await page.click('.ai-autoplay-button');
    await page.waitForFunction(
      (n) =>
        Number(document.querySelector('.ai-panel').dataset.aiMoves) >= n + 20 ||
        document.querySelector('.game-message').classList.contains('game-over'),
      start,
      { timeout: 60_000 },
    );
    // Stop it, unless the evil spawner ended the game first (in the page: no race).
    await page.evaluate(() => {
      const button = document.querySelector('.ai-autoplay-button');
      if (!button.disabled && button.getAttribute('aria-pressed') === 'true') button.click();
    });
    await page.waitForSelector('.ai-autoplay-button[aria-pressed="false"]');
    expect(Number(await page.evaluate(() => document.querySelector('.ai-panel').dataset.aiMoves))).toBeGreaterThan(
      start,
    );
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('greedy and corner have no strength to choose', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(`${env.server.url}index.html?player=corner`);
    await page.waitForSelector('.ai-controls[data-bound]');
    expect(await page.inputValue('.ai-player')).toBe('corner');
    expect(await page.isDisabled('.ai-strength')).toBe(true);
    expect(await page.inputValue('.ai-strength')).toBe('instant');
    await page.waitForSelector('.ai-step-button:not([disabled])', { timeout: 30_000 });
    const { before, after } = await step(page);
    const moved = m.applyMove(before, m.search(before, { player: 'corner' }).dir).board;
    expect(changed(moved, after)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('8402', () => {
  // Clicks an empty cell and chooses the value in the chooser (or by key).
  async function place(page, cell, value, { byKey = false } = {}) {
    await page.click(`.grid-row:nth-child(${Math.floor(cell / 4) + 1}) .grid-cell:nth-child(${(cell % 4) + 1})`);
    await page.waitForSelector(`.tile-chooser[data-cell="${cell}"]:not([hidden])`);
    if (byKey) await page.keyboard.press(String(value));
    else await page.click(`.tile-chooser-${value}`);
  }
  const aiMoves = async (page) => Number((await placePanelData(page)).aiMoves);

  it('takes the placed tiles and answers each with the AI move', async () => {
    const { page, context, errors, outside } = await newPage(env.browser, { viewport: { width: 800, height: 1300 } });
    // network=off: the moves are checked against the heuristic here, and the
    // network, loading after the first paint, would otherwise answer some of them.
    await page.goto(`${env.server.url}8402.html?strength=d2&network=off`);
    await page.waitForSelector('.place-controls[data-bound]');
    expect(await page.textContent('.place-turn')).toBe('Place the two opening tiles.');
    expect(await domBoard(page)).toEqual(new Array(16).fill(0));

    await place(page, 0, 2);
    expect(await page.textContent('.place-turn')).toBe('Place the second opening tile.');
    await place(page, 5, 4, { byKey: true });
    let board = [2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let score = 0;
    for (let n = 1; n <= 4; n++) {
      await waitForPlaceTurn(page, 'place', n);
      const dir = m.search(board, { depth: 2 }).dir;
      expect(Number((await placePanelData(page)).lastDir)).toBe(dir);
      const moved = m.applyMove(board, dir);
      score += moved.gain;
      await waitForDomBoard(page, moved.board);
      expect(await page.textContent('.place-turn')).toBe('Your turn: place a 2 or a 4.');
      // A taken cell opens no chooser.
      const taken = moved.board.findIndex((v) => v !== 0);
      await page.click(`.grid-row:nth-child(${Math.floor(taken / 4) + 1}) .grid-cell:nth-child(${(taken % 4) + 1})`, {
        force: true,
      });
      expect(await page.isHidden('.tile-chooser')).toBe(true);
      const cell = moved.board.lastIndexOf(0);
      const value = n % 2 ? 4 : 2;
      await place(page, cell, value);
      board = m.placeTile(moved.board, cell, value);
    }
    await waitForPlaceTurn(page, 'place', 5);
    const fifth = m.applyMove(board, m.search(board, { depth: 2 }).dir);
    await waitForDomBoard(page, fifth.board);
    expect(await shownScore(page)).toBe(score + fifth.gain);
    await screenshot(page, 'app-8402');

    // Another player answers the next tile.
    await page.selectOption('.ai-player', 'corner');
    const now = await domBoard(page);
    const cell = now.indexOf(0);
    await place(page, cell, 2);
    const placed = m.placeTile(now, cell, 2);
    await waitForPlaceTurn(page, 'place', 6);
    await waitForDomBoard(page, m.applyMove(placed, m.search(placed, { player: 'corner' }).dir).board);
    expect(await aiMoves(page)).toBe(6);

    // New Game: an empty board, the opening tiles due again.
    await page.click('.restart-button');
    await waitForDomBoard(page, new Array(16).fill(0));
    expect(await page.textContent('.place-turn')).toBe('Place the two opening tiles.');
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });
});

describe('8402 on a small screen', () => {
  it('fits a 320px wide screen, the chooser inside the board', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: { width: 320, height: 700 } });
    await page.goto(`${env.server.url}8402.html`);
    await page.waitForSelector('.place-controls[data-bound]');
    await page.click('.grid-row:nth-child(4) .grid-cell:nth-child(4)');
    await page.waitForSelector('.tile-chooser:not([hidden])');
    const board = await page.locator('.game-container').boundingBox();
    const chooser = await page.locator('.tile-chooser').boundingBox();
    const cell = await page.locator('.grid-row:nth-child(4) .grid-cell:nth-child(4)').boundingBox();
    expect(Math.abs(chooser.x - cell.x)).toBeLessThan(2);
    expect(Math.abs(chooser.y - cell.y)).toBeLessThan(2);
    expect(chooser.x + chooser.width).toBeLessThanOrEqual(board.x + board.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'app-8402-320px');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('demo page with another player', () => {
  it('plays whole games with corner against the evil spawner', async () => {
    const { page, context, errors } = await newPage(env.browser, { viewport: { width: 1100, height: 1300 } });
    await page.goto(`${env.server.url}demo.html?speed=max&player=corner&evil=1&seed=3`);
    expect(await page.inputValue('.ai-player')).toBe('corner');
    expect(await page.isChecked('.ai-evil')).toBe(true);
    // Game 1's row, found by its number in the same read that sees it: these
    // games are short, and the next one may already have put its row on top.
    const firstGame = await (
      await page.waitForFunction(
        () => {
          const row = [...document.querySelectorAll('.demo-recent tbody tr')].find(
            (tr) => tr.cells[0].textContent === '1',
          );
          return row ? [...row.cells].map((c) => c.textContent) : null;
        },
        null,
        { timeout: 60_000 },
      )
    ).jsonValue();
    expect(firstGame.slice(0, 2)).toEqual(['1', '3']);
    expect(firstGame.at(-1)).toBe('Corner, Instant (no search), Evil 2048');
    expect(Number(firstGame[4])).toBeGreaterThan(5);

    // Switch to minimax at depth 2: the moves now come from it (corner reports depth 0).
    await page.selectOption('.ai-player', 'minimax');
    await page.selectOption('.ai-strength', 'd2');
    await page.uncheck('.ai-evil');
    const moves = Number(await page.evaluate(() => document.querySelector('.demo-live').dataset.aiMoves));
    await page.waitForFunction(
      (n) => {
        const live = document.querySelector('.demo-live').dataset;
        return live.depth === '2' && Number(live.aiMoves) >= n + 10;
      },
      moves,
      { timeout: 60_000 },
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
