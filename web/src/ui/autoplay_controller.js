// The AI controls' logic, without any DOM: Hint, Step, Autoplay, speed,
// strength and player, and the live figures. Searches run in the engine (a
// worker pool), one at a time; a result that arrives after the board changed
// (a key press, a new game) is dropped and the search starts again on the new
// board. A tile on its way from the game's spawner (Evil 2048) is waited for
// before the board is read.
import { RateMeter } from './rate_meter.js';
import { DEFAULT_PLAYER, SPEEDS, STRENGTHS, findOrThrow, findSpeed, findStrength, searchSettings } from './presets.js';
import { AiChoice } from './ai_choice.js';

const defaultNow = () => globalThis.performance.now();
const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class AutoplayController extends AiChoice {
  constructor({
    game,
    engine, // an engine or a promise of one (the page starts before the wasm is ready)
    speed = 'quick',
    strength = 't50',
    player = DEFAULT_PLAYER,
    now = defaultNow,
    sleep = defaultSleep,
  }) {
    super(player, (findStrength(strength) || STRENGTHS[0]).id);
    this.game = game;
    this.useEngine(engine);
    this.now = now;
    this.sleep = sleep;
    this.speed = findSpeed(speed) || SPEEDS[0];
    this.autoplay = false;
    this.thinking = false;
    this.hintResult = null; // { dir, values, version, tableRate, tableTile, scored, score }
    this.last = null; // the last search result
    this.summary = null; // set when autoplay ends at game over
    this.error = null;
    this.aiMoves = 0;
    this.tableMoves = 0; // AI moves an endgame table chose
    this.firstMoveAt = null;
    this.autoplayStartedAt = null;
    this.autoplayStartMoves = 0;
    this.moveRate = new RateMeter();
    this.searchRate = new RateMeter();
    this.token = 0;
    this.queue = Promise.resolve();
    // A hint only holds for the board it was computed on.
    game.on('change', () => {
      if (this.hintResult && this.hintResult.version !== game.version) {
        this.hintResult = null;
        this.notify('hint');
      }
    });
  }

  fail(err) {
    this.error = err && err.message ? err.message : String(err);
    this.autoplay = false;
    this.thinking = false;
    this.notify('error');
  }

  setSpeed(id) {
    this.speed = findOrThrow(findSpeed, id, 'speed');
    this.notify('settings');
  }

  // Searches are queued so the pool only ever runs one at a time.
  search(board) {
    const run = async () => {
      const engine = await this.enginePromise;
      this.thinking = true;
      this.notify('thinking');
      try {
        const result = await engine.bestMove(board, searchSettings(this.player.id, this.strength));
        this.last = result;
        this.searchRate.record(this.now(), result.nodes || 0, result.ms || 0);
        return result;
      } finally {
        this.thinking = false;
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => {});
    return next;
  }

  // The best direction on the current board, shown until the board changes.
  async hint() {
    await this.game.settled();
    if (this.game.isTerminated()) return null;
    const version = this.game.version;
    try {
      const result = await this.search(this.game.board());
      if (this.game.version !== version) return null;
      const engine = await this.enginePromise;
      this.hintResult = {
        dir: result.dir,
        values: result.values.slice(),
        version,
        tableRate: result.tableRate,
        tableTile: result.tableTile,
        scored: this.valuesArePoints(engine),
        score: this.game.score,
      };
      this.notify('hint');
      return this.hintResult;
    } catch (err) {
      this.fail(err);
      return null;
    }
  }

  // One AI move (presses "Keep going" first if the game waits on it).
  async step() {
    await this.game.settled();
    if (this.game.isPausedByWin()) this.game.keepGoing();
    if (this.game.over) return false;
    const version = this.game.version;
    try {
      const result = await this.search(this.game.board());
      if (this.game.version !== version) return false;
      return this.play(result);
    } catch (err) {
      this.fail(err);
      return false;
    }
  }

  // Whether a search's values are points expected from here to the end: only
  // the network's expectimax counts score.
  valuesArePoints(engine) {
    return this.player.id === 'expectimax' && engine?.evaluationState?.kind === 'network';
  }

  play(result) {
    this.scoreBeforeLast = this.game.score;
    this.lastScored = this.valuesArePoints(this.engine);
    let moved = this.game.move(result.dir, { source: 'ai' }).moved;
    if (!moved) {
      // Never stall on an answer the rules refuse: take any legal move instead.
      const legal = this.game.legalMoves();
      if (legal.length) moved = this.game.move(legal[0], { source: 'ai' }).moved;
    }
    if (moved) {
      const at = this.now();
      if (this.firstMoveAt === null) this.firstMoveAt = at;
      this.aiMoves++;
      if (result.tableRate !== undefined) this.tableMoves++;
      this.moveRate.record(at, 1);
      this.lastMoveAt = at;
      this.notify('move');
    }
    return moved;
  }

  toggleAutoplay() {
    if (this.autoplay) this.stopAutoplay();
    else this.startAutoplay();
  }

  startAutoplay() {
    if (this.autoplay) return;
    this.autoplay = true;
    this.summary = null;
    this.error = null;
    this.autoplayStartedAt = this.now();
    this.autoplayStartMoves = this.aiMoves;
    this.moveRate.start(this.autoplayStartedAt);
    this.lastMoveAt = -Infinity;
    const token = ++this.token;
    this.notify('autoplay');
    this.loop(token);
  }

  stopAutoplay() {
    if (!this.autoplay) return;
    this.autoplay = false;
    this.token++;
    this.notify('autoplay');
  }

  async loop(token) {
    const alive = () => this.autoplay && this.token === token;
    try {
      while (alive()) {
        await this.game.settled();
        if (!alive()) return;
        if (this.game.tilesDue > 0) {
          // Someone else places this tile (a person): look again shortly.
          await this.sleep(50);
          continue;
        }
        if (this.game.isPausedByWin()) this.game.keepGoing();
        if (this.game.over) {
          this.finish();
          return;
        }
        const version = this.game.version;
        const result = await this.search(this.game.board());
        if (!alive()) return;
        if (this.game.version !== version) continue;
        // The search overlapped the pause between moves; wait only for the rest.
        const wait = this.lastMoveAt + this.speed.intervalMs - this.now();
        if (wait > 0) {
          await this.sleep(wait);
          if (!alive()) return;
          if (this.game.version !== version) continue;
        }
        if (!this.play(result) && this.game.over) {
          this.finish();
          return;
        }
      }
    } catch (err) {
      if (this.token === token) this.fail(err);
    }
  }

  finish() {
    const seconds = (this.now() - this.autoplayStartedAt) / 1000;
    const moves = this.aiMoves - this.autoplayStartMoves;
    this.summary = {
      score: this.game.score,
      maxTile: this.game.maxTile(),
      moves,
      seconds,
      movesPerSecond: seconds > 0 ? moves / seconds : 0,
    };
    this.autoplay = false;
    this.token++;
    this.notify('gameOver');
    this.notify('autoplay');
  }

  // The live panel's figures.
  figures() {
    const now = this.now();
    const last = this.last;
    return {
      // Moves a second while Autoplay runs; 0 once it stops (no stale figure).
      movesPerSecond: this.autoplay ? this.moveRate.perSecond(now) : 0,
      nodesPerSecond: this.searchRate.perSecondOfWork(now),
      depth: last ? last.depth : null,
      evaluation: last && last.values ? last.values[last.dir] : null,
      // The final score the AI expects: the score before its last move plus that
      // move's value, where the value is points to come (the network's search).
      expectedScore: last && last.values && this.lastScored ? this.scoreBeforeLast + last.values[last.dir] : null,
      aiMoves: this.aiMoves,
      // The endgame table's chance of making the next tile, when it chose the last move.
      tableRate: last && last.tableRate !== undefined ? last.tableRate : null,
      tableMoves: this.tableMoves,
      firstMoveAt: this.firstMoveAt,
    };
  }
}
