// Undo and redo for a Game: each whole position the game reaches (after a
// move and its new tile, the player's or the AI's alike) goes into the
// history (history.js), which is saved beside the game (localStorage
// "gameHistory") so a reload keeps it. A saved history that does not end on
// the saved game's position, or cannot be read, is set aside with a console
// warning and a new one starts from the game: the game itself is never lost.
import { Emitter } from '../game/emitter.js';
import { GameHistory, HistoryError, samePosition } from './history.js';

const HISTORY_KEY = 'gameHistory';
const GAME_FILE_FORMAT = 'ai2048-game';

export function positionOf(game) {
  return {
    board: game.board(),
    score: game.score,
    won: game.won,
    keepPlaying: game.keepPlaying,
    over: game.over,
  };
}

export class UndoHistory {
  constructor(game, { warn = (...args) => console.warn(...args) } = {}) {
    this.game = game;
    this.storage = game.storage;
    this.warn = warn;
    this.changes = new Emitter();
    this.restoring = false;
    this.history = this.load();
    game.onChange((event) => this.follow(event));
  }

  onChange(listener) {
    return this.changes.add(listener);
  }

  get canUndo() {
    return this.history.canUndo;
  }
  get canRedo() {
    return this.history.canRedo;
  }

  load() {
    const here = positionOf(this.game);
    const text = this.storage.read(HISTORY_KEY);
    if (text) {
      try {
        const saved = GameHistory.parse(text);
        if (samePosition(saved.current, here)) return saved;
        this.warn('2048: the saved undo history belongs to another game; starting a new one.');
      } catch (err) {
        if (!(err instanceof HistoryError)) throw err;
        this.warn(`2048: ignoring the saved undo history (${err.message}); starting a new one.`);
      }
    }
    const fresh = GameHistory.startingAt(here);
    this.storage.write(HISTORY_KEY, JSON.stringify(fresh));
    return fresh;
  }

  follow(event) {
    if (this.restoring) return;
    const here = positionOf(this.game);
    if (event.kind === 'restart') this.history = GameHistory.startingAt(here);
    else if (event.kind === 'keepGoing') this.history.replaceCurrent(here);
    else if (this.game.tilesDue === 0) this.history.record(here);
    else return; // a move whose tile is still to come: recorded once it is placed
    this.save();
  }

  // The whole game as a small file: every position in order (each next one is
  // a move and its new tile), and which one is on the board.
  exportText() {
    return JSON.stringify({ format: GAME_FILE_FORMAT, ...this.history.toJSON() });
  }

  // Opens a game file: its history replaces this one and its current position
  // goes on the board. Throws HistoryError naming what is wrong; then nothing
  // changes.
  importText(text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      throw new HistoryError('the file is not a saved 2048 game (not JSON)');
    }
    if (!data || data.format !== GAME_FILE_FORMAT) throw new HistoryError('the file is not a saved 2048 game');
    const history = GameHistory.fromData(data);
    this.history = history;
    this.show(history.current);
  }

  undo() {
    return this.show(this.history.undo());
  }

  redo() {
    return this.show(this.history.redo());
  }

  show(position) {
    if (!position) return false;
    this.restoring = true;
    try {
      this.game.showPosition(position);
    } finally {
      this.restoring = false;
    }
    this.save();
    return true;
  }

  save() {
    this.storage.write(HISTORY_KEY, JSON.stringify(this.history));
    this.changes.emit(this);
  }
}
