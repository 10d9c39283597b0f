// Adapter for pages built like the original 2048 (gabrielecirulli/2048 and
// re-skins with the same DOM classes and gameState shape). It reads the board,
// sends moves, and reads the win / game-over messages. It never writes to the
// page: the only things it does are key events and, on "You win!", a click on
// the page's own Keep going button.
import { frameCounter, nextFrame } from './frames.js';
import { sendMoveKey } from './keys.js';
import { boardFromTileClasses, boardKey, parseScoreText } from './page_state.js';
import { parseGameState } from '../src/game/saved_state.js';

const NOT_A_GAME =
  'No 2048 game found on this page. The AI plays pages built like the original ' +
  '2048 (a .game-container with a .tile-container of .tile-position-x-y tiles). ' +
  'Nothing on this page was changed.';

// A move the page has not shown after this many rendered frames was ignored.
// The original saves its game inside the key handler and draws the move in the
// next frame; frames are the page's own clock (a busy machine delays them and
// the page's work alike), where a fixed time was not: under load a move drawn
// late was taken for ignored, and a second key moved the person's page twice.
const MOVE_FRAMES = 3;
// How long the DOM may take to settle after a move (the original: 2 frames).
const SETTLE_WAIT_MS = 600;
// Rendered frames the DOM may keep showing the board a move was made from
// before it is believed (a page that draws very late, or undoes).
const STALE_FRAMES = 30;

const OTHER_2048 =
  "This 2048 page is built differently from the original game (play2048.co's 2024 " +
  'version, for one), so the AI cannot read its board. It plays pages built like the original 2048 ' +
  '(a .game-container with a .tile-container of .tile-position-x-y tiles). Nothing on this page was changed.';

// Looks at the page. Resolves { ok: true, adapter } or { ok: false, reason }.
export function detectOriginalPage(doc = document, win = window) {
  const container = doc.querySelector('.game-container');
  const tiles = doc.querySelector('.tile-container');
  if (!container || !tiles) {
    const looksLike2048 = /2048/.test(`${doc.title} ${win.location ? win.location.hostname : ''}`);
    return { ok: false, reason: looksLike2048 ? OTHER_2048 : NOT_A_GAME };
  }
  const cells = doc.querySelectorAll('.grid-container .grid-cell').length;
  if (cells !== 0 && cells !== 16) {
    return {
      ok: false,
      reason: `This page's board has ${cells} cells; the AI plays 4x4 boards only. Nothing on this page was changed.`,
    };
  }
  const adapter = new OriginalPageAdapter(doc, win);
  const saved = parseGameState(adapter.readStateText());
  if (saved && saved.error) {
    return { ok: false, reason: `This page looks like 2048 but ${saved.error}. Nothing on this page was changed.` };
  }
  if (!saved && adapter.tileElements().length === 0 && adapter.message() === null) {
    return { ok: false, reason: 'This page has a 2048 board but no tiles to read. Nothing on this page was changed.' };
  }
  return { ok: true, adapter };
}

export class OriginalPageAdapter {
  constructor(doc, win) {
    this.doc = doc;
    this.win = win;
    this.name = 'original 2048 page';
    this.movedFrom = null; // boardKey of the board the last accepted move was made from
  }

  // localStorage.gameState, or null where there is none or storage is denied.
  readStateText() {
    try {
      return this.win.localStorage.getItem('gameState');
    } catch {
      return null;
    }
  }

  tileElements() {
    return this.doc.querySelectorAll('.tile-container .tile');
  }

  readDomBoard() {
    return boardFromTileClasses(Array.from(this.tileElements(), (el) => el.className));
  }

  // 'won' ("You win!" shown), 'over' (game over shown) or null.
  message() {
    const el = this.doc.querySelector('.game-message');
    if (!el) return null;
    if (el.classList.contains('game-won')) return 'won';
    if (el.classList.contains('game-over')) return 'over';
    return null;
  }

  readDomScore() {
    const el = this.doc.querySelector('.score-container');
    // The floating ".score-addition" child follows the score's own text.
    const own = el
      ? Array.from(el.childNodes)
          .filter((n) => n.nodeType === 3)
          .map((n) => n.data)
          .join('')
      : '';
    return parseScoreText(own) ?? parseScoreText(el && el.textContent);
  }

  // Identifies the position right now, without waiting: used to notice that
  // the user (or the page) moved while the AI was thinking.
  quickKey() {
    const text = this.readStateText();
    return text !== null ? `state:${text}` : `dom:${boardKey(this.readDomBoard())}`;
  }

  // The DOM once the render has caught up: the same board over a drawn frame,
  // and not the board the last move was made from (a page that moved cannot
  // show it again: until it draws the move, that board is stale; it was once
  // read as current, and the AI moved a second time on a page whose game had
  // just ended).
  async settledDomBoard() {
    const frames = frameCounter(this.win);
    try {
      let last = boardKey(this.readDomBoard());
      let seenAt = 0; // the frame count when `last` was first read
      const started = Date.now();
      for (;;) {
        await nextFrame(this.win);
        const now = boardKey(this.readDomBoard());
        if (now !== last) {
          last = now;
          seenAt = frames.count;
        } else if (now === this.movedFrom) {
          if (frames.count >= STALE_FRAMES) break;
        } else if (frames.count > seenAt || Date.now() - started >= SETTLE_WAIT_MS) {
          break;
        }
      }
    } finally {
      frames.stop();
    }
    return this.readDomBoard();
  }

  // Waits (briefly) until the DOM shows `board`: then its message is current.
  async domCatchesUp(board) {
    const want = boardKey(board);
    const started = Date.now();
    while (boardKey(this.readDomBoard()) !== want && Date.now() - started < SETTLE_WAIT_MS) {
      await nextFrame(this.win);
    }
    await nextFrame(this.win);
  }

  // The position to play: { board, score, source, key, over, needsKeepGoing }.
  async snapshot() {
    const text = this.readStateText();
    const saved = parseGameState(text);
    if (saved && saved.error) return { error: `The page's saved game changed shape: ${saved.error}.` };
    if (saved) {
      let needsKeepGoing = false;
      if (saved.won && !saved.keepPlaying) {
        // The state says "won" until the next move even after Keep going was
        // pressed; the message on screen says whether it still waits.
        await this.domCatchesUp(saved.board);
        needsKeepGoing = this.message() === 'won';
      }
      return {
        board: saved.board,
        score: saved.score ?? this.readDomScore(),
        source: 'state',
        key: `state:${text}`,
        over: saved.over || this.message() === 'over',
        needsKeepGoing,
      };
    }
    // No saved state (no localStorage, or the game just ended): the DOM.
    const board = await this.settledDomBoard();
    const message = this.message();
    return {
      board,
      score: this.readDomScore(),
      source: 'dom',
      key: `dom:${boardKey(board)}`,
      over: message === 'over',
      needsKeepGoing: message === 'won',
    };
  }

  // Sends one move; resolves { moved } (false: the page ignored it). `from`
  // is the board the move is made from (the snapshot's).
  async move(dir, from) {
    const beforeText = this.readStateText();
    const beforeDom = boardKey(this.readDomBoard());
    const moved = () => {
      this.movedFrom = from ? boardKey(from) : beforeDom;
      return { moved: true };
    };
    sendMoveKey(this.doc, dir);
    // The original saves gameState inside the key handler: this is instant.
    if (this.readStateText() !== beforeText) return moved();
    const frames = frameCounter(this.win);
    try {
      while (frames.count < MOVE_FRAMES) {
        await nextFrame(this.win);
        if (this.readStateText() !== beforeText) return moved();
        // Without saved state, a changed DOM board is the sign of a move.
        if (beforeText === null && boardKey(this.readDomBoard()) !== beforeDom) return moved();
      }
    } finally {
      frames.stop();
    }
    return { moved: false };
  }

  // Presses the page's own "Keep going" button; false when there is none.
  keepGoing() {
    const button = this.doc.querySelector('.keep-playing-button');
    if (!button) return false;
    button.click();
    return true;
  }

  // After the last move: lets the page show its game-over message.
  async waitForMessage(kind) {
    const started = Date.now();
    while (this.message() !== kind && Date.now() - started < SETTLE_WAIT_MS) await nextFrame(this.win);
    return this.message() === kind;
  }

  async settle() {
    await nextFrame(this.win);
    await nextFrame(this.win);
  }
}
