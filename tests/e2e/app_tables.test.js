// The endgame table on the play page: it loads after the network, the
// network's line names it, and on a late board whose largest tiles stand in
// the snake the AI's step is the table's move, which the panel shows with the
// table's chance of making the next tile.
import { describe, expect, it } from 'vitest';
import { newPage } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';
import { boardOfState, openWithState, savedGame, savedState, waitForDomBoard } from './app_helpers.js';

const env = useServerAndBrowser();

// From a seeded game of the late-game benchmark: 16384 4096 2048 1024 512 256
// along the right and bottom edges. The native engine (ai2048 suggest
// --tables web/tables/endgame.t2048.gz, depth 2) plays the table's move, down
// (rate 0.98), where the search alone would play up.
const BOARD = [2, 4, 4, 16384, 4, 2, 64, 4096, 2, 4, 256, 2048, 2, 32, 512, 1024];

describe('endgame table', () => {
  it('loads after the network, is named, and chooses the step on a late board', async () => {
    const { page, context, errors } = await newPage(env.browser);
    await openWithState(page, `${env.server.url}index.html?strength=d2`, savedState(BOARD, { score: 300000 }));
    await waitForDomBoard(page, BOARD);
    await page.waitForFunction(() => /endgame table \(/.test(document.querySelector('.ai-network').textContent), null, {
      timeout: 60_000,
    });
    expect(await page.textContent('.ai-panel [data-field="table"]')).toBe('–');
    await page.click('.ai-step-button');
    await page.waitForFunction(() => document.querySelector('.ai-panel').dataset.aiMoves === '1', null, {
      timeout: 30_000,
    });
    await page.waitForFunction(() => /%$/.test(document.querySelector('.ai-panel [data-field="table"]').textContent));
    expect(await page.getAttribute('.ai-panel', 'data-table-moves')).toBe('1');
    // The table's move keeps the largest tiles where they stood.
    const board = boardOfState(await savedGame(page));
    expect(board).not.toEqual(BOARD);
    for (const cell of [3, 7, 11, 15, 14, 10]) expect(board[cell]).toBe(BOARD[cell]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
