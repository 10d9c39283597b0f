// The bookmarklet's page driver against a fake page and a fake engine: it
// plays to game over and reports, recovers from ignored moves, handles the
// win message both ways, re-reads the board after a user's move and pauses
// while the tab is hidden.
import { describe, expect, it } from 'vitest';
import { createPageDriver } from '../../web/page_session/page_driver.js';
import { canMove, legalMoves as legalDirections } from '../../web/src/game/rules.js';

function slide(board, dir) {
  const out = board.slice();
  let gain = 0;
  for (let i = 0; i < 4; i++) {
    const idx = [0, 1, 2, 3].map((k) => [k * 4 + i, i * 4 + 3 - k, (3 - k) * 4 + i, i * 4 + k][dir]);
    const tiles = idx.map((c) => board[c]).filter((v) => v);
    const line = [];
    for (let t = 0; t < tiles.length; t++) {
      if (tiles[t] === tiles[t + 1]) {
        line.push(tiles[t] * 2);
        gain += tiles[t] * 2;
        t++;
      } else line.push(tiles[t]);
    }
    idx.forEach((c, k) => {
      out[c] = line[k] || 0;
    });
  }
  return { board: out, gain };
}

// A page holding a game; options make it misbehave the way pages can.
function fakePage(board, { ignore = () => false, seed = 7 } = {}) {
  let rng = seed;
  const random = () => {
    rng = (rng * 1103515245 + 12345) % 2147483648;
    return rng / 2147483648;
  };
  const page = {
    board: board.slice(),
    score: 0,
    sent: [],
    accepted: 0,
    wonWaiting: false,
    keepGoingClicks: 0,
    quickKey: () => page.board.join(','),
    async snapshot() {
      const over = legalDirections(page.board).length === 0;
      return {
        board: page.board.slice(),
        score: page.score,
        key: page.quickKey(),
        over,
        needsKeepGoing: page.wonWaiting,
      };
    },
    async move(dir) {
      page.sent.push({ dir, board: page.board.join(',') });
      if (page.wonWaiting || ignore(page) || !canMove(page.board, dir)) return { moved: false };
      page.userMove(dir);
      page.accepted++;
      return { moved: true };
    },
    userMove(dir) {
      const { board: next, gain } = slide(page.board, dir);
      page.score += gain;
      const free = next.map((v, i) => (v ? -1 : i)).filter((i) => i >= 0);
      next[free[Math.floor(random() * free.length)]] = random() < 0.9 ? 2 : 4;
      if (!page.board.includes(2048) && next.includes(2048)) page.wonWaiting = true;
      page.board = next;
    },
    keepGoing() {
      page.keepGoingClicks++;
      page.wonWaiting = false;
      return true;
    },
    readDomScore: () => page.score,
    async waitForMessage() {
      return true;
    },
    async settle() {},
  };
  return page;
}

// Prefers down, left, right, up: a plain corner strategy, enough for tests.
// tableRate(board): the endgame table's chance where it chose the move, else null.
function fakeEngine({ beforeAnswer = () => {}, tableRate = () => null } = {}) {
  const engine = {
    mode: 'pool',
    boards: [],
    async bestMove(board) {
      engine.boards.push(board.join(','));
      await new Promise((r) => setTimeout(r, 0));
      beforeAnswer(board);
      const values = [0, 1, 2, 3].map((d) => (canMove(board, d) ? [1, 3, 4, 2][d] : null));
      const dir = [2, 3, 1, 0].find((d) => canMove(board, d));
      const rate = tableRate(board);
      return { dir, values, depth: 1, nodes: 1, ms: 0, ...(rate === null ? {} : { tableRate: rate }) };
    },
  };
  return engine;
}

function fakeUi() {
  const ui = { running: null, messages: [], statuses: [], stats: null };
  ui.setRunning = (r) => {
    ui.running = r;
  };
  ui.setMessage = (text, kind) => ui.messages.push({ text, kind });
  ui.setStatus = (text) => ui.statuses.push(text);
  ui.setStats = (s) => {
    ui.stats = s;
  };
  ui.choices = [];
  ui.setChoice = (text) => ui.choices.push(text);
  return ui;
}

function fakeVisibility() {
  const v = { isHidden: false, listeners: new Set() };
  v.hidden = () => v.isHidden;
  v.onVisible = (cb) => {
    v.listeners.add(cb);
    return () => v.listeners.delete(cb);
  };
  v.set = (hidden) => {
    v.isHidden = hidden;
    if (!hidden) for (const cb of [...v.listeners]) cb();
  };
  return v;
}

async function until(condition, what, ms = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

function setup(page, options = {}) {
  const ui = fakeUi();
  const visibility = fakeVisibility();
  const settings = { speed: 'max', strength: 'quick', keepGoing: true, ...options.settings };
  const engine = options.engine || fakeEngine();
  const driver = createPageDriver({ adapter: page, engine, ui, getSettings: () => settings, visibility });
  return { ui, visibility, settings, engine, driver };
}

const START = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];

describe('the bookmarklet page driver', () => {
  it('plays to game over, stops and reports the final score', async () => {
    const page = fakePage(START);
    const { ui, driver } = setup(page);
    driver.start();
    await until(() => ui.running === false, 'the game to end');
    expect(legalDirections(page.board)).toEqual([]);
    expect(driver.moves).toBe(page.accepted);
    expect(page.accepted).toBeGreaterThan(20);
    const last = ui.messages.at(-1);
    expect(last.kind).toBe('done');
    expect(last.text).toContain(`Final score ${page.score}`);
    expect(ui.stats.moves).toBe(page.accepted);
  });

  it('says when the endgame table chose the move, and counts those moves', async () => {
    const page = fakePage(START);
    // The table chooses every other move.
    let asked = 0;
    const engine = fakeEngine({ tableRate: () => (asked++ % 2 === 0 ? 0.875 : null) });
    const { ui, driver } = setup(page, { engine });
    driver.start();
    await until(() => ui.running === false, 'the game to end');
    expect(ui.stats.tableMoves).toBe(Math.ceil(page.accepted / 2));
    expect(ui.choices[0]).toMatch(/^\w+ \(depth 1; endgame table: 88%\)$/);
    expect(ui.choices[1]).toMatch(/^\w+ \(depth 1\)$/);
  });

  it('tries another direction when the page ignores a move', async () => {
    let ignoredOnce = false;
    const page = fakePage(START, {
      ignore: () => {
        if (ignoredOnce) return false;
        ignoredOnce = true;
        return true;
      },
    });
    const { ui, driver } = setup(page);
    driver.start();
    await until(() => page.accepted >= 5, 'five moves');
    driver.stop();
    // The first move (down) was ignored; the next send was another direction
    // from the same position, and play went on.
    expect(page.sent[0].dir).toBe(2);
    expect(page.sent[1].board).toBe(page.sent[0].board);
    expect(page.sent[1].dir).not.toBe(2);
    expect(ui.statuses.some((s) => s.includes('ignored'))).toBe(true);
  });

  it('gives up with a message when the page ignores every move', async () => {
    const page = fakePage(START, { ignore: () => true });
    const { ui, driver } = setup(page);
    driver.start();
    await until(() => ui.running === false, 'the driver to stop');
    expect(new Set(page.sent.map((s) => s.dir))).toEqual(new Set(legalDirections(START)));
    expect(ui.messages.at(-1)).toMatchObject({ kind: 'error' });
    expect(ui.messages.at(-1).text).toMatch(/ignores/);
  });

  it('presses Keep going at "You win!" and plays on', async () => {
    const page = fakePage([1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const { ui, driver } = setup(page);
    driver.start();
    await until(() => page.keepGoingClicks === 1 && page.accepted >= 3, 'moves after the win');
    driver.stop();
    expect(page.board).toContain(2048);
    expect(ui.messages.some((m) => /You win/.test(m.text))).toBe(true);
  });

  it('stops at "You win!" when set to', async () => {
    const page = fakePage([1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const { ui, driver } = setup(page, { settings: { keepGoing: false } });
    driver.start();
    await until(() => ui.running === false, 'the driver to stop');
    expect(page.keepGoingClicks).toBe(0);
    expect(page.board).toContain(2048);
    expect(ui.messages.at(-1).text).toMatch(/You win/);
  });

  it('plays the position after a user move, never a stale answer', async () => {
    let page;
    let userMoved = false;
    // While the engine thinks about the third position, the user moves.
    const engine = fakeEngine({
      beforeAnswer: () => {
        if (engine.boards.length === 3 && !userMoved) {
          userMoved = true;
          page.userMove(legalDirections(page.board)[0]);
        }
      },
    });
    page = fakePage(START);
    const { driver } = setup(page, { engine });
    driver.start();
    await until(() => page.accepted >= 6, 'six moves');
    driver.stop();
    expect(userMoved).toBe(true);
    // Every move was sent on the board the engine had just been asked about.
    for (const sent of page.sent) expect(engine.boards).toContain(sent.board);
    expect(page.sent.length).toBe(page.accepted);
  });

  it('pauses while the tab is hidden and resumes after', async () => {
    const page = fakePage(START);
    const { ui, visibility, driver } = setup(page, { settings: { speed: '20' } });
    // Every key the page gets while hidden is a fault, whenever it comes.
    const sentWhileHidden = [];
    const move = page.move;
    page.move = (dir) => {
      if (visibility.isHidden) sentWhileHidden.push(dir);
      return move(dir);
    };
    driver.start();
    await until(() => page.accepted >= 2, 'two moves');
    visibility.set(true);
    await until(() => ui.statuses.at(-1).includes('hidden'), 'the pause');
    const during = page.accepted;
    visibility.set(false);
    await until(() => page.accepted >= during + 2, 'moves after the tab is shown');
    driver.stop();
    expect(sentWhileHidden).toEqual([]);
  });
});
