// The AI's side of "8402", without any DOM: whenever the person's tile
// completes the board (the two opening tiles, then one after every AI move),
// the AI chooses a move with the chosen player and plays it; the person then
// places the next tile. The game is over when the AI has no move. After an
// undo or redo the AI holds (it waits, even on its turn) until the person
// places a tile or lets it move.
import { DEFAULT_PLAYER, DEFAULT_STRENGTH, searchSettings } from '../ui/presets.js';
import { AiChoice } from '../ui/ai_choice.js';

export class AiResponder extends AiChoice {
  constructor({ game, engine, player = DEFAULT_PLAYER, strength = DEFAULT_STRENGTH }) {
    super(player, strength);
    this.game = game;
    this.useEngine(engine);
    this.thinking = false;
    this.last = null; // { dir, values, depth, nodes, ms } of the AI's last move
    this.aiMoves = 0;
    this.error = null;
    this.held = false;
    game.on('change', (event) => {
      if (event.kind === 'restart') {
        this.last = null;
        this.aiMoves = 0;
        this.notify('restart');
      }
      this.respond();
    });
  }

  fail(err) {
    this.error = err && err.message ? err.message : String(err);
    this.notify('error');
  }

  // The AI stops answering (an undo): a search on its way is dropped, as the
  // board it was for has gone.
  hold() {
    if (this.held) return;
    this.held = true;
    this.notify('hold');
  }

  // The AI answers again, at once where it is its turn.
  resume() {
    if (!this.held) return;
    this.held = false;
    this.notify('hold');
    this.respond();
  }

  // Whose turn it is: 'place' (the person), 'ai', or 'over'.
  turn() {
    if (this.game.over) return 'over';
    return this.game.tilesDue > 0 ? 'place' : 'ai';
  }

  // Plays the AI's move when it is the AI's turn; otherwise does nothing.
  async respond() {
    if (this.thinking || this.held || this.error || this.turn() !== 'ai') return;
    const version = this.game.version;
    this.thinking = true;
    this.notify('thinking');
    try {
      const engine = await this.enginePromise;
      const result = await engine.bestMove(this.game.board(), searchSettings(this.player.id, this.strength));
      if (this.game.version !== version || this.held) return; // a new game or an undo meanwhile
      let { dir } = result;
      if (!this.game.move(dir, { source: 'ai' }).moved) {
        // Never stall on an answer the rules refuse: take any legal move instead.
        [dir] = this.game.legalMoves();
        if (dir === undefined || !this.game.move(dir, { source: 'ai' }).moved) return;
      }
      this.last = { ...result, dir };
      this.aiMoves++;
      this.notify('move');
    } catch (err) {
      this.fail(err);
    } finally {
      this.thinking = false;
      this.notify('thinking');
      // A new game may have reached the AI's turn while it was busy.
      if (this.game.version !== version) this.respond();
    }
  }
}
