// The review on the play page: the verdict on each of the person's moves,
// shown for a few seconds beside the board once the AI has judged it, and the
// review list (the Review button, or by itself when a game ends): the
// costliest moves, each with its number, the move made, the AI's move and the
// verdict. Choosing one shows the position before it with both moves;
// "Play on from here" puts that position on the board and drops the moves
// after it. Everything the list shows comes from the game's history, so a
// reload keeps it.
import { DIRECTION_ARROWS, DIRECTION_NAMES } from '../game/rules.js';
import { costliestMoves, entryText, flashText, judgedMoves, lossText, summaryText, unjudgedCount } from './review.js';

const FLASH_MS = 3000;

export class ReviewView {
  // bar: the element holding the verdict line and the Review button; panel:
  // the review section; judge: the page's MoveJudge; beforePlayOn(): stops
  // Autoplay; unavailable(): why no move can be judged now, or null.
  constructor({ bar, panel, undo, judge, game, beforePlayOn = () => {}, unavailable = () => null, win = window }) {
    this.undo = undo;
    this.judge = judge;
    this.game = game;
    this.beforePlayOn = beforePlayOn;
    this.unavailable = unavailable;
    this.win = win;
    this.flash = bar.querySelector('.review-verdict');
    this.button = bar.querySelector('.review-button');
    this.panel = panel;
    this.summary = panel.querySelector('.review-summary');
    this.list = panel.querySelector('.review-list');
    this.position = panel.querySelector('.review-position');
    this.board = panel.querySelector('.review-board');
    this.moves = panel.querySelector('.review-moves');
    this.playOn = panel.querySelector('.review-play-on');
    this.message = panel.querySelector('.review-message');
    this.chosen = null; // the entry shown, by its position index
    this.flashTimer = null;
    this.wasOver = game.over;

    this.button.addEventListener('click', () => this.toggle());
    panel.querySelector('.review-close').addEventListener('click', () => this.close());
    this.list.addEventListener('click', (event) => {
      const item = event.target.closest('[data-index]');
      if (item) this.choose(Number(item.dataset.index));
    });
    this.playOn.addEventListener('click', () => this.playOnFromChosen());
    judge.on('judged', ({ index, ms }) => {
      // For tests and measurements: how long the last judgement took.
      this.panel.dataset.lastJudgeMs = ms.toFixed(1);
      this.judgedOne(index);
    });
    this.length = undo.history.positions.length;
    undo.on('change', ({ kind, index }) => {
      if (kind !== 'judge') this.hideFlashIfStale();
      // An AI move added at the end changes nothing in the review: Autoplay's
      // 30 moves a second never walk the whole history.
      const length = undo.history.positions.length;
      const aiMoveAdded = kind === 'record' && index === this.length && undo.history.moveAt(index)?.by === 'ai';
      this.length = length;
      if (!aiMoveAdded) this.refresh();
    });
    game.on('change', () => this.followGameOver());
    this.refresh();
  }

  get isOpen() {
    return !this.panel.hidden;
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  open() {
    this.panel.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    this.refresh();
    this.panel.scrollIntoView?.({ block: 'nearest' });
  }

  close() {
    this.panel.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    this.chosen = null;
  }

  // A game just over: the review opens by itself when the person made moves.
  followGameOver() {
    const over = this.game.over;
    if (over && !this.wasOver && !this.isOpen && this.entries().length + unjudgedCount(this.undo.history) > 0) {
      this.open();
    }
    this.wasOver = over;
  }

  entries() {
    return judgedMoves(this.undo.history);
  }

  // The verdict beside the board, for the move just made only.
  judgedOne(index) {
    const history = this.undo.history;
    if (index !== history.at) return;
    const entry = this.entries().find((e) => e.index === index);
    if (!entry) return;
    this.flash.textContent = flashText(entry);
    this.flash.dataset.verdict = entry.verdict;
    this.flash.dataset.index = String(index);
    this.win.clearTimeout(this.flashTimer);
    this.flashTimer = this.win.setTimeout(() => this.hideFlash(), FLASH_MS);
  }

  hideFlash() {
    this.flash.textContent = '';
    delete this.flash.dataset.verdict;
    delete this.flash.dataset.index;
  }

  hideFlashIfStale() {
    if (Number(this.flash.dataset.index) > this.undo.history.at) this.hideFlash();
  }

  refresh() {
    const entries = this.entries();
    const pending = unjudgedCount(this.undo.history);
    const why = this.unavailable();
    this.panel.dataset.judged = String(entries.length);
    this.panel.dataset.pending = String(pending);
    let summary = summaryText(entries, pending);
    if (pending > 0 && why) summary += ` They wait for ${why}.`;
    if (this.summary.textContent !== summary) this.summary.textContent = summary;
    if (!this.isOpen) return;
    const doc = this.list.ownerDocument;
    const costliest = costliestMoves(entries);
    const items = costliest.map((entry) => {
      const item = doc.createElement('li');
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'review-entry';
      button.dataset.index = String(entry.index);
      button.dataset.verdict = entry.verdict;
      button.setAttribute('aria-pressed', String(entry.index === this.chosen));
      button.textContent = entryText(entry);
      item.append(button);
      return item;
    });
    if (items.length === 0) {
      const item = doc.createElement('li');
      item.className = 'review-none';
      item.textContent = entries.length
        ? 'No costly moves: each of your moves was the AI’s or about as good.'
        : 'Make a move or two by hand: the AI judges each of them.';
      items.push(item);
    }
    this.list.replaceChildren(...items);
    const chosen = costliest.find((e) => e.index === this.chosen);
    if (chosen) this.showEntry(chosen);
    else {
      this.chosen = null;
      this.position.hidden = true;
    }
  }

  choose(index) {
    this.chosen = index;
    this.message.textContent = '';
    this.refresh();
  }

  // The position before the move, with the move made and the AI's.
  showEntry(entry) {
    const before = this.undo.history.position(entry.index - 1);
    const doc = this.board.ownerDocument;
    this.board.replaceChildren(
      ...before.board.map((value) => {
        const cell = doc.createElement('div');
        cell.className = value ? `review-cell tile-${value}${value > 2048 ? ' tile-super' : ''}` : 'review-cell';
        const inner = doc.createElement('div');
        inner.className = value ? 'tile-inner' : '';
        inner.textContent = value ? String(value) : '';
        cell.append(inner);
        return cell;
      }),
    );
    this.board.dataset.board = before.board.join(',');
    this.board.setAttribute('aria-label', `The board before move ${entry.index}, score ${before.score}`);
    const name = (dir) => `${DIRECTION_ARROWS[dir]} ${DIRECTION_NAMES[dir]}`;
    const verdict = entry.verdict[0].toUpperCase() + entry.verdict.slice(1);
    this.moves.textContent =
      `Before move ${entry.index} (score ${before.score}): you played ${name(entry.played)}, ` +
      `the AI's move was ${name(entry.best)}. ${verdict}: ${lossText(entry)}.`;
    this.position.dataset.index = String(entry.index);
    this.position.hidden = false;
  }

  playOnFromChosen() {
    const index = this.chosen;
    if (index === null) return;
    this.beforePlayOn();
    this.chosen = null;
    if (this.undo.playOnFrom(index - 1)) {
      this.message.textContent = `Back before move ${index}: play on by hand or with Autoplay. The moves after it are gone.`;
    }
  }
}
