// Shared by the web app's end-to-end tests: seeding a saved game and reading the
// board from the DOM the way a bookmarklet does (largest value in each cell).
export function savedState(board, extra = {}) {
  const cells = [0, 1, 2, 3].map((x) =>
    [0, 1, 2, 3].map((y) => {
      const value = board[y * 4 + x];
      return value ? { position: { x, y }, value } : null;
    }),
  );
  return { grid: { size: 4, cells }, score: 0, over: false, won: false, keepPlaying: false, ...extra };
}

export function boardOfState(state) {
  const board = new Array(16).fill(0);
  state.grid.cells.forEach((column, x) =>
    column.forEach((cell, y) => {
      if (cell) board[y * 4 + x] = cell.value;
    }),
  );
  return board;
}

// Opens the page with a saved game in place (written, then the page reloaded).
export async function openWithState(page, url, state) {
  await page.goto(url);
  await page.evaluate((text) => localStorage.setItem('gameState', text), JSON.stringify(state));
  await page.reload();
}

// Runs in the page: the board as the DOM shows it, 16 values row-major.
export function readDomBoard() {
  const board = new Array(16).fill(0);
  for (const tile of document.querySelectorAll('.tile-container .tile')) {
    const position = tile.className.match(/tile-position-(\d)-(\d)/);
    const value = tile.className.match(/tile-(\d+)(\s|$)/);
    if (!position || !value) continue;
    const index = (Number(position[2]) - 1) * 4 + Number(position[1]) - 1;
    board[index] = Math.max(board[index], Number(value[1]));
  }
  return board;
}

export async function domBoard(page) {
  return page.evaluate(readDomBoard);
}

// Waits until the DOM shows this board (it lags the game by about two frames).
export async function waitForDomBoard(page, board, timeout = 10_000) {
  await page.waitForFunction(
    ([fn, expected]) => JSON.stringify(new Function(`return (${fn})()`)()) === JSON.stringify(expected),
    [readDomBoard.toString(), board],
    { timeout },
  );
}

export async function savedGame(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('gameState')));
}

// The score as shown: the first number (a floating "+N" may follow).
export async function shownScore(page) {
  const text = await page.textContent('.score-container');
  return Number(text.match(/\d+/)[0]);
}

export async function largestTile(page) {
  return Math.max(0, ...(await domBoard(page)));
}

// The 8402 page's panel data, which follow the game as it changes (the tiles on
// screen are drawn a frame later, so a board read from them just after the
// panel says the AI moved can still be the one before the move).
export async function placePanelData(page) {
  return page.evaluate(() => ({ ...document.querySelector('.place-panel').dataset }));
}

// The 8402 game's board as it stands, 16 values row-major, from the panel.
export async function placeBoard(page) {
  return (await placePanelData(page)).board.split(',').map(Number);
}

// Waits until the 8402 panel says whose turn it is ('place' or 'ai') after aiMoves AI moves.
export async function waitForPlaceTurn(page, turn, aiMoves) {
  await page.waitForFunction(
    ([t, n]) => {
      const data = document.querySelector('.place-panel').dataset;
      return data.turn === t && Number(data.aiMoves) === n;
    },
    [turn, aiMoves],
    { timeout: 30_000 },
  );
}
