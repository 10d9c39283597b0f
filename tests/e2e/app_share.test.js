// Positions and games by link and by paste in headless Chromium:
// index.html#board=... and 8402.html#board=... open their position; the page's
// own link reads back the board; index.html#game=... opens a whole game with
// its history; a bad link or paste is refused with a message and the game kept.
import { describe, expect, it } from 'vitest';
import { newPage } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import { boardOfState, placeBoard, savedGame, shownScore, waitForDomBoard, waitForPlaceTurn } from './app_helpers.js';
import { legalMoves } from '../../web/src/game/rules.js';

const env = useServerAndBrowser();
const BOARD = [2, 4, 8, 16, 0, 0, 0, 32, 0, 0, 0, 64, 0, 0, 2, 128];
const shareMessage = (page) => page.textContent('.share-message');
const KEYS = ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'];

// Plays n legal moves with the keys; returns the saved game after each.
async function playKeys(page, n) {
  const states = [];
  for (let i = 0; i < n; i++) {
    const legal = legalMoves(boardOfState(await savedGame(page)));
    await page.keyboard.press(KEYS[legal[i % legal.length]]);
    states.push(await savedGame(page));
  }
  return states;
}

describe('positions by link', () => {
  it('opens a linked position on the play page, and links to the position on the board', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(`${env.server.url}index.html#board=${BOARD.join(',')}`);
    await waitForDomBoard(page, BOARD);
    expect(boardOfState(await savedGame(page))).toEqual(BOARD);
    expect(await shareMessage(page)).toMatch(/Opened the position from the link/);
    // The link is spent: the address no longer carries it, so a reload keeps the game.
    expect(new URL(page.url()).hash).toBe('');
    await page.keyboard.press('ArrowLeft');
    const moved = boardOfState(await savedGame(page));
    await page.click('.share-link-button');
    await page.waitForFunction(() => /https?:\/\/.*#board=/.test(document.querySelector('.share-message').textContent));
    const link = /(https?:\/\/\S+#board=\S+)/.exec(await shareMessage(page))[1];
    expect(link).toBe(`${env.server.url}index.html#board=${moved.join(',')}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a bad link or paste with a message and keeps the game', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(`${env.server.url}index.html`);
    await page.waitForSelector('.tile');
    const before = await savedGame(page);
    await page.goto(`${env.server.url}index.html#board=2,4,3,0`);
    await page.waitForFunction(() => document.querySelector('.share-message').textContent !== '');
    expect(await shareMessage(page)).toMatch(/Could not open the position from the link: .*this one has 4.*as it was/);
    expect(await savedGame(page)).toEqual(before);
    await page.fill('.share-board', BOARD.map((v) => (v === 64 ? 63 : v)).join(' '));
    await page.click('.share-open button');
    expect(await shareMessage(page)).toMatch(/"63" is not a tile/);
    expect(await savedGame(page)).toEqual(before);
    await page.fill('.share-board', BOARD.join(' '));
    await page.click('.share-open button');
    await waitForDomBoard(page, BOARD);
    expect(await shareMessage(page)).toMatch(/Opened the position you pasted/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a linked position on the 8402 page, where the AI moves next', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(`${env.server.url}8402.html#board=${BOARD.join(',')}`);
    await page.waitForFunction(() => /Opened the position/.test(document.querySelector('.share-message').textContent));
    // The AI answers the position with a move, then waits for the person's tile:
    // the board leaves the position, its sum kept. The game's board is read from
    // the panel (the tiles on screen follow a frame later), then seen on screen.
    await waitForPlaceTurn(page, 'place', 1);
    const moved = await placeBoard(page);
    expect(moved).not.toEqual(BOARD);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(BOARD.reduce((a, b) => a + b, 0));
    await waitForDomBoard(page, moved);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('games by link', () => {
  it('opens a whole game from its link: the same board and score, Undo through its moves', async () => {
    const first = await newPage(env.browser);
    await first.page.goto(`${env.server.url}index.html`);
    await first.page.waitForSelector('.tile');
    const states = await playKeys(first.page, 6);
    await first.page.click('.share-game-link-button');
    await first.page.waitForFunction(() => /#game=/.test(document.querySelector('.share-message').textContent));
    const link = /(https?:\/\/\S+#game=\S+)/.exec(await shareMessage(first.page))[1];
    expect(link.length).toBeLessThan(`${env.server.url}index.html#game=`.length + 40 + 6 * 2);
    expect(first.errors).toEqual([]);
    await first.context.close();

    // Another browser, its own game: the link replaces it with the linked one.
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(`${env.server.url}index.html`);
    await page.waitForSelector('.tile');
    await page.goto(link);
    await page.waitForFunction(() =>
      /Opened the game from the link: 6 moves/.test(document.querySelector('.share-message').textContent),
    );
    expect(await savedGame(page)).toEqual(states[5]);
    await waitForDomBoard(page, boardOfState(states[5]));
    expect(await shownScore(page)).toBe(states[5].score);
    expect(new URL(page.url()).hash).toBe('');
    await page.keyboard.press('KeyZ');
    expect(await savedGame(page)).toEqual(states[4]);
    await page.keyboard.press('KeyY');
    expect(await savedGame(page)).toEqual(states[5]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a bad game link with a message and keeps the game', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(`${env.server.url}index.html`);
    await page.waitForSelector('.tile');
    await playKeys(page, 2);
    const before = await savedGame(page);
    await page.goto(`${env.server.url}index.html#game=1.1100000000000000.0..0.w`);
    await page.waitForFunction(() => document.querySelector('.share-message').textContent !== '');
    expect(await shareMessage(page)).toMatch(
      /Could not open the game from the link: the new tile of move 1 cannot go there.*as it was/,
    );
    expect(await savedGame(page)).toEqual(before);
    expect(await page.isEnabled('.undo-button')).toBe(true);
    // The 8402 page, whose games are placed tiles, sends a game link to the play page.
    await page.goto(`${env.server.url}8402.html#game=1.1100000000000000.0..0.x`);
    await page.waitForFunction(() => document.querySelector('.share-message').textContent !== '');
    expect(await shareMessage(page)).toMatch(/Could not open the game from the link: .*opens on the play page/);
    expect(await page.isHidden('.share-game-link-button')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
