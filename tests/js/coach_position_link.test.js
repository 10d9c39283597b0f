// Positions by link and by paste (web/src/coach/position_link.js): 16 values
// read back exactly, and every malformed one refused with a message that says
// what is wrong.
import { describe, expect, it } from 'vitest';
import { boardFromHash, parseBoardText, positionLink } from '../../web/src/coach/position_link.js';

const BOARD = [0, 0, 2, 0, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 65536, 131072];

describe('positions by link', () => {
  it('writes a link that reads back the same board', () => {
    const link = positionLink('http://127.0.0.1:8048/index.html?speed=max', BOARD);
    expect(link).toBe(`http://127.0.0.1:8048/index.html?speed=max#board=${BOARD.join(',')}`);
    expect(boardFromHash(new URL(link).hash)).toEqual({ board: BOARD });
    expect(boardFromHash('#board=' + encodeURIComponent(BOARD.join(', ')))).toEqual({ board: BOARD });
  });

  it('reads 16 values pasted with commas, spaces or new lines', () => {
    expect(parseBoardText(` ${BOARD.join(' ')}\n`)).toEqual({ board: BOARD });
    expect(parseBoardText(BOARD.slice(0, 4).join(',') + '\n' + BOARD.slice(4).join(' '))).toEqual({ board: BOARD });
  });

  it('refuses what is not a position, saying why', () => {
    const cases = [
      ['2,4', /16 tile values.*this one has 2/],
      [BOARD.concat(2).join(','), /this one has 17/],
      [BOARD.map((v, i) => (i === 3 ? 3 : v)).join(','), /"3" is not a tile/],
      [BOARD.map((v, i) => (i === 3 ? 262144 : v)).join(','), /"262144" is not a tile/],
      [BOARD.map((v, i) => (i === 3 ? -2 : v)).join(','), /"-2" is not a tile/],
      [BOARD.map((v, i) => (i === 3 ? 'x' : v)).join(','), /"x" is not a tile/],
      [new Array(16).fill(0).join(','), /no tile/],
      ['', /this one has 0/],
    ];
    for (const [text, reason] of cases) expect(parseBoardText(text).error).toMatch(reason);
    expect(boardFromHash('#board=%E0%A4%A')).toEqual({ error: expect.stringMatching(/damaged/) });
    expect(boardFromHash('#other=1')).toBeNull();
    expect(boardFromHash('')).toBeNull();
  });
});
