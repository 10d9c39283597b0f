// The 8402 page: the person places every tile (the two opening ones too) by
// clicking an empty cell and choosing 2 or 4; the AI answers each with a move.
// Settings come from the page address only (?player=minimax&strength=t10), so
// this page never changes the play page's saved choices. Undo and redo (Z, Y)
// take back the AI's moves and the person's tiles one at a time; the game and
// its history are saved together (localStorage "8402History"), so a reload
// keeps both.
import { bindPositionSharing } from '../coach/share_view.js';
import { UndoHistory } from '../coach/undo.js';
import { Game } from '../game/game.js';
import { personSpawner } from '../game/spawners.js';
import { GameStorage, browserStorage } from '../game/storage.js';
import { hasModifier, keyCodeOf } from '../ui/input.js';
import { AiResponder } from './ai_responder.js';
import { fillSelect } from '../ui/controls.js';
import { loadEngine } from '../ui/engine_loader.js';
import { showEvaluation } from '../ui/evaluation_view.js';
import { registerServiceWorker } from '../ui/offline.js';
import { PlacePanel } from './place_view.js';
import { PLAYERS, strengthChoices } from '../ui/presets.js';
import { BoardRenderer } from '../ui/renderer.js';
import { loadSettings } from '../ui/settings_store.js';
import { TileChooser } from './tile_chooser.js';

const settings = loadSettings({
  search: location.search,
  defaults: { speed: 'quick', strength: 't50', player: 'expectimax' },
});
const gameContainer = document.querySelector('.game-container');
const controls = document.querySelector('.place-controls');
// Nobody waits on "You win!" here: the AI plays on past 2048.
const game = Game.inMemory({ spawner: personSpawner, pauseAtWin: false });
// The saved game, if any, goes on the board here, before the AI listens.
const undo = new UndoHistory(game, {
  storage: new GameStorage(browserStorage()),
  key: '8402History',
  standalone: true,
});
const engine = loadEngine();
showEvaluation(engine, document.querySelector('.ai-network')).finally(registerServiceWorker);
const responder = new AiResponder({ game, engine, ...settings });
responder.aiMoves = undo.history.countMoves('ai');
// A reload amid undone moves waits, as after the undo; else the AI answers.
if (undo.canRedo) responder.hold();
else responder.respond();

const renderer = new BoardRenderer(gameContainer, { animate: true });
game.on('change', (event) => renderer.render(event));
renderer.render({ kind: 'restart', snapshot: game.snapshot() });

const canPlace = (cell) => responder.turn() === 'place' && game.board()[cell] === 0;
const chooser = new TileChooser(gameContainer, {
  canPlace,
  onPlace: (cell, value) => {
    responder.resume();
    game.placeTile(cell, value, { source: 'person' });
  },
});

for (const selector of ['.restart-button', '.retry-button']) {
  document.querySelector(selector).addEventListener('click', (event) => {
    event.preventDefault();
    responder.resume();
    game.restart();
  });
}

// Undo and redo: the AI holds, whatever the position, until a tile is
// placed or "Let the AI move" is pressed.
const undoButton = document.querySelector('.undo-button');
const redoButton = document.querySelector('.redo-button');
const aiMoveButton = controls.querySelector('.place-ai-move');
const takeBack = (redo) => {
  if (!(redo ? undo.canRedo : undo.canUndo)) return;
  responder.hold();
  chooser.close();
  if (redo) undo.redo();
  else undo.undo();
};
const letAiMove = () => responder.resume();
undoButton.addEventListener('click', () => takeBack(false));
redoButton.addEventListener('click', () => takeBack(true));
aiMoveButton.addEventListener('click', letAiMove);
const KEYS = { 90: () => takeBack(false), 89: () => takeBack(true), 78: letAiMove }; // Z, Y, N
document.addEventListener('keydown', (event) => {
  const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target?.tagName);
  const action = KEYS[keyCodeOf(event)];
  if (!action || typing || hasModifier(event)) return;
  event.preventDefault();
  action();
});

const playerSelect = controls.querySelector('.ai-player');
const strengthSelect = controls.querySelector('.ai-strength');
const fillStrengths = () => {
  const list = strengthChoices(responder.player.id);
  fillSelect(strengthSelect, list, responder.strength.id);
  strengthSelect.disabled = list.length < 2;
};
fillSelect(playerSelect, PLAYERS, responder.player.id);
fillStrengths();
playerSelect.addEventListener('change', () => {
  responder.setPlayer(playerSelect.value);
  fillStrengths();
});
strengthSelect.addEventListener('change', () => responder.setStrength(strengthSelect.value));

const panel = new PlacePanel(controls, responder, game);
const update = () => {
  panel.update();
  chooser.update();
  undoButton.disabled = !undo.canUndo;
  redoButton.disabled = !undo.canRedo;
};
responder.on('update', update);
game.on('change', update);
undo.on('change', ({ kind }) => {
  // After an undo or redo, the AI's moves in the game as it now stands (the
  // responder counts the ones it plays).
  if (kind !== 'record') responder.aiMoves = undo.history.countMoves('ai');
  update();
});
update();
controls.dataset.bound = 'true';

// Links to positions (#board=...) and pasted positions: the AI moves next.
bindPositionSharing(document.querySelector('.share'), { game, beforeOpen: () => responder.resume() });
