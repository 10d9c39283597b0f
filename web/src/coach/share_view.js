// The pages' "Share" box: a link to the position on the board (copied where
// the browser lets the page write the clipboard, shown in any case), and a
// field that opens a position pasted as 16 values; on the play page a link to
// the whole game too (game_link.js). A page address with #board=... opens that
// position when the page loads (or the hash changes), and #game=... that game,
// its history with it. A malformed link or paste is refused with a message;
// the game stays as it was.
import { GameLinkError, gameFromHash, gameLink } from './game_link.js';
import { boardFromHash, parseBoardText, positionLink } from './position_link.js';

// The box's parts, written once for every page that has a <section class="share">.
function fill(root) {
  const doc = root.ownerDocument;
  const make = (tag, props = {}, children = []) => {
    const el = doc.createElement(tag);
    Object.assign(el, props);
    el.append(...children);
    return el;
  };
  const field = make('input', {
    className: 'share-board',
    type: 'text',
    autocomplete: 'off',
    spellcheck: false,
    placeholder: '16 tile values, e.g. 2,0,0,0,4,...',
  });
  root.replaceChildren(
    make('button', { type: 'button', className: 'share-link-button', textContent: 'Copy a link to this position' }),
    make('button', { type: 'button', className: 'share-game-link-button', textContent: 'Copy a link to this game' }),
    make('form', { className: 'share-open' }, [
      make('label', {}, ['Open a position ', field]),
      make('button', { type: 'submit', textContent: 'Open' }),
    ]),
    make('button', { type: 'button', className: 'share-save-button', textContent: 'Save this game' }),
    make('label', { className: 'share-load' }, [
      'Open a saved game ',
      make('input', { type: 'file', className: 'share-file', accept: '.json,application/json' }),
    ]),
    make('p', { className: 'share-message' }),
  );
  root.querySelector('.share-message').setAttribute('role', 'status');
}

// Writes the box's message line; kind 'error' shows it as a refusal.
function messenger(root) {
  const message = root.querySelector('.share-message');
  return (text, kind = 'info') => {
    message.textContent = text;
    message.dataset.kind = kind;
  };
}

// history: the page's UndoHistory (undo.js), for saving and opening whole
// games; without it (the 8402 page) those two controls are left out.
export function bindPositionSharing(root, { game, history = null, beforeOpen = () => {}, win = window }) {
  fill(root);
  if (history) bindGameFiles(root, { history, beforeOpen, win });
  else
    for (const part of root.querySelectorAll('.share-save-button, .share-load, .share-game-link-button')) part.remove();
  const field = root.querySelector('.share-board');
  const say = messenger(root);

  const open = (parsed, from) => {
    if (parsed.error) {
      say(`Could not open the position ${from}: ${parsed.error}. Your game is as it was.`, 'error');
      return false;
    }
    beforeOpen();
    game.setBoard(parsed.board, { score: 0 });
    say(`Opened the position ${from}. Its score starts at 0.`);
    return true;
  };

  const openGame = (parsed) => {
    if (!history) parsed = { error: 'a link to a whole game opens on the play page (index.html)' };
    if (parsed.error) {
      say(`Could not open the game from the link: ${parsed.error}. Your game is as it was.`, 'error');
      return;
    }
    beforeOpen();
    history.openHistory(parsed.history);
    const moves = parsed.history.positions.length - 1;
    say(`Opened the game from the link: ${moves} move${moves === 1 ? '' : 's'}; Undo and Redo go through it.`);
  };

  const openFromHash = () => {
    const board = boardFromHash(win.location.hash);
    const linked = board ? null : gameFromHash(win.location.hash);
    if (!board && !linked) return;
    if (board) open(board, 'from the link');
    else openGame(linked);
    // Once opened (or refused), the link is done: a reload keeps the game.
    win.history.replaceState(null, '', win.location.pathname + win.location.search);
  };

  root.querySelector('.share-open').addEventListener('submit', (event) => {
    event.preventDefault();
    if (open(parseBoardText(field.value), 'you pasted')) field.value = '';
  });

  const offer = async (link) => {
    try {
      await win.navigator.clipboard.writeText(link);
      say(`Link copied: ${link}`);
    } catch {
      say(`Copy this link: ${link}`);
    }
  };
  const page = () => win.location.href.split('#')[0];
  root.querySelector('.share-link-button').addEventListener('click', () => offer(positionLink(page(), game.board())));
  root.querySelector('.share-game-link-button')?.addEventListener('click', () => {
    let link;
    try {
      link = gameLink(page(), history.history);
    } catch (err) {
      if (!(err instanceof GameLinkError)) throw err;
      say(`Could not make a link to this game: ${err.message}.`, 'error');
      return;
    }
    offer(link);
  });

  win.addEventListener('hashchange', openFromHash);
  openFromHash();
}

// Save: the game's file downloaded; open: a file chosen, read, and replayed to
// its position, or refused with a message and the game kept.
function bindGameFiles(root, { history, beforeOpen, win }) {
  const say = messenger(root);
  root.querySelector('.share-save-button').addEventListener('click', () => {
    const doc = root.ownerDocument;
    const url = win.URL.createObjectURL(new win.Blob([history.exportText()], { type: 'application/json' }));
    const link = doc.createElement('a');
    link.href = url;
    link.download = '2048-game.json';
    doc.body.append(link);
    link.click();
    link.remove();
    win.setTimeout(() => win.URL.revokeObjectURL(url), 0);
    say(`Saved the game (${history.history.positions.length} positions) as 2048-game.json.`);
  });
  const input = root.querySelector('.share-file');
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const text = await file.text();
    input.value = '';
    try {
      beforeOpen();
      history.importText(text);
      say(`Opened the saved game: ${history.history.positions.length} positions; Undo and Redo go through it.`);
    } catch (err) {
      say(`Could not open ${file.name}: ${err.message}. Your game is as it was.`, 'error');
    }
  });
}
