// Tiles from outside the game: a spawner that answers later (Evil 2048), a
// person placing every tile (8402), the AI answering each placed tile, and the
// player and Evil choices. Fake engines follow the engine API contract.
import { describe, expect, it } from 'vitest';
import { Game } from '../../web/src/game/game.js';
import { seededRandom } from '../../web/src/game/rng.js';
import { legalMoves, moveBoard } from '../../web/src/game/rules.js';
import { personSpawner } from '../../web/src/game/spawners.js';
import { MemoryStorage } from '../../web/src/game/storage.js';
import { AutoplayController } from '../../web/src/ui/autoplay_controller.js';
import { AiResponder } from '../../web/src/pages/ai_responder.js';
import { evilSpawner } from '../../web/src/ui/evil_mode.js';
import { turnText } from '../../web/src/pages/place_view.js';
import { DEFAULT_MAX_DEPTH, searchSettings, strengthFor, strengthsFor } from '../../web/src/ui/presets.js';
import { loadSettings, saveSettings } from '../../web/src/ui/settings_store.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// A spawner whose answers wait until the test releases them: the first empty
// cell, with a 4.
function heldSpawner() {
  const held = [];
  return {
    held,
    placesOpening: false,
    place(board) {
      return new Promise((resolve) => held.push(() => resolve({ cell: board.indexOf(0), value: 4 })));
    },
    release() {
      held.shift()();
    },
  };
}

// Left, then down, right, up, like engine.bestMove; records the boards it sees.
function fakeEngine() {
  const seen = [];
  return {
    seen,
    async bestMove(board, settings) {
      seen.push({ board: board.slice(), settings });
      const values = [0, 1, 2, 3].map((d) => (moveBoard(board, d).moved ? 10 - d : null));
      const dir = [3, 2, 1, 0].find((d) => values[d] !== null) ?? -1;
      return { dir, values, depth: 1, nodes: 4, ms: 1 };
    },
    async evilSpawn(board, { depth }) {
      seen.push({ evil: board.slice(), depth });
      return { cell: board.lastIndexOf(0), value: 2, nodes: 1 };
    },
  };
}

const BOARD = [2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];

describe('a game whose tiles come from a spawner', () => {
  it('leaves the tile due after a move, places the answer, and saves only the whole position', async () => {
    const spawner = heldSpawner();
    const game = Game.inMemory({ random: seededRandom(1), spawner });
    game.setBoard(BOARD, { score: 0 });
    const saved = game.storage.backend.getItem('gameState');
    const kinds = [];
    game.on('change', (event) => kinds.push(event.kind));

    expect(game.move(3).moved).toBe(true);
    expect(game.tilesDue).toBe(1);
    expect(game.board()).toEqual(moveBoard(BOARD, 3).board);
    expect(game.legalMoves()).toEqual([]);
    expect(game.move(2).moved).toBe(false); // no move while the tile is due
    expect(game.storage.backend.getItem('gameState')).toBe(saved);

    const settled = game.settled();
    spawner.release();
    await settled;
    const expected = moveBoard(BOARD, 3).board;
    expected[expected.indexOf(0)] = 4;
    expect(game.board()).toEqual(expected);
    expect(game.tilesDue).toBe(0);
    expect(kinds).toEqual(['move', 'place']);
    const state = JSON.parse(game.storage.backend.getItem('gameState'));
    expect(state.grid.cells[1][0]).toEqual({ position: { x: 1, y: 0 }, value: 4 });
    expect(Object.keys(state).sort()).toEqual(['grid', 'keepPlaying', 'over', 'score', 'won']);
  });

  it('drops an answer that arrives after a new game', async () => {
    const spawner = heldSpawner();
    const game = Game.inMemory({ random: seededRandom(2), spawner });
    game.setBoard(BOARD, { score: 0 });
    game.move(3);
    const waiting = game.settled();
    game.restart(); // the opening tiles are random: two at once
    const fresh = game.board();
    expect(fresh.filter((v) => v).length).toBe(2);
    spawner.release();
    await waiting;
    expect(game.board()).toEqual(fresh);
    expect(game.tilesDue).toBe(0);
  });

  it('places a random tile when the spawner fails, and says why', async () => {
    const game = Game.inMemory({
      random: seededRandom(3),
      spawner: {
        placesOpening: false,
        place: async () => {
          throw new Error('engine gone');
        },
      },
    });
    game.setBoard(BOARD, { score: 0 });
    const events = [];
    game.on('change', (event) => events.push(event));
    game.move(3);
    await game.settled();
    expect(game.tilesDue).toBe(0);
    expect(game.board().filter((v) => v).length).toBe(moveBoard(BOARD, 3).board.filter((v) => v).length + 1);
    expect(events.at(-1)).toMatchObject({ kind: 'place', source: 'random', error: 'engine gone' });
  });

  it('judges game over once the due tile is on the board', async () => {
    // Left merges the 2s; a 2 in the cell that frees leaves no move at all.
    const board = [2, 2, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8, 16, 32, 64];
    const game = Game.inMemory({ spawner: { placesOpening: false, place: async () => ({ cell: 3, value: 2 }) } });
    game.setBoard(board, { score: 0 });
    expect(game.move(3).over).toBe(false);
    expect(game.over).toBe(false);
    expect(game.storage.backend.getItem('gameState')).not.toBeNull();
    await game.settled();
    expect(game.board().slice(0, 4)).toEqual([4, 8, 16, 2]);
    expect(legalMoves(game.board())).toEqual([]);
    expect(game.over).toBe(true);
    expect(game.snapshot().over).toBe(true);
    expect(game.storage.backend.getItem('gameState')).toBeNull(); // removed at game over, as in the original
  });

  it('the evil spawner asks the engine with its depth', async () => {
    const engine = fakeEngine();
    const game = Game.inMemory({
      random: seededRandom(4),
      spawner: evilSpawner(Promise.resolve(engine), { depth: 2 }),
    });
    game.setBoard(BOARD, { score: 0 });
    game.move(3);
    await game.settled();
    const moved = moveBoard(BOARD, 3).board;
    expect(engine.seen).toEqual([{ evil: moved, depth: 2 }]);
    const expected = moved.slice();
    expected[moved.lastIndexOf(0)] = 2;
    expect(game.board()).toEqual(expected);
  });

  it('autoplay waits for each tile and searches whole boards only', async () => {
    const engine = fakeEngine();
    const game = Game.inMemory({ random: seededRandom(5), spawner: evilSpawner(engine) });
    const player = new AutoplayController({
      game,
      engine,
      speed: 'max',
      strength: 't10',
      player: 'minimax',
      sleep: async () => {},
    });
    player.on('update', (_, reason) => {
      if (reason === 'move' && player.aiMoves === 15) player.stopAutoplay();
    });
    player.startAutoplay();
    for (let i = 0; i < 500 && player.autoplay; i++) await tick();
    const searches = engine.seen.filter((s) => s.board);
    const placements = engine.seen.filter((s) => s.evil);
    expect(player.aiMoves).toBeGreaterThanOrEqual(15);
    expect(placements.length).toBeGreaterThanOrEqual(15);
    for (const { board, settings } of searches) {
      expect(settings).toEqual({ player: 'minimax', timeMs: 10 });
      // Every searched board has its tile: moves add exactly one tile.
      expect(board.filter((v) => v).length).toBeGreaterThanOrEqual(2);
    }
    // The i-th search saw the i-th evil placement's board with its tile on.
    placements.slice(0, searches.length - 1).forEach(({ evil }, i) => {
      const after = searches[i + 1].board;
      const differs = evil.flatMap((v, cell) => (v !== after[cell] ? [cell] : []));
      expect(differs).toEqual([evil.lastIndexOf(0)]);
    });
  });
});

describe('8402: a person places every tile and the AI answers', () => {
  it('starts empty with both opening tiles due and checks every placement', () => {
    const game = Game.inMemory({ spawner: personSpawner, pauseAtWin: false });
    expect(game.board()).toEqual(new Array(16).fill(0));
    expect(game.tilesDue).toBe(2);
    game.placeTile(5, 2);
    expect(() => game.placeTile(5, 4)).toThrow(/is not empty \(it holds a 2\)/);
    expect(() => game.placeTile(6, 8)).toThrow(/a new tile is a 2 or a 4, got 8/);
    expect(() => game.placeTile(16, 2)).toThrow(/cell must be a whole number from 0 to 15, got 16/);
    game.placeTile(6, 4);
    expect(() => game.placeTile(7, 2)).toThrow(/no tile is due/);
    expect(game.board()[5]).toBe(2);
    expect(game.board()[6]).toBe(4);
  });

  it('the AI moves after the opening tiles and after each placed tile, until it has no move', async () => {
    const engine = fakeEngine();
    const game = Game.inMemory({ spawner: personSpawner, pauseAtWin: false });
    const ai = new AiResponder({ game, engine, player: 'greedy', strength: 't50' });
    expect(ai.strength.id).toBe('instant'); // greedy has nothing else
    await tick();
    expect(turnText(ai, game)).toBe('Place the two opening tiles.');
    game.placeTile(0, 2);
    expect(turnText(ai, game)).toBe('Place the second opening tile.');
    expect(engine.seen).toHaveLength(0);
    game.placeTile(1, 2);
    await game.settled();
    for (let i = 0; i < 20 && ai.aiMoves < 1; i++) await tick();
    expect(engine.seen[0]).toEqual({ board: [2, 2, ...new Array(14).fill(0)], settings: { player: 'greedy' } });
    expect(ai.aiMoves).toBe(1);
    expect(game.board()).toEqual(moveBoard([2, 2, ...new Array(14).fill(0)], ai.last.dir).board);
    expect(ai.turn()).toBe('place');
    expect(turnText(ai, game)).toBe('Your turn: place a 2 or a 4.');

    // The person now plays against the AI: each tile differs from its
    // neighbours where it can. The AI soon runs out of moves.
    const neighbours = (board, cell) =>
      [cell - 4, cell + 4, ...(cell % 4 ? [cell - 1] : []), ...(cell % 4 < 3 ? [cell + 1] : [])]
        .filter((c) => c >= 0 && c < 16)
        .map((c) => board[c]);
    for (let n = 0; n < 2000 && ai.turn() !== 'over'; n++) {
      await tick();
      if (ai.turn() !== 'place') continue;
      const board = game.board();
      const cell = board.indexOf(0);
      game.placeTile(cell, neighbours(board, cell).includes(2) ? 4 : 2);
    }
    expect(ai.turn()).toBe('over');
    expect(game.over).toBe(true);
    expect(legalMoves(game.board())).toEqual([]);
    expect(turnText(ai, game)).toMatch(/^Game over: the AI has no move\. Score \d+ after \d+ AI moves\.$/);

    game.restart();
    expect(game.tilesDue).toBe(2);
    expect(ai.aiMoves).toBe(0);
  });
});

describe('players and strengths', () => {
  it('each player offers the strengths it takes; a switch keeps the strength when it can', async () => {
    expect(strengthsFor('montecarlo').map((s) => s.id)).toContain('p100');
    expect(strengthsFor('montecarlo').map((s) => s.id)).not.toContain('d3');
    expect(strengthFor('montecarlo', 'd3').id).toBe('t50');
    expect(strengthFor('corner', 't10').id).toBe('instant');
    expect(searchSettings('expectimax', strengthFor('expectimax', 'd3'))).toEqual({ depth: 3 });
    // Expectimax's times are averages over a game (the time manager); other players' are flat.
    // The longer times deepen no further than the default on crowded boards.
    expect(searchSettings('expectimax', strengthFor('expectimax', 't50'))).toEqual({
      timeMs: 50,
      phase: true,
      crowdedMaxDepth: DEFAULT_MAX_DEPTH,
    });
    expect(searchSettings('minimax', strengthFor('minimax', 't50'))).toEqual({ player: 'minimax', timeMs: 50 });
    // The default, 10 ms, deepens to depth 3 at most for the standard player only.
    expect(searchSettings('expectimax', strengthFor('expectimax', 't10'))).toEqual({
      timeMs: 10,
      phase: true,
      maxDepth: DEFAULT_MAX_DEPTH,
    });
    expect(searchSettings('minimax', strengthFor('minimax', 't10'))).toEqual({ player: 'minimax', timeMs: 10 });
    expect(searchSettings('montecarlo', strengthFor('montecarlo', 't10'))).toEqual({
      player: 'montecarlo',
      timeMs: 10,
    });
    expect(searchSettings('montecarlo', strengthFor('montecarlo', 'p20'))).toEqual({
      player: 'montecarlo',
      playouts: 20,
    });

    const engine = fakeEngine();
    const game = Game.inMemory({ random: seededRandom(6) });
    const player = new AutoplayController({ game, engine, strength: 't100' });
    player.setPlayer('minimax');
    expect(player.strength.id).toBe('t100');
    player.setPlayer('montecarlo');
    expect(player.strength.id).toBe('t100');
    player.setStrength('p20');
    expect(() => player.setStrength('d2')).toThrow(/does not take strength d2/);
    expect(() => player.setPlayer('oracle')).toThrow(/unknown player/);
    await player.step();
    expect(engine.seen[0].settings).toEqual({ player: 'montecarlo', playouts: 20 });
    player.setPlayer('expectimax');
    expect(player.strength.id).toBe('t50');
  });

  it('the player and Evil mode come from the address, then the saved choice', () => {
    const storage = new MemoryStorage();
    const defaults = { speed: 'quick', strength: 't50', player: 'expectimax', evil: false };
    expect(loadSettings({ search: '', storage, defaults })).toEqual(defaults);
    saveSettings(storage, { speed: 'max', strength: 't10', player: 'minimax', evil: true });
    expect(loadSettings({ search: '', storage, defaults })).toMatchObject({ player: 'minimax', evil: true });
    expect(loadSettings({ search: '?player=corner&evil=0', storage, defaults })).toMatchObject({
      player: 'corner',
      evil: false,
    });
    expect(loadSettings({ search: '?player=oracle&evil=maybe', storage, defaults })).toMatchObject({
      player: 'minimax',
      evil: true,
    });
  });
});
