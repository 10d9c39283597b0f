// The bookmarklet's adapter for original-2048 pages against a fake page whose
// frames come late (a busy machine): a move counts as ignored only after the
// page has drawn frames without showing it, and after the last move of a game
// (the page removes its saved game, so the board is read from the DOM) the
// board is never the one the move was made from, however late the page draws.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OriginalPageAdapter } from '../../web/page_session/original_adapter.js';
import { legalMoves, moveBoard } from '../../web/src/game/rules.js';

const KEY_DIRECTION = { 38: 0, 39: 1, 40: 2, 37: 3 };

function stateText(board, score) {
  const cells = [0, 1, 2, 3].map((x) =>
    [0, 1, 2, 3].map((y) => (board[y * 4 + x] ? { position: { x, y }, value: board[y * 4 + x] } : null)),
  );
  return JSON.stringify({ grid: { size: 4, cells }, score, over: false, won: false, keepPlaying: false });
}

// A page like the original: a key moves the game and saves it (or removes the
// save at game over) at once, and draws in its next animation frame, which
// comes frameMs late. ignoreKeys: a page that takes no synthetic key.
function fakePage(board, { frameMs, ignoreKeys = false, spawnAt = null }) {
  const storage = new Map([['gameState', stateText(board, 0)]]);
  const page = { board: board.slice(), drawn: board.slice(), over: false, score: 0, keys: 0, frames: 0 };
  let drawPending = false;
  const tiles = () =>
    page.drawn.flatMap((v, i) =>
      v ? [{ className: `tile tile-${v} tile-position-${(i % 4) + 1}-${(i >> 2) + 1}` }] : [],
    );
  const doc = {
    body: {
      dispatchEvent(event) {
        page.keys++;
        if (ignoreKeys) return;
        const dir = KEY_DIRECTION[event.keyCode];
        const next = moveBoard(page.board, dir);
        if (!next.moved) return;
        page.board = next.board;
        page.score += next.gain;
        const free = page.board.map((v, i) => (v ? -1 : i)).filter((i) => i >= 0);
        page.board[spawnAt ?? free[0]] = 2;
        page.over = legalMoves(page.board).length === 0;
        if (page.over) storage.delete('gameState');
        else storage.set('gameState', stateText(page.board, page.score));
        drawPending = true;
      },
    },
    querySelector(selector) {
      if (selector === '.game-message') {
        return { classList: { contains: (name) => name === 'game-over' && page.drawn === page.board && page.over } };
      }
      if (selector === '.score-container') return { childNodes: [{ nodeType: 3, data: String(page.score) }] };
      return selector === '.keep-playing-button' ? null : {};
    },
    querySelectorAll(selector) {
      return selector === '.tile-container .tile' ? tiles() : [];
    },
  };
  const win = {
    localStorage: { getItem: (key) => storage.get(key) ?? null },
    requestAnimationFrame(callback) {
      setTimeout(() => {
        page.frames++;
        if (drawPending) {
          page.drawn = page.board;
          drawPending = false;
        }
        callback();
      }, frameMs);
    },
  };
  return { page, adapter: new OriginalPageAdapter(doc, win) };
}

describe('the adapter for original-2048 pages', () => {
  const savedKeyboardEvent = globalThis.KeyboardEvent;
  beforeEach(() => {
    globalThis.KeyboardEvent = class {
      constructor(type, init) {
        Object.assign(this, init, { type });
      }
    };
  });
  afterEach(() => {
    globalThis.KeyboardEvent = savedKeyboardEvent;
  });

  it('reads the board after the last move of a game from the DOM once drawn, not the board before it', async () => {
    // Any move merges the two 128s; the 2 spawned then leaves no move.
    const start = [8, 16, 8, 16, 16, 8, 16, 8, 8, 16, 8, 16, 32, 64, 128, 128];
    const { page, adapter } = fakePage(start, { frameMs: 250, spawnAt: 15 });
    const before = await adapter.snapshot();
    expect(before.board).toEqual(start);
    expect(await adapter.move(3, before.board)).toEqual({ moved: true });
    const after = await adapter.snapshot();
    expect(after.board).toEqual(page.board);
    expect(after.board).not.toEqual(start);
    expect(legalMoves(after.board)).toEqual([]);
    expect(page.keys).toBe(1);
  });

  it('takes a move for ignored only after the page drew frames without it', async () => {
    const start = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
    const { page, adapter } = fakePage(start, { frameMs: 250, ignoreKeys: true });
    expect(await adapter.move(2, start)).toEqual({ moved: false });
    // Three frames drawn, though the timer behind each wait fires first.
    expect(page.frames).toBeGreaterThanOrEqual(3);
    expect(page.keys).toBe(1);
  });
});
