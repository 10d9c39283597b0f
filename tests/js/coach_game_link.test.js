// Whole games by link (web/src/coach/game_link.js): a game's start, moves and
// new tiles written in about one character a move, read back to the very same
// positions (who moved, won and Keep going included), and every malformed link
// refused with a message that says what is wrong.
import { describe, expect, it } from 'vitest';
import { GameHistory } from '../../web/src/coach/history.js';
import { decodeGameLink, encodeGameLink, gameFromHash, gameLink } from '../../web/src/coach/game_link.js';
import { UndoHistory, positionOf } from '../../web/src/coach/undo.js';
import { Game } from '../../web/src/game/game.js';

function seededRandom(seed = 1) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function playedGame({ seed = 1, moves = 200, ai = () => false } = {}) {
  const game = Game.inMemory({ random: seededRandom(seed) });
  const undo = new UndoHistory(game);
  for (let i = 0; i < moves && !game.isTerminated(); i++) {
    const legal = game.legalMoves();
    game.move(legal[(i * 7) % legal.length], ai(i) ? { source: 'ai' } : {});
  }
  return { game, undo };
}

describe('games by link', () => {
  it('writes a game in about one character a move and reads back the same positions and movers', () => {
    const { undo } = playedGame({ moves: 300, ai: (i) => i >= 100 && i < 250 });
    undo.undo();
    undo.undo();
    const history = undo.history;
    const text = encodeGameLink(history);
    const moves = history.positions.length - 1;
    expect(moves).toBeGreaterThan(100);
    expect(text.length).toBeLessThan(40 + moves * 1.3);
    expect(text).toMatch(/^1\.[0-9a-z]{16}\.0\.\.\d+\.[A-Za-z0-9_.~-]+$/);
    const back = decodeGameLink(text);
    expect(back.positions).toEqual(history.positions);
    expect(back.at).toBe(history.at);
    for (let i = 1; i < back.positions.length; i++) {
      const { by, dir } = history.moveAt(i);
      expect(back.moveAt(i)).toEqual({ by, dir });
    }
    // The same through a page address.
    const link = gameLink('http://127.0.0.1:8048/index.html?speed=max#board=2,4', history);
    expect(link.startsWith('http://127.0.0.1:8048/index.html?speed=max#game=1.')).toBe(true);
    expect(gameFromHash(new URL(link).hash).history.positions).toEqual(history.positions);
  });

  it('opens a link as the whole game: the same board, Undo and Redo through it', () => {
    const { game, undo } = playedGame({ seed: 7, moves: 60 });
    undo.undo();
    const { history } = gameFromHash(`#game=${encodeGameLink(undo.history)}`);
    const other = playedGame({ seed: 99, moves: 5 });
    other.undo.openHistory(history);
    expect(positionOf(other.game)).toEqual(positionOf(game));
    expect(other.undo.canRedo).toBe(true);
    other.undo.redo();
    undo.redo();
    expect(positionOf(other.game)).toEqual(positionOf(game));
  });

  it('keeps a game won and played on past 2048, and a game paused at its win', () => {
    // Left merges the two 1024s, and a 2 comes beside the 2048: won.
    const board = [1024, 1024, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const after = (flags) => `b100100000000000:2048:${flags}`;
    const start = { board, score: 0, won: false, keepPlaying: false, over: false };
    const paused = new GameHistory([GameHistory.startingAt(start).positions[0], after('w')], 1, ['', 'p3']);
    expect(decodeGameLink(encodeGameLink(paused)).positions).toEqual(paused.positions);
    const going = new GameHistory([paused.positions[0], after('wk')], 1, ['', 'p3']);
    const text = encodeGameLink(going);
    expect(text).toMatch(/\.g\.1\./);
    expect(decodeGameLink(text).positions).toEqual(going.positions);
  });

  it('refuses a game it cannot write, and every malformed link, saying why', () => {
    const wrong = new GameHistory(['1100000000000000:0:', '0000000000000022:0:'], 1, ['', 'p2']);
    expect(() => encodeGameLink(wrong)).toThrow(/not one move and one new tile/);
    const { undo } = playedGame({ moves: 20 });
    const good = encodeGameLink(undo.history);
    const cases = [
      ['', /not a game/],
      ['2.' + good.slice(2), /another version \(2; this page reads 1\)/],
      [good.replace(/^1\.[0-9a-z]{16}/, '1.000000000000000'), /not a game/],
      [good.replace(/^1\.[0-9a-z]{16}/, '1.0000000000000000'), /no tile/],
      [good.replace(/^1\.[0-9a-z]{16}/, '1.000000000000000z'), /out of range/],
      [
        good
          .split('.')
          .map((part, i) => (i === 4 ? '999' : part))
          .join('.'),
        /points at position 999/,
      ],
      [good + '.', /cut short/],
      [good + '~', /cut short/],
      [good + '~~A', /damaged/],
      [good + '!', /not a game/],
    ];
    for (const [text, reason] of cases) expect(() => decodeGameLink(text), text).toThrow(reason);
    // A move onto a taken cell or one that changes nothing: each is named.
    const start = '1.1100000000000000.0..0.';
    expect(() => decodeGameLink(start + 'A')).toThrow(/move 1 changes nothing/); // up: nothing moves
    expect(() => decodeGameLink(start + 'w')).toThrow(/new tile of move 1 cannot go there.*not empty/); // left, onto the 4
    expect(
      decodeGameLink(start + 'x')
        .position(1)
        .board.slice(0, 2),
    ).toEqual([4, 2]);
    expect(gameFromHash('#game=%E0%A4%A')).toEqual({ error: expect.stringMatching(/damaged/) });
    expect(gameFromHash('#game=1.x').error).toMatch(/not a game/);
    expect(gameFromHash('#board=2,4')).toBeNull();
  });
});
