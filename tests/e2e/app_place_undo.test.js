// Undo and redo on the 8402 page in headless Chromium: Z takes back the AI's
// move, then the person's tile, one at a time; the AI holds after an undo
// until a tile is placed or "Let the AI move" is pressed; a reload keeps the
// game and its history, and Y and the Redo button put the moves back with
// their board and score.
import { describe, expect, it } from 'vitest';
import { expectSteady, newPage } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import { domBoard, placeBoard, placePanelData, shownScore, waitForDomBoard, waitForPlaceTurn } from './app_helpers.js';

const env = useServerAndBrowser();
// network=off and depth 1: quick moves, and nothing loading in the background.
const placeUrl = () => `${env.server.url}8402.html?strength=d1&network=off`;

// Clicks an empty cell and chooses the value in the chooser.
async function place(page, cell, value) {
  await page.click(`.grid-row:nth-child(${Math.floor(cell / 4) + 1}) .grid-cell:nth-child(${(cell % 4) + 1})`);
  await page.waitForSelector(`.tile-chooser[data-cell="${cell}"]:not([hidden])`);
  await page.click(`.tile-chooser-${value}`);
}

// The shown position, once the DOM has caught up with the page's board.
async function shown(page, board) {
  await waitForDomBoard(page, board);
  return { board, score: await shownScore(page) };
}

describe('undo and redo on 8402', () => {
  it.each([
    ['', false],
    [' (frames drawn late)', true],
  ])(
    'take back the AI move and the tile one at a time, and restore board and score across a reload%s',
    async (_, late) => {
      // Late: every animation frame 150 ms late, as on a loaded machine, where
      // the test once read the board from the tiles on screen and raced (CI).
      const { page, context, errors } = await newPage(env.browser, { lateFramesMs: late ? 150 : 0 });
      await page.goto(placeUrl());
      await page.waitForSelector('.place-controls[data-bound]');
      expect(await page.isDisabled('.undo-button')).toBe(true);
      await place(page, 0, 2);
      await place(page, 5, 4);
      // The person's turns: the position after each AI move, and after each tile.
      const afterAi = [];
      const afterTile = [];
      for (let n = 1; n <= 3; n++) {
        await waitForPlaceTurn(page, 'place', n);
        afterAi.push(await shown(page, await placeBoard(page)));
        const cell = (await placeBoard(page)).lastIndexOf(0);
        await place(page, cell, 2);
        // The AI answers at once: the tile's position is the one before plus the tile.
        const board = afterAi.at(-1).board.slice();
        board[cell] = 2;
        afterTile.push({ board, score: afterAi.at(-1).score });
      }
      await waitForPlaceTurn(page, 'place', 4);
      const last = await shown(page, await placeBoard(page));
      expect(await page.isEnabled('.undo-button')).toBe(true);

      // Z: the AI's move goes, and the AI waits instead of playing it again.
      await page.keyboard.press('KeyZ');
      expect(await shown(page, afterTile[2].board)).toEqual(afterTile[2]);
      await page.waitForSelector('.place-ai-move:not([hidden])');
      expect(await page.textContent('.place-turn')).toMatch(/^The AI waits/);
      expect(await expectSteady(() => domBoard(page), 500, 'the board after an undo')).toEqual(afterTile[2].board);
      expect(await placePanelData(page)).toMatchObject({ turn: 'ai', held: 'true', aiMoves: '3' });
      // Z again: the tile goes; the Undo button does the same.
      await page.keyboard.press('KeyZ');
      expect(await shown(page, afterAi[2].board)).toEqual(afterAi[2]);
      expect(await placePanelData(page)).toMatchObject({ turn: 'place', aiMoves: '3' });
      await page.click('.undo-button');
      expect(await shown(page, afterTile[1].board)).toEqual(afterTile[1]);
      expect(await placePanelData(page)).toMatchObject({ turn: 'ai', aiMoves: '2' });

      // A reload keeps the game, its history and the AI's wait.
      await page.reload();
      await page.waitForSelector('.place-controls[data-bound]');
      expect(await shown(page, afterTile[1].board)).toEqual(afterTile[1]);
      expect(await placePanelData(page)).toMatchObject({ turn: 'ai', held: 'true', aiMoves: '2' });
      expect(await page.isEnabled('.redo-button')).toBe(true);
      await page.keyboard.press('KeyY');
      expect(await shown(page, afterAi[2].board)).toEqual(afterAi[2]);
      await page.click('.redo-button');
      await page.keyboard.press('KeyY');
      expect(await shown(page, last.board)).toEqual(last);
      expect(await page.isDisabled('.redo-button')).toBe(true);
      expect(await placePanelData(page)).toMatchObject({ turn: 'place', aiMoves: '4' });

      // Back to the start, one step at a time: the opening tiles, the AI to move.
      for (let i = 0; i < 7; i++) await page.keyboard.press('KeyZ');
      expect(await shown(page, [2, 0, 0, 0, 0, 4, ...new Array(10).fill(0)])).toMatchObject({ score: 0 });
      expect(await page.isDisabled('.undo-button')).toBe(true);
      // Let the AI move: it plays from here, and the moves that were ahead are gone.
      await page.click('.place-ai-move');
      await waitForPlaceTurn(page, 'place', 1);
      expect(await page.isDisabled('.redo-button')).toBe(true);
      expect(await page.isEnabled('.undo-button')).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('answers a tile placed after an undo at once', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await page.goto(placeUrl());
    await page.waitForSelector('.place-controls[data-bound]');
    await place(page, 0, 2);
    await place(page, 15, 2);
    await waitForPlaceTurn(page, 'place', 1);
    const cell = (await placeBoard(page)).lastIndexOf(0);
    await place(page, cell, 4);
    await waitForPlaceTurn(page, 'place', 2);
    await page.keyboard.press('KeyZ');
    await page.keyboard.press('KeyZ');
    await waitForPlaceTurn(page, 'place', 1);
    // Another tile elsewhere: the AI answers it, and Redo has nothing left.
    const other = (await placeBoard(page)).indexOf(0);
    await place(page, other, 2);
    await waitForPlaceTurn(page, 'place', 2);
    expect(await page.isDisabled('.redo-button')).toBe(true);
    expect(await placePanelData(page)).toMatchObject({ held: 'false' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
