// The AI controls' state logic (Hint, Step, Autoplay, speed, strength) with a
// fake engine that follows the engine API contract, and a fake clock.
import { describe, expect, it } from 'vitest';
import { Game } from '../../web/src/game/game.js';
import { seededRandom } from '../../web/src/game/rng.js';
import { legalMoves, moveBoard } from '../../web/src/game/rules.js';
import { AutoplayController } from '../../web/src/ui/autoplay_controller.js';
import { controlState } from '../../web/src/ui/control_state.js';

// Prefers left, then down, right, up (a weak but legal player), like engine.bestMove.
function fakeEngine({ order = [3, 2, 1, 0], gate = null } = {}) {
  const calls = [];
  return {
    calls,
    mode: 'fake',
    async bestMove(board, settings) {
      calls.push({ board: board.slice(), settings });
      if (gate) await gate();
      const values = [0, 1, 2, 3].map((d) => (moveBoard(board, d).moved ? 100 - order.indexOf(d) : null));
      const dir = order.find((d) => values[d] !== null) ?? -1;
      return { dir, values, depth: 3, nodes: 1000, ms: 2 };
    },
  };
}

// A clock that only moves when the player sleeps.
function fakeClock() {
  const clock = { t: 1000, sleeps: [] };
  clock.now = () => clock.t;
  clock.sleep = async (ms) => {
    clock.sleeps.push(ms);
    clock.t += ms;
  };
  return clock;
}

function waitFor(condition, what, limit = 5000) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (condition()) resolve();
      else if (Date.now() - started > limit) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(check, 1);
    };
    check();
  });
}

function setup({ board, engine = fakeEngine(), speed = 'max', strength = 't10', seed = 1 } = {}) {
  const game = Game.inMemory({ random: seededRandom(seed) });
  if (board) game.setBoard(board, { score: 0 });
  const clock = fakeClock();
  const player = new AutoplayController({ game, engine, speed, strength, now: clock.now, sleep: clock.sleep });
  return { game, player, engine, clock };
}

describe('AutoplayController', () => {
  it('gives a legal hint with the four values and drops it when the board changes', async () => {
    const { game, player } = setup({ board: [2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
    const hint = await player.hint();
    expect(legalMoves(game.board())).toContain(hint.dir);
    expect(hint.dir).toBe(2); // left does not move this board; the fake's next choice is down
    expect(hint.values[3]).toBeNull();
    expect(player.hintResult).toEqual(hint);
    game.move(hint.dir);
    expect(player.hintResult).toBeNull();
  });

  it('steps exactly one move with the chosen strength', async () => {
    const { game, player, engine } = setup({ board: [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
    player.setStrength('d3');
    expect(await player.step()).toBe(true);
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0].settings).toEqual({ depth: 3 });
    expect(game.board()[0]).toBe(2);
    expect(game.moveCount).toBe(1);
    expect(player.aiMoves).toBe(1);
    expect(() => player.setStrength('nonsense')).toThrow(/unknown strength/);
  });

  it('plays on past 2048 by pressing Keep going, and stops at game over with a summary', async () => {
    const { game, player } = setup({ board: [1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
    const reasons = [];
    player.on('update', (_, reason) => reasons.push(reason));
    player.startAutoplay();
    await waitFor(() => !player.autoplay, 'the end of autoplay');
    expect(game.won).toBe(true);
    expect(game.keepPlaying).toBe(true);
    expect(game.over).toBe(true);
    expect(game.moveCount).toBeGreaterThan(1);
    expect(reasons).toContain('gameOver');
    expect(player.summary).toMatchObject({ score: game.score, maxTile: game.maxTile(), moves: game.moveCount });
    expect(player.summary.maxTile).toBeGreaterThanOrEqual(2048);
  });

  it('paces moves by the speed, counting the search time as part of the pause', async () => {
    const { player, clock } = setup({ speed: 'paced' });
    let moves = 0;
    player.on('update', (_, reason) => {
      if (reason === 'move') {
        moves++;
        clock.t += 40; // time passes between moves (rendering, the next search)
        if (moves === 4) player.stopAutoplay();
      }
    });
    player.startAutoplay();
    await waitFor(() => !player.autoplay, 'four moves');
    expect(moves).toBe(4);
    // 300 ms between moves, 40 of them already spent: the player waits 260.
    expect(clock.sleeps).toEqual([260, 260, 260]);
  });

  it('does not wait between moves at full speed', async () => {
    const { player, clock } = setup({ speed: 'max' });
    player.on('update', (_, reason) => {
      if (reason === 'move' && player.aiMoves === 20) player.stopAutoplay();
    });
    player.startAutoplay();
    await waitFor(() => !player.autoplay, 'twenty moves');
    expect(clock.sleeps).toEqual([]);
  });

  it('drops a result for a board the player changed meanwhile, and searches again', async () => {
    let release;
    const gate = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    const engine = fakeEngine({ gate });
    const { game, player } = setup({ board: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], engine });
    const stepping = player.step();
    await waitFor(() => release, 'the search to start');
    game.move(1); // the user moves right while the AI thinks
    const board = game.board();
    release();
    expect(await stepping).toBe(false);
    expect(game.board()).toEqual(board);

    release = null;
    player.startAutoplay();
    await waitFor(() => release, 'the autoplay search');
    game.move(2);
    const version = game.version;
    release();
    await waitFor(() => engine.calls.length === 3, 'a new search');
    expect(engine.calls[2].board).toEqual(game.board());
    expect(game.version).toBe(version);
    player.stopAutoplay();
    release();
  });

  it('runs one search at a time', async () => {
    let active = 0;
    let most = 0;
    const engine = fakeEngine({
      gate: async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 2));
        active--;
      },
    });
    const { player } = setup({ engine });
    await Promise.all([player.hint(), player.hint(), player.step()]);
    expect(most).toBe(1);
    expect(engine.calls.length).toBe(3);
  });

  it('waits for an engine still loading, and reports one that fails', async () => {
    let resolveEngine;
    const loading = new Promise((resolve) => {
      resolveEngine = resolve;
    });
    const { game, player } = setup({ engine: loading });
    expect(controlState(player, game)).toMatchObject({ hintEnabled: false, stepEnabled: false, autoplayEnabled: true });
    player.startAutoplay();
    player.on('update', (_, reason) => {
      if (reason === 'move') player.stopAutoplay();
    });
    resolveEngine(fakeEngine());
    await waitFor(() => player.aiMoves === 1, 'the first move');
    expect(player.firstMoveAt).not.toBeNull();

    const broken = setup({ engine: Promise.reject(new Error('wasm did not load')) });
    await waitFor(() => broken.player.error, 'the error');
    expect(broken.player.error).toMatch(/wasm did not load/);
    expect(controlState(broken.player, broken.game)).toMatchObject({
      hintEnabled: false,
      stepEnabled: false,
      autoplayEnabled: false,
    });
    expect(controlState(broken.player, broken.game).status).toMatch(/unavailable/);
  });

  it('stops autoplay on a search error', async () => {
    const engine = {
      async bestMove() {
        throw new Error('board: 3 is not a tile');
      },
    };
    const { player } = setup({ engine });
    player.startAutoplay();
    await waitFor(() => !player.autoplay, 'autoplay to stop');
    expect(player.error).toMatch(/not a tile/);
  });

  it('reports moves/s, depth, nodes/s and the last evaluation', async () => {
    const { player, clock } = setup();
    let during = null;
    player.on('update', (_, reason) => {
      if (reason === 'move') {
        clock.t += 100;
        if (player.aiMoves === 10) {
          during = player.figures();
          player.stopAutoplay();
        }
      }
    });
    player.startAutoplay();
    await waitFor(() => !player.autoplay, 'ten moves');
    expect(during.movesPerSecond).toBeGreaterThan(8);
    expect(during.movesPerSecond).toBeLessThan(12);
    const figures = player.figures();
    expect(figures.movesPerSecond).toBe(0); // stopped: no stale rate
    expect(figures.depth).toBe(3);
    expect(figures.nodesPerSecond).toBe(500000); // 1000 nodes in 2 ms
    expect(figures.evaluation).toBe(100);
    expect(figures.aiMoves).toBe(10);
  });
});

describe('controlState', () => {
  it('disables Hint and Step during autoplay and Step at game over', async () => {
    const { game, player } = setup();
    await Promise.resolve();
    await Promise.resolve();
    expect(controlState(player, game)).toMatchObject({
      hintEnabled: true,
      stepEnabled: true,
      autoplayEnabled: true,
      autoplayPressed: false,
      autoplayLabel: 'Autoplay',
    });
    player.autoplay = true;
    expect(controlState(player, game)).toMatchObject({
      hintEnabled: false,
      stepEnabled: false,
      autoplayPressed: true,
      autoplayLabel: 'Stop',
    });
    player.autoplay = false;
    game.setBoard([2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2]);
    expect(controlState(player, game)).toMatchObject({
      hintEnabled: false,
      stepEnabled: false,
      autoplayEnabled: false,
    });
  });
});
