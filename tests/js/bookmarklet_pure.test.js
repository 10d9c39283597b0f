// The bookmarklet's pure parts: reading the original page's state, the rules
// it uses to tell game over from an ignored move, the loader's one-line code.
import { describe, expect, it } from 'vitest';
import { boardFromTileClasses, parseScoreText, parseTileClasses } from '../../web/page_session/page_state.js';
import { parseGameState } from '../../web/src/game/saved_state.js';
import { canMove, legalMoves as legalDirections } from '../../web/src/game/rules.js';
import { baseFromPage, bookmarkletUrl, compact, loaderCode } from '../../web/bookmarklet/loader.js';
import { searchSettingsFor, MAIN_THREAD_SLICE_MS } from '../../web/page_session/settings.js';

// The original's saved shape: cells[x][y], column first.
function savedState(board, extra = {}) {
  const cells = [0, 1, 2, 3].map((x) =>
    [0, 1, 2, 3].map((y) => {
      const value = board[y * 4 + x];
      return value ? { position: { x, y }, value } : null;
    }),
  );
  return JSON.stringify({
    grid: { size: 4, cells },
    score: 1234,
    over: false,
    won: false,
    keepPlaying: false,
    ...extra,
  });
}

// Obviously-correct slide of one line toward its first cell.
function slideLine(line) {
  const tiles = line.filter((v) => v);
  const out = [];
  for (let i = 0; i < tiles.length; i++) {
    if (tiles[i] === tiles[i + 1]) {
      out.push(tiles[i] * 2);
      i++;
    } else out.push(tiles[i]);
  }
  while (out.length < 4) out.push(0);
  return out;
}
function referenceMove(board, dir) {
  const out = board.slice();
  for (let i = 0; i < 4; i++) {
    const idx = [0, 1, 2, 3].map((k) => {
      if (dir === 0) return k * 4 + i;
      if (dir === 2) return (3 - k) * 4 + i;
      if (dir === 3) return i * 4 + k;
      return i * 4 + 3 - k;
    });
    slideLine(idx.map((c) => board[c])).forEach((v, k) => {
      out[idx[k]] = v;
    });
  }
  return out;
}

describe('reading the original page', () => {
  it('turns the column-first gameState into a row-major board', () => {
    const board = [2, 0, 0, 4, 0, 8, 0, 0, 0, 0, 16, 0, 131072, 0, 0, 2048];
    const parsed = parseGameState(savedState(board, { won: true, keepPlaying: true, score: 99 }));
    expect(parsed.board).toEqual(board);
    expect(parsed.score).toBe(99);
    expect(parsed.won).toBe(true);
    expect(parsed.keepPlaying).toBe(true);
    expect(parsed.over).toBe(false);
  });

  it('tells no state from a state of another shape', () => {
    expect(parseGameState(null)).toBeNull();
    expect(parseGameState('not json').error).toMatch(/JSON/);
    expect(parseGameState('{"grid":{"size":5,"cells":[[],[],[],[],[]]}}').error).toMatch(/5x5/);
    expect(parseGameState(savedState([3, ...new Array(15).fill(0)])).error).toMatch(/value 3/);
  });

  it('reads tile classes, column first and 1-based', () => {
    expect(parseTileClasses('tile tile-8 tile-position-2-3 tile-new')).toEqual({ value: 8, index: 9 });
    expect(parseTileClasses('tile tile-super tile-4096 tile-position-4-1')).toEqual({ value: 4096, index: 3 });
    expect(parseTileClasses('tile tile-8')).toBeNull();
    expect(parseTileClasses('tile tile-6 tile-position-1-1')).toBeNull();
    expect(parseTileClasses('tile tile-2 tile-position-5-1')).toBeNull();
  });

  it('keeps the largest value where a merge puts three tiles in one cell', () => {
    const board = boardFromTileClasses([
      'tile tile-4 tile-position-1-1',
      'tile tile-8 tile-position-1-1 tile-merged',
      'tile tile-4 tile-position-1-1',
      'tile tile-2 tile-position-4-4 tile-new',
    ]);
    expect(board[0]).toBe(8);
    expect(board[15]).toBe(2);
    expect(board.filter((v) => v).length).toBe(2);
  });

  it('reads the score before a floating addition', () => {
    expect(parseScoreText('22048+2048')).toBe(22048);
    expect(parseScoreText(' 16 ')).toBe(16);
    expect(parseScoreText('')).toBeNull();
  });
});

describe('legal moves', () => {
  it('agree with a plain slide on many random boards', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 3000; n++) {
      const fill = random();
      const board = Array.from({ length: 16 }, () => (random() < fill ? 2 ** (1 + Math.floor(random() * 4)) : 0));
      for (let dir = 0; dir < 4; dir++) {
        const changes = referenceMove(board, dir).some((v, i) => v !== board[i]);
        expect(canMove(board, dir)).toBe(changes);
      }
    }
  });

  it('are none on a locked board', () => {
    expect(legalDirections([2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2])).toEqual([]);
    expect(legalDirections([2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual([1, 2, 3]);
  });
});

describe('the loader', () => {
  const base = 'http://127.0.0.1:8048/';

  it('is one short line of valid JavaScript with the base baked in', () => {
    const code = loaderCode(base);
    expect(code).not.toMatch(/\n/);
    expect(code).toContain(JSON.stringify(base));
    expect(() => new Function(code)).not.toThrow();
    expect(code.length).toBeLessThan(1000);
  });

  it('makes a javascript: URL that decodes to the same code', () => {
    const url = bookmarkletUrl(base);
    expect(url.startsWith('javascript:')).toBe(true);
    expect(url).not.toMatch(/[\s#"]/);
    expect(decodeURIComponent(url.slice('javascript:'.length))).toBe(loaderCode(base));
  });

  it('compacts outside strings only', () => {
    expect(compact('var a = \'x  y\' ;\n  return  b + "c d";')).toBe('var a=\'x  y\';return b+"c d";');
  });

  it('derives the payload base from the install page address', () => {
    expect(baseFromPage('http://127.0.0.1:5555/bookmarklet.html')).toBe('http://127.0.0.1:5555/');
    expect(baseFromPage('https://example.org/ai/bookmarklet.html?x=1')).toBe('https://example.org/ai/');
  });
});

describe('search settings', () => {
  it('keep main-thread searches to short slices', () => {
    expect(searchSettingsFor('strongest', 'pool')).toEqual({ timeMs: 500, phase: true, crowdedMaxDepth: 3 });
    // On the page's thread a flat slice: an allocation may be several times the average.
    expect(searchSettingsFor('strongest', 'main')).toEqual({ timeMs: MAIN_THREAD_SLICE_MS, crowdedMaxDepth: 3 });
    expect(searchSettingsFor('quick', 'main')).toEqual({ depth: 2 });
  });
});
