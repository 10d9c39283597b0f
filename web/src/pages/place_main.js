// The 8402 page: the person places every tile (the two opening ones too) by
// clicking an empty cell and choosing 2 or 4; the AI answers each with a move.
// Settings come from the page address only (?player=minimax&strength=t10), so
// this page never changes the play page's saved choices.
import { bindPositionSharing } from '../coach/share_view.js';
import { Game } from '../game/game.js';
import { personSpawner } from '../game/spawners.js';
import { AiResponder } from './ai_responder.js';
import { fillSelect } from '../ui/controls.js';
import { loadEngine } from '../ui/engine_loader.js';
import { showEvaluation } from '../ui/evaluation_view.js';
import { registerServiceWorker } from '../ui/offline.js';
import { PlacePanel } from './place_view.js';
import { PLAYERS, strengthsFor } from '../ui/presets.js';
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
const engine = loadEngine();
showEvaluation(engine, document.querySelector('.ai-network')).finally(registerServiceWorker);
const responder = new AiResponder({ game, engine, ...settings });

const renderer = new BoardRenderer(gameContainer, { animate: true });
game.onChange((event) => renderer.render(event));
renderer.render({ kind: 'restart', snapshot: game.snapshot() });

const canPlace = (cell) => responder.turn() === 'place' && game.board()[cell] === 0;
const chooser = new TileChooser(gameContainer, {
  canPlace,
  onPlace: (cell, value) => game.placeTile(cell, value, { source: 'person' }),
});

for (const selector of ['.restart-button', '.retry-button']) {
  document.querySelector(selector).addEventListener('click', (event) => {
    event.preventDefault();
    game.restart();
  });
}

const playerSelect = controls.querySelector('.ai-player');
const strengthSelect = controls.querySelector('.ai-strength');
const fillStrengths = () => {
  const list = strengthsFor(responder.player.id);
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
};
responder.onUpdate(update);
game.onChange(update);
update();
controls.dataset.bound = 'true';

// Links to positions (#board=...) and pasted positions: the AI moves next.
bindPositionSharing(document.querySelector('.share'), { game });
