// What the 8402 page shows about the game and the AI: the line saying whose
// turn it is (pure, tested without a browser) and the panel of the AI's last
// move. The figures are also kept as data-* attributes for tests.
import { DIRECTION_ARROWS, DIRECTION_NAMES } from '../game/rules.js';
import { formatValue } from '../ui/format.js';
import { HintView } from '../ui/hint_view.js';

export function turnText(responder, game) {
  const turn = responder.turn();
  if (turn === 'over') {
    return `Game over: the AI has no move. Score ${game.score} after ${responder.aiMoves} AI moves.`;
  }
  if (turn === 'ai') {
    return responder.held ? 'The AI waits: press Let the AI move (N), or Undo (Z) or Redo (Y).' : 'The AI is thinking…';
  }
  if (game.moveCount === 0) {
    return game.tilesDue === 2 ? 'Place the two opening tiles.' : 'Place the second opening tile.';
  }
  return 'Your turn: place a 2 or a 4.';
}

export function statusText(responder) {
  if (responder.error) return `AI unavailable: ${responder.error}`;
  if (!responder.engine) return 'Loading the AI…';
  return `${responder.player.label}, ${responder.strength.label.toLowerCase()}.`;
}

export class PlacePanel {
  constructor(root, responder, game) {
    this.root = root;
    this.responder = responder;
    this.game = game;
    this.turn = root.querySelector('.place-turn');
    this.status = root.querySelector('.ai-status');
    this.panel = root.querySelector('.place-panel');
    this.values = new HintView(null, root.querySelector('.ai-hint-values'));
    this.aiMove = root.querySelector('.place-ai-move');
  }

  set(field, text) {
    const element = this.panel.querySelector(`[data-field="${field}"]`);
    if (element.textContent !== text) element.textContent = text;
  }

  update() {
    const { responder, game } = this;
    const last = responder.last;
    this.turn.textContent = turnText(responder, game);
    if (this.aiMove) this.aiMove.hidden = !(responder.held && responder.turn() === 'ai');
    this.status.textContent = statusText(responder);
    this.root.classList.toggle('ai-thinking', responder.thinking);
    this.set('lastMove', last ? `${DIRECTION_ARROWS[last.dir]} ${DIRECTION_NAMES[last.dir]}` : '–');
    this.set('evaluation', last ? formatValue(last.values[last.dir]) : '–');
    this.set('ms', last ? String(Math.round(last.ms)) : '–');
    this.set('aiMoves', String(responder.aiMoves));
    this.set('largest', game.maxTile() ? String(game.maxTile()) : '–');
    this.values.show(last);
    const data = this.panel.dataset;
    data.turn = responder.turn();
    data.held = String(responder.held);
    data.aiMoves = responder.aiMoves;
    data.lastDir = last ? last.dir : '';
    // The game's board as it stands; the tiles on screen follow a frame later.
    data.board = game.board().join(',');
  }
}
