// The review of the person's moves (web/src/coach/verdict.js, review.js,
// judge.js): the verdicts at their thresholds, the costliest moves in order of
// the share lost, judgements kept with the game (undo.js) and dropped with the
// moves an undo or "Play on from here" cuts, and the judge waiting while the
// AI is busy.
import { describe, expect, it } from 'vitest';
import { ABOUT_EQUAL_SHARE } from '../../web/src/coach/hint_text.js';
import { MoveJudge } from '../../web/src/coach/judge.js';
import {
  costliestMoves,
  entryText,
  flashText,
  judgedMoves,
  lossText,
  summaryText,
  unjudgedCount,
} from '../../web/src/coach/review.js';
import { UndoHistory, positionOf } from '../../web/src/coach/undo.js';
import { VERDICTS, VERDICT_THRESHOLDS, moveLoss, verdictFor } from '../../web/src/coach/verdict.js';
import { Game } from '../../web/src/game/game.js';
import { GameStorage, MemoryStorage } from '../../web/src/game/storage.js';

function seededRandom(seed = 1) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const pageGame = (backend, seed = 1) => new Game({ storage: new GameStorage(backend), random: seededRandom(seed) });

// The values the AI gives the four moves where the move to judge loses share
// (the best is up, 100,000 points).
const valuesLosing = (dir, share) => {
  const values = [100_000, 100_000 * (1 - share), 50_000, 40_000];
  [values[1], values[dir]] = [values[dir], values[1]];
  return values;
};

describe('the verdicts', () => {
  it('start at the thresholds, in order, "best" up to the hint\'s about equal', () => {
    expect(VERDICTS).toEqual(['best', 'good', 'inaccuracy', 'mistake', 'blunder']);
    const { good, inaccuracy, mistake, blunder } = VERDICT_THRESHOLDS;
    expect(good).toBe(ABOUT_EQUAL_SHARE);
    expect(good < inaccuracy && inaccuracy < mistake && mistake < blunder && blunder < 1).toBe(true);
    expect(verdictFor(0)).toBe('best');
    expect(verdictFor(good * 0.99)).toBe('best');
    expect(verdictFor(good)).toBe('good');
    expect(verdictFor(inaccuracy * 0.99)).toBe('good');
    expect(verdictFor(inaccuracy)).toBe('inaccuracy');
    expect(verdictFor(mistake * 0.99)).toBe('inaccuracy');
    expect(verdictFor(mistake)).toBe('mistake');
    expect(verdictFor(blunder * 0.99)).toBe('mistake');
    expect(verdictFor(blunder)).toBe('blunder');
    expect(verdictFor(1)).toBe('blunder');
    expect(verdictFor(NaN)).toBe('best');
  });

  it('measure the share of the expected score a move loses against the best', () => {
    expect(moveLoss([1000, 900, null, 950], 1)).toEqual({
      best: 0,
      bestValue: 1000,
      playedValue: 900,
      lost: 100,
      loss: 0.1,
      playedBest: false,
    });
    expect(moveLoss([1000, 900, null, 1000], 3)).toMatchObject({ best: 0, loss: 0, playedBest: true });
    // A move that changes nothing cannot have been played; the raw module's -1 is the same.
    expect(moveLoss([1000, 900, null, 950], 2)).toBeNull();
    expect(moveLoss([1000, -1, 900, 950], 1)).toBeNull();
    expect(moveLoss([1000, 900], 1)).toBeNull();
    // A move that loses the game (below zero) loses all of it; a lost position, nothing.
    expect(moveLoss([1000, -50, null, null], 1).loss).toBe(1);
    expect(moveLoss([-10, -50, null, null], 1).loss).toBe(0);
    for (const [share, verdict] of [
      [0.001, 'best'],
      [0.01, 'good'],
      [0.03, 'inaccuracy'],
      [0.08, 'mistake'],
      [0.4, 'blunder'],
    ]) {
      expect(verdictFor(moveLoss(valuesLosing(2, share), 2).loss)).toBe(verdict);
    }
  });
});

// A game whose moves alternate person, AI; the history's judgements set by hand.
function playedGame(moves = 8) {
  const game = pageGame(new MemoryStorage());
  const undo = new UndoHistory(game);
  for (let i = 0; i < moves && !game.over; i++) {
    const legal = game.legalMoves();
    game.move(legal[i % legal.length], i % 2 ? { source: 'ai' } : {});
  }
  return { game, undo };
}

describe('the review list', () => {
  it("lists the person's judged moves, the costliest first, and leaves out the AI's and the best", () => {
    const { undo } = playedGame(12);
    const history = undo.history;
    const person = [1, 3, 5, 7, 9, 11];
    expect(person.every((i) => history.moveAt(i).by === 'person')).toBe(true);
    expect([2, 4, 6].every((i) => history.moveAt(i).by === 'ai')).toBe(true);
    expect(unjudgedCount(history)).toBe(6);
    const shares = { 1: 0.03, 3: 0.25, 5: 0.001, 7: 0.08, 9: 0.08, 11: 0.012 };
    for (const [index, share] of Object.entries(shares)) {
      const job = undo.judgeable(Number(index));
      expect(undo.setJudgement(job.index, job.key, valuesLosing(job.dir, share))).toBe(true);
    }
    expect(undo.judgeable(1)).toBeNull(); // judged
    expect(undo.judgeable(2)).toBeNull(); // the AI's
    expect(unjudgedCount(history)).toBe(0);
    const entries = judgedMoves(history);
    expect(entries.map((e) => e.verdict)).toEqual(['inaccuracy', 'blunder', 'best', 'mistake', 'mistake', 'good']);
    // Most lost first; equal shares in game order; the best move is no cost.
    expect(costliestMoves(entries).map((e) => e.index)).toEqual([3, 7, 9, 1, 11]);
    expect(costliestMoves(entries, 3).map((e) => e.index)).toEqual([3, 7, 9]);
    const top = costliestMoves(entries)[0];
    expect(top).toMatchObject({ index: 3, played: history.moveAt(3).dir, best: 0, verdict: 'blunder' });
    expect(entryText(top)).toMatch(
      /^Move 3: blunder\. You played . \w+, the AI's move was ↑ up: 25% of the expected score lost \(about 25,000 points\)\.$/,
    );
    expect(lossText(entries[5])).toBe('1.2% of the expected score lost (about 1,200 points)');
    expect(flashText(entries[2])).toMatch(/^Move 5 .: best$/);
    expect(flashText(top)).toMatch(/^Move 3 .: blunder, 25% of the expected score$/);
    expect(summaryText(entries, 0)).toBe(
      '6 of your moves judged: 1 best, 1 good, 1 inaccuracy, 2 mistakes, 1 blunder.',
    );
    expect(summaryText([], 2)).toBe('None of your moves judged yet. 2 more to judge.');
  });

  it('keeps the judgements over a reload, and drops them with the moves cut by an undo or by Play on from here', () => {
    const backend = new MemoryStorage();
    const game = pageGame(backend);
    const undo = new UndoHistory(game);
    for (let i = 0; i < 10; i++) game.move(game.legalMoves()[i % 2], i % 2 ? { source: 'ai' } : {});
    for (const index of [1, 3, 5, 7, 9]) {
      const job = undo.judgeable(index);
      undo.setJudgement(index, job.key, valuesLosing(job.dir, 0.01 * index));
    }
    const reloaded = new UndoHistory(pageGame(backend, 42));
    expect(costliestMoves(judgedMoves(reloaded.history)).map((e) => e.index)).toEqual([9, 7, 5, 3, 1]);

    // An undo leaves the moves ahead out of the review, and a new move drops them.
    reloaded.undo();
    reloaded.undo();
    expect(judgedMoves(reloaded.history).map((e) => e.index)).toEqual([1, 3, 5, 7]);
    const job = reloaded.judgeable(7);
    expect(job).toBeNull();
    const stale = undo.moveKey(9);
    reloaded.game.move(reloaded.game.legalMoves()[0]);
    expect(reloaded.history.positions).toHaveLength(10);
    expect(reloaded.setJudgement(9, stale, valuesLosing(0, 0.5))).toBe(false);
    expect(reloaded.judgeable(9)).not.toBeNull();

    // Play on from before move 5: the board before it, and nothing after.
    const before5 = reloaded.history.position(4);
    expect(reloaded.playOnFrom(4)).toBe(true);
    expect(positionOf(reloaded.game)).toEqual(before5);
    expect(reloaded.canRedo).toBe(false);
    expect(reloaded.history.positions).toHaveLength(5);
    expect(costliestMoves(judgedMoves(reloaded.history)).map((e) => e.index)).toEqual([3, 1]);
    expect(reloaded.playOnFrom(9)).toBe(false);
  });
});

// An engine whose best move is left, 10% ahead of the others, and that counts its calls.
function fakeEngine() {
  return {
    calls: [],
    async bestMove(board, settings) {
      this.calls.push({ board, settings });
      return { dir: 3, values: [900, 900, 900, 1000] };
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('the judge', () => {
  it("judges the person's moves, latest first, never while the AI is busy or before the network", async () => {
    const game = pageGame(new MemoryStorage());
    const undo = new UndoHistory(game);
    const engine = fakeEngine();
    let busy = true;
    let ready = false;
    const timers = [];
    const judge = new MoveJudge({
      undo,
      engine,
      settings: () => ({ timeMs: 10 }),
      busy: () => busy,
      ready: () => ready,
      later: (fn) => timers.push(fn),
    });
    const judged = [];
    judge.on('judged', ({ index }) => judged.push(index));
    // Never left: each of the person's moves loses 10%.
    for (let i = 0; i < 6; i++)
      game.move(
        game.legalMoves().find((d) => d !== 3),
        i === 2 ? { source: 'ai' } : {},
      );
    await settle();
    expect(judge.waiting).toBe(5);
    expect(engine.calls).toHaveLength(0); // the network is not in yet
    ready = true;
    judge.wake();
    await settle();
    expect(engine.calls).toHaveLength(0); // the AI is busy: look again later
    expect(timers).toHaveLength(1);
    busy = false;
    timers.shift()();
    for (let i = 0; i < 10 && judged.length < 5; i++) await settle();
    expect(judged).toEqual([6, 5, 4, 2, 1]);
    expect(engine.calls[0]).toEqual({ board: undo.history.position(5).board, settings: { timeMs: 10 } });
    expect(judgedMoves(undo.history).map((e) => e.verdict)).toEqual(new Array(5).fill('mistake'));
    expect(judge.timings).toHaveLength(5);

    // A reload queues what was not judged yet.
    undo.undo();
    game.move(game.legalMoves()[0]);
    const again = new MoveJudge({ undo, engine, settings: () => ({}), ready: () => true });
    expect(again.waiting).toBe(1);
  });
});
