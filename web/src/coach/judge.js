// Judges the person's moves on the engine's workers, one at a time and never
// in the way of play: each move the person makes is queued, and judged when
// the AI is not busy (Autoplay, a hint or a step searching) and the learned
// network is in use (its values are points expected by the end of the game,
// which the verdicts compare). The AI's values for the four moves of the
// position before go into the game's history (undo.js), so a reload keeps
// them; a move undone or replaced meanwhile keeps no judgement.
import { Emitter } from '../game/emitter.js';

const defaultNow = () => globalThis.performance.now();

export class MoveJudge extends Emitter {
  // undo: the page's UndoHistory; engine: an engine or a promise of one;
  // settings(): bestMove's settings for a judgement; busy(): whether the AI
  // is searching for the page now; ready(engine): whether its values can be
  // judged (the network in use). Events: on('judged', listener),
  // listener({ index, values, ms }) once a move's judgement is kept.
  constructor({
    undo,
    engine,
    settings,
    busy = () => false,
    ready = () => true,
    now = defaultNow,
    later = (fn, ms) => globalThis.setTimeout(fn, ms),
    retryMs = 250,
  }) {
    super();
    this.undo = undo;
    this.enginePromise = Promise.resolve(engine);
    this.engine = null;
    this.settings = settings;
    this.busy = busy;
    this.ready = ready;
    this.now = now;
    this.later = later;
    this.retryMs = retryMs;
    this.retrying = false;
    this.pending = new Set(); // indices of the history's positions
    this.running = false;
    this.timings = []; // ms of the last judgements
    this.failures = 0;
    this.enginePromise.then(
      (e) => {
        this.engine = e;
        this.wake();
      },
      () => {},
    );
    undo.on('change', ({ kind, index }) => {
      if (kind === 'record') this.queue(index);
      else if (kind === 'load' || kind === 'open' || kind === 'restart') this.queueAll();
    });
    this.queueAll();
  }

  queue(index) {
    if (!this.undo.judgeable(index)) return;
    this.pending.add(index);
    this.wake();
  }

  // Every move of the history not judged yet (a reload, a game file).
  queueAll() {
    this.pending.clear();
    const count = this.undo.history.positions.length;
    for (let index = 1; index < count; index++) if (this.undo.judgeable(index)) this.pending.add(index);
    this.wake();
  }

  get waiting() {
    return this.pending.size;
  }

  // Judges what is queued, latest move first, while the AI is free; called
  // again whenever that may have changed (a move, the AI stopping, the
  // network arriving).
  wake() {
    if (this.running || this.pending.size === 0) return;
    this.running = true;
    this.pump().finally(() => {
      this.running = false;
    });
  }

  async pump() {
    while (this.pending.size > 0) {
      const engine = this.engine;
      if (!engine || !this.ready(engine)) return; // woken when the engine or its network comes
      if (this.busy()) {
        // The AI's own searches come first; look again in a moment.
        if (!this.retrying) {
          this.retrying = true;
          this.later(() => {
            this.retrying = false;
            this.wake();
          }, this.retryMs);
        }
        return;
      }
      const index = Math.max(...this.pending);
      this.pending.delete(index);
      const job = this.undo.judgeable(index);
      if (!job) continue;
      const started = this.now();
      let result;
      try {
        result = await engine.bestMove(job.board, this.settings());
      } catch (err) {
        this.failures++;
        console.warn(`2048: could not judge move ${index} (${err?.message ?? err}).`);
        continue;
      }
      const ms = this.now() - started;
      this.timings.push(ms);
      if (this.timings.length > 200) this.timings.shift();
      if (this.undo.setJudgement(index, job.key, result.values))
        this.emit('judged', { index, values: result.values, ms });
    }
  }
}
