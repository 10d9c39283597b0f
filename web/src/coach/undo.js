// Undo and redo for a Game: each whole position the game reaches (after a
// move and its new tile, the player's or the AI's alike) goes into the
// history (history.js) with the move that led to it, and the history is saved
// beside the game (localStorage "gameHistory") so a reload keeps it. A saved
// history that does not end on the saved game's position, or cannot be read,
// is set aside with a console warning and a new one starts from the game: the
// game itself is never lost. One exception: a finished game, which the game
// removes from its own save at game over, comes back from its history after a
// reload (with its review), until a new game starts.
//
// standalone: the history is the game's only save (the 8402 page, whose game
// is not in gameState): its position goes on the board when the page loads,
// and the positions that wait for the person's tile (after each AI move) are
// kept too, so an undo takes back the AI's move and the person's tile one at a
// time.
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

const emptyBoard = (position) => position.board.every((v) => v === 0);

// Events: on('change', listener), listener({ kind, index }): kind 'record',
// 'restart', 'undo', 'redo', 'open', 'playOn', 'judge' or 'load'; index the
// position concerned.
export class UndoHistory extends Emitter {
  constructor(
    game,
    { warn = (...args) => console.warn(...args), key = HISTORY_KEY, storage = game.storage, standalone = false } = {},
  ) {
    super();
    this.game = game;
    this.storage = storage;
    this.key = key;
    this.standalone = standalone;
    this.warn = warn;
    this.restoring = false;
    this.pending = null; // the move whose tile is still to come (Evil 2048)
    this.finished = false;
    this.history = this.load();
    if ((standalone || this.finished) && this.history.at >= 0) this.showCurrent('load');
    this.finished = false;
    game.on('change', (event) => this.follow(event));
  }

  get canUndo() {
    return this.history.canUndo;
  }
  get canRedo() {
    return this.history.canRedo;
  }

  fresh() {
    const here = positionOf(this.game);
    return emptyBoard(here) ? new GameHistory() : GameHistory.startingAt(here);
  }

  load() {
    const text = this.storage.read(this.key);
    if (text) {
      try {
        const saved = GameHistory.parse(text);
        if (this.standalone || samePosition(saved.current, positionOf(this.game))) return saved;
        if (this.finishedBeforeReload(saved)) {
          this.finished = true; // put back on the board once the history is in place
          return saved;
        }
        this.warn('2048: the saved undo history belongs to another game; starting a new one.');
      } catch (err) {
        if (!(err instanceof HistoryError)) throw err;
        this.warn(`2048: ignoring the saved undo history (${err.message}); starting a new one.`);
      }
    }
    const fresh = this.fresh();
    this.write(fresh);
    return fresh;
  }

  // A game that ended is not in the game's own save (the game removes it at
  // game over, as the original does), so a reload starts a new game: the
  // finished game's history, kept, goes back on the board instead, with its
  // review, until the person starts a new game. Only over a game the page has
  // just started (not restored from its save, no move yet), so no game in play
  // is ever replaced.
  finishedBeforeReload(saved) {
    const here = this.game;
    return saved.current.over && !here.restored && !here.over && here.moveCount === 0;
  }

  follow(event) {
    if (this.restoring) return;
    const here = positionOf(this.game);
    const move = { by: event.source === 'ai' ? 'ai' : 'person', dir: event.dir };
    const history = this.history;
    if (event.kind === 'restart') {
      this.history = this.fresh();
      this.pending = null;
      return this.save('restart');
    }
    if (event.kind === 'keepGoing') {
      history.replaceCurrent(here);
      return this.save('record');
    }
    if (event.kind === 'move') {
      if (this.game.tilesDue === 0) history.record(here, move);
      else if (this.standalone) history.record({ ...here, due: true }, move);
      else {
        this.pending = move; // recorded once its tile is placed
        return;
      }
    } else if (event.kind === 'place') {
      if (this.game.tilesDue > 0) return;
      if (history.at < 0)
        history.record(here); // 8402's opening tiles: the first whole position
      else history.record(here, this.standalone ? { by: 'tile' } : this.pending);
      this.pending = null;
    } else return;
    this.save('record');
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
    this.openHistory(GameHistory.fromData(data));
  }

  // Opens a whole game (a game file's or a game link's history): it replaces
  // this one and its current position goes on the board.
  openHistory(history) {
    this.history = history;
    this.showCurrent('open');
  }

  undo() {
    return this.history.undo() !== null && this.showCurrent('undo');
  }

  redo() {
    return this.history.redo() !== null && this.showCurrent('redo');
  }

  // "Play on from here" (the review): position index goes on the board and
  // the positions after it go, as an undo followed by a new move would drop them.
  playOnFrom(index) {
    if (this.history.goTo(index) === null) return false;
    this.history.cut();
    return this.showCurrent('playOn');
  }

  // Puts the history's current position on the board. One that waits for the
  // person's tile is the position before it with its move played again.
  showCurrent(kind) {
    const history = this.history;
    const position = history.current;
    if (!position) return false;
    this.restoring = true;
    this.pending = null;
    try {
      if (position.due) {
        const move = history.moveAt(history.at);
        this.game.showPosition(history.position(history.at - 1));
        this.game.move(move.dir, { source: move.by, restored: true });
      } else {
        this.game.showPosition(position);
      }
    } finally {
      this.restoring = false;
    }
    this.save(kind);
    return true;
  }

  // The person's move that led to position index, not judged yet: { board
  // (the position before it), dir, key }, or null.
  judgeable(index) {
    const history = this.history;
    if (!Number.isInteger(index) || index < 1 || index >= history.positions.length) return null;
    const move = history.moveAt(index);
    if (!move || move.by !== 'person' || move.values) return null;
    const before = history.position(index - 1);
    if (before.due) return null;
    return { index, board: before.board, score: before.score, dir: move.dir, key: this.moveKey(index) };
  }

  // What identifies a move of the history: a judgement is kept only for the
  // move it was made for (not one that replaced it after an undo).
  moveKey(index) {
    const { positions, moves } = this.history;
    return `${positions[index - 1]} ${moves[index]} ${positions[index]}`;
  }

  // Keeps the AI's values for the person's move judgeable(index) gave key
  // for; false when that move is gone.
  setJudgement(index, key, values) {
    if (index >= this.history.positions.length || this.moveKey(index) !== key) return false;
    const move = this.history.moveAt(index);
    this.history.setMove(index, { ...move, values });
    this.save('judge', index);
    return true;
  }

  write(history) {
    this.storage.write(this.key, history.positions.length ? JSON.stringify(history) : '');
  }

  save(kind = 'record', index = this.history.at) {
    this.write(this.history);
    this.emit('change', { kind, index });
  }
}
