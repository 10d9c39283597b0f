// The play page: the game with keyboard, touch and buttons, and the AI's Hint,
// Step and Autoplay on top of it, with a choice of player and Evil mode, and
// the review of the person's moves.
import { MoveJudge } from '../coach/judge.js';
import { ReviewView } from '../coach/review_view.js';
import { bindPositionSharing } from '../coach/share_view.js';
import { UndoHistory } from '../coach/undo.js';
import { Game } from '../game/game.js';
import { browserStorage } from '../game/storage.js';
import { AutoplayController } from '../ui/autoplay_controller.js';
import { AiControls } from '../ui/controls.js';
import { loadEngine } from '../ui/engine_loader.js';
import { bindEvilSwitch, evilSpawner } from '../ui/evil_mode.js';
import { HintView } from '../ui/hint_view.js';
import { InputManager } from '../ui/input.js';
import { LivePanel } from '../ui/panel.js';
import { showEvaluation } from '../ui/evaluation_view.js';
import { registerServiceWorker } from '../ui/offline.js';
import { BoardRenderer } from '../ui/renderer.js';
import {
  DEFAULT_PLAY_STRENGTH,
  DEFAULT_PLAYER,
  DEFAULT_SPEED,
  STRENGTHS,
  findStrength,
  searchSettings,
} from '../ui/presets.js';
import { loadSettings, saveSettings } from '../ui/settings_store.js';

const AI_KEYS = { 80: 'autoplay', 78: 'step', 73: 'hint', 90: 'undo', 89: 'redo' }; // P, N, I, Z, Y

const gameContainer = document.querySelector('.game-container');
const settings = loadSettings({
  search: location.search,
  storage: browserStorage(),
  defaults: { speed: DEFAULT_SPEED, strength: DEFAULT_PLAY_STRENGTH, player: DEFAULT_PLAYER, evil: false },
});
const engine = loadEngine();
showEvaluation(engine, document.querySelector('.ai-network')).finally(registerServiceWorker);
const evil = evilSpawner(engine);
const game = new Game({ spawner: settings.evil ? evil : null });
const controller = new AutoplayController({ game, engine, ...settings });

const renderer = new BoardRenderer(gameContainer, { animate: controller.speed.animate });
game.on('change', (event) => renderer.render(event));
renderer.render({ kind: 'restart', snapshot: game.snapshot() });

// Undo and redo, the person's moves and the AI's alike; Autoplay stops first.
const undo = new UndoHistory(game);
const undoButton = document.querySelector('.undo-button');
const redoButton = document.querySelector('.redo-button');
const showUndo = () => {
  undoButton.disabled = !undo.canUndo;
  redoButton.disabled = !undo.canRedo;
};
undo.on('change', showUndo);
showUndo();
const takeBack = (redo) => {
  controller.stopAutoplay();
  if (redo) undo.redo();
  else undo.undo();
};
undoButton.addEventListener('click', () => takeBack(false));
redoButton.addEventListener('click', () => takeBack(true));

const input = new InputManager({ gameContainer, commands: AI_KEYS });
input.on('undo', () => takeBack(false));
input.on('redo', () => takeBack(true));
input.on('move', (dir) => game.move(dir));
input.on('restart', () => game.restart());
input.on('keepPlaying', () => game.keepGoing());
input.on('autoplay', () => controller.toggleAutoplay());
input.on('step', () => {
  if (!controller.autoplay) controller.step();
});
input.on('hint', () => {
  if (!controller.autoplay) controller.hint();
});

const hintView = new HintView(
  gameContainer.querySelector('.ai-hint-arrow'),
  document.querySelector('.ai-hint-values'),
  document.querySelector('.ai-hint-legend'),
);
controller.on('update', (_, reason) => {
  if (reason === 'hint') hintView.show(controller.hintResult);
});

const remember = () =>
  saveSettings(browserStorage(), {
    speed: controller.speed.id,
    strength: controller.strength.id,
    player: controller.player.id,
    evil: game.spawner === evil,
  });
controller.on('update', (_, reason) => {
  if (reason === 'settings') remember();
});
bindEvilSwitch(document.querySelector('.ai-evil'), {
  game,
  spawner: evil,
  marker: document.body,
  onChange: remember,
});
new AiControls(document.querySelector('.ai-controls'), controller, game, {
  onSpeedChange: (speed) => renderer.setAnimations(speed.animate),
});
new LivePanel(document.querySelector('.ai-panel'), controller);

// Links to positions (#board=...) and pasted positions; Autoplay stops first.
bindPositionSharing(document.querySelector('.share'), {
  game,
  history: undo,
  beforeOpen: () => controller.stopAutoplay(),
});

// The review: each of the person's moves judged against the AI's best at the
// page's strength (expectimax with the learned network, without the endgame
// table, whose choices are not in points), when the AI is not busy.
const judgeStrength = () =>
  STRENGTHS.includes(controller.strength) ? controller.strength : findStrength(DEFAULT_PLAY_STRENGTH);
const networkInUse = (e) => e?.evaluationState?.kind === 'network';
const judge = new MoveJudge({
  undo,
  engine,
  settings: () => ({ ...searchSettings(DEFAULT_PLAYER, judgeStrength()), tables: false }),
  busy: () => controller.autoplay || controller.thinking,
  ready: networkInUse,
});
const review = new ReviewView({
  bar: document.querySelector('.review-bar'),
  panel: document.querySelector('.review'),
  undo,
  judge,
  game,
  beforePlayOn: () => controller.stopAutoplay(),
  unavailable: () => {
    const state = controller.engine?.evaluationState?.kind;
    if (controller.error) return 'the AI, which is not available';
    if (!controller.engine || state === 'heuristic' || state === 'loading') return 'the learned network to load';
    if (state !== 'network') return 'the learned network, which is not in use on this page';
    if (controller.autoplay) return 'Autoplay to stop';
    return null;
  },
});
controller.on('update', (_, reason) => {
  judge.wake();
  if (reason === 'autoplay') review.refresh(); // what the moves still to judge wait for
});
engine.then(
  (e) =>
    e.on('evaluation', () => {
      judge.wake();
      review.refresh();
    }),
  () => {},
);
