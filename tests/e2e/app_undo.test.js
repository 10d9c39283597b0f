// Undo and redo on the play page in headless Chromium: the buttons and the
// Z and Y keys restore board and score, a reload keeps the history (a finished
// game's too, until a new game), Autoplay stops on undo, and a damaged saved
// history leaves the game as it was.
import { describe, expect, it } from 'vitest';
import { newPage } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import {
  boardOfState,
  domBoard,
  openWithState,
  savedGame,
  savedState,
  shownScore,
  waitForDomBoard,
} from './app_helpers.js';
import { legalMoves } from '../../web/src/game/rules.js';

const env = useServerAndBrowser();
const playUrl = () => `${env.server.url}index.html`;
const KEYS = ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'];

// Plays n legal moves with the keys; returns the saved game after each.
async function playKeys(page, n) {
  const states = [];
  for (let i = 0; i < n; i++) {
    const board = boardOfState(await savedGame(page));
    const legal = legalMoves(board);
    await page.keyboard.press(KEYS[legal[i % legal.length]]);
    states.push(await savedGame(page));
  }
  return states;
}

describe('undo and redo', () => {
  it('restore board and score with the buttons and the keys, across a reload', async () => {
    const { page, context, errors } = await newPage(env.browser);
    const start = [2, 2, 0, 0, 0, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 8];
    await openWithState(page, playUrl(), savedState(start, { score: 100 }));
    await waitForDomBoard(page, start);
    expect(await page.isDisabled('.undo-button')).toBe(true);
    const states = await playKeys(page, 4);
    expect(await page.isEnabled('.undo-button')).toBe(true);

    await page.click('.undo-button');
    expect(await savedGame(page)).toEqual(states[2]);
    await page.keyboard.press('KeyZ');
    expect(await savedGame(page)).toEqual(states[1]);
    await waitForDomBoard(page, boardOfState(states[1]));
    expect(await shownScore(page)).toBe(states[1].score);

    // A reload keeps the game and its history, both ways.
    await page.reload();
    await waitForDomBoard(page, boardOfState(states[1]));
    expect(await page.isEnabled('.redo-button')).toBe(true);
    await page.keyboard.press('KeyY');
    expect(await savedGame(page)).toEqual(states[2]);
    await page.click('.redo-button');
    expect(await savedGame(page)).toEqual(states[3]);
    expect(await page.isDisabled('.redo-button')).toBe(true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('KeyZ');
    expect(boardOfState(await savedGame(page))).toEqual(start);
    expect((await savedGame(page)).score).toBe(100);
    expect(await page.isDisabled('.undo-button')).toBe(true);
    await waitForDomBoard(page, start);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops Autoplay and takes back the AI moves', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(playUrl());
    await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
    const start = boardOfState(await savedGame(page));
    await page.keyboard.press('KeyP');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('gameHistory')).at >= 5, null, {
      timeout: 30_000,
    });
    await page.keyboard.press('KeyZ');
    await page.waitForSelector('.ai-autoplay-button[aria-pressed="false"]');
    const { at } = await page.evaluate(() => JSON.parse(localStorage.getItem('gameHistory')));
    // Back to the start, move by move: had Autoplay played on, the start would be further back.
    for (let i = 0; i < at; i++) await page.keyboard.press('KeyZ');
    expect(boardOfState(await savedGame(page))).toEqual(start);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the game to a file that opens back, with its history, and refuses a bad file', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(playUrl());
    await page.waitForSelector('.tile');
    const states = await playKeys(page, 5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.share-save-button')]);
    const file = await download.path();
    // A new game, then the saved one opened from its file.
    await page.click('.restart-button');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('gameHistory')).positions.length === 1);
    const fresh = await savedGame(page);
    await page.setInputFiles('.share-file', {
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"x":1}'),
    });
    await page.waitForFunction(() =>
      /Could not open bad\.json/.test(document.querySelector('.share-message').textContent),
    );
    expect(await savedGame(page)).toEqual(fresh);
    await page.setInputFiles('.share-file', file);
    await page.waitForFunction(() =>
      /Opened the saved game: 6 positions/.test(document.querySelector('.share-message').textContent),
    );
    expect(await savedGame(page)).toEqual(states[4]);
    await page.keyboard.press('KeyZ');
    expect(await savedGame(page)).toEqual(states[3]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a finished game, its history and its review over a reload, until a new game', async () => {
    const { page, context, errors } = await newPage(env.browser);
    // Left merges the two 128s; the new tile then leaves no move.
    const last = [8, 16, 8, 16, 16, 8, 16, 8, 8, 16, 8, 16, 32, 64, 128, 128];
    await openWithState(page, playUrl(), savedState(last, { score: 5000 }));
    await waitForDomBoard(page, last);
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.game-message.game-over');
    const finished = await domBoard(page);
    expect(await savedGame(page)).toBeNull(); // the game's own save goes at game over, as in the original
    const warnings = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.reload();
    await waitForDomBoard(page, finished);
    await page.waitForSelector('.game-message.game-over');
    expect(await shownScore(page)).toBe(5256);
    expect(await page.isEnabled('.undo-button')).toBe(true);
    expect(await page.isEnabled('.review-button')).toBe(true);
    expect(warnings).toEqual([]);
    // Undo still goes back into the finished game.
    await page.keyboard.press('KeyZ');
    await waitForDomBoard(page, last);
    await page.keyboard.press('KeyY');
    await waitForDomBoard(page, finished);
    // A new game ends it: the next reload keeps the new game.
    await page.click('.restart-button');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('gameHistory')).positions.length === 1);
    const fresh = boardOfState(await savedGame(page));
    await page.reload();
    await waitForDomBoard(page, fresh);
    expect(await page.isDisabled('.undo-button')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets a damaged saved history aside and keeps the game', async () => {
    const { page, context, errors } = await newPage(env.browser);
    const board = [2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2];
    await page.goto(playUrl());
    await page.evaluate(
      (state) => {
        localStorage.setItem('gameState', state);
        localStorage.setItem('gameHistory', '{"version":1,"at":9,"positions":[]}');
      },
      JSON.stringify(savedState(board, { score: 40 })),
    );
    const warnings = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.reload();
    await waitForDomBoard(page, board);
    expect(await domBoard(page)).toEqual(board);
    expect(await page.isDisabled('.undo-button')).toBe(true);
    expect(warnings.some((w) => /undo history/.test(w))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
