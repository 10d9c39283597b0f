// The demo page: the AI plays seeded games on its own, one after another, with
// a live chart, the milestones of the current game and a record over games.
import { Game } from '../game/game.js';
import { normalizeSeed, seededRandom } from '../game/rng.js';
import { AutoplayController } from '../ui/autoplay_controller.js';
import { AiControls } from '../ui/controls.js';
import { ScoreChart } from './chart.js';
import { renderMilestones, renderTally } from './demo_view.js';
import { loadEngine } from '../ui/engine_loader.js';
import { bindEvilSwitch, evilSpawner } from '../ui/evil_mode.js';
import { GameTally, MilestoneTracker } from './game_tally.js';
import { LivePanel } from '../ui/panel.js';
import { showEvaluation } from '../ui/evaluation_view.js';
import { registerServiceWorker } from '../ui/offline.js';
import { BoardRenderer } from '../ui/renderer.js';
import { loadSettings } from '../ui/settings_store.js';

const DEFAULT_SEED = 1;
const params = new URLSearchParams(location.search);
const settings = loadSettings({
  search: location.search,
  // A whole strong game in minutes: 10 ms a move on average with the network,
  // animated at about 60 moves/s in the opening (the search sets a slower pace
  // in the late game; docs/results/2026-11-default-strength.md).
  defaults: { speed: 'brisk', strength: 't10', player: 'expectimax', evil: false },
});

let baseSeed = params.has('seed') ? normalizeSeed(Number(params.get('seed'))) : DEFAULT_SEED;
let gameIndex = 0;
let paused = false;
let nextGameTimer = null;
const seedOf = (index) => (baseSeed + index) >>> 0;

const engine = loadEngine();
showEvaluation(engine, document.querySelector('.ai-network')).finally(registerServiceWorker);
const evil = evilSpawner(engine);
const game = Game.inMemory({ random: seededRandom(seedOf(0)), spawner: settings.evil ? evil : null });
const controller = new AutoplayController({ game, engine, ...settings });
const gameContainer = document.querySelector('.game-container');
const renderer = new BoardRenderer(gameContainer, { animate: controller.speed.animate });
const chart = new ScoreChart(document.querySelector('.score-chart'));
let tally = new GameTally();
const milestones = new MilestoneTracker();
const milestoneList = document.querySelector('.demo-milestones');
const record = document.querySelector('.demo-record');
const live = document.querySelector('.demo-live');
const setLive = (field, text) => {
  live.querySelector(`[data-field="${field}"]`).textContent = text;
};

game.on('change', (event) => {
  renderer.render(event);
  if (event.kind !== 'move') return;
  chart.add(game.moveCount, game.score);
  const fresh = milestones.update(game.maxTile(), game.moveCount);
  for (const { tile, move } of fresh) chart.markMilestone(tile, move);
  if (fresh.length) renderMilestones(milestoneList, milestones.reached);
});

// The move counter is refreshed with the panel, not on every move.
setInterval(() => {
  setLive('moves', String(game.moveCount));
  live.dataset.moves = game.moveCount;
}, 200);

function showGame() {
  setLive('game', String(gameIndex + 1));
  setLive('seed', String(seedOf(gameIndex)));
  setLive('moves', '0');
  live.dataset.moves = 0;
  live.dataset.game = gameIndex + 1;
}

function startGame(index) {
  clearTimeout(nextGameTimer);
  gameIndex = index;
  game.restart(seededRandom(seedOf(gameIndex)));
  milestones.reset();
  renderMilestones(milestoneList, []);
  chart.nextGame();
  chart.add(0, 0);
  showGame();
  if (!paused) controller.startAutoplay();
}

controller.on('update', (_, reason) => {
  if (reason !== 'gameOver') return;
  tally.record({
    number: gameIndex + 1,
    seed: seedOf(gameIndex),
    score: game.score,
    maxTile: game.maxTile(),
    moves: game.moveCount,
    milestones: milestones.reached.map((m) => ({ ...m })),
    strength: `${controller.player.label}, ${controller.strength.label}${game.spawner === evil ? ', Evil 2048' : ''}`,
  });
  renderTally(record, tally);
  // A moment on "Game over!" before the next game, unless nobody is watching animations.
  const pauseMs = controller.speed.animate ? 2000 : 300;
  nextGameTimer = setTimeout(() => {
    if (!paused) startGame(gameIndex + 1);
  }, pauseMs);
});

document.querySelector('.retry-button').addEventListener('click', (event) => {
  event.preventDefault();
  startGame(gameIndex + 1);
});

const pauseButton = document.querySelector('.demo-pause-button');
pauseButton.addEventListener('click', () => {
  paused = !paused;
  pauseButton.setAttribute('aria-pressed', String(paused));
  pauseButton.textContent = paused ? 'Resume' : 'Pause';
  if (paused) controller.stopAutoplay();
  else if (game.over) startGame(gameIndex + 1);
  else controller.startAutoplay();
});

const seedInput = document.querySelector('.demo-seed');
seedInput.value = String(baseSeed);
document.querySelector('.demo-seed-form').addEventListener('submit', (event) => {
  event.preventDefault();
  baseSeed = normalizeSeed(Number(seedInput.value));
  seedInput.value = String(baseSeed);
  const url = new URL(location.href);
  url.searchParams.set('seed', String(baseSeed));
  history.replaceState(null, '', url);
  controller.stopAutoplay();
  tally = new GameTally();
  renderTally(record, tally);
  chart.clear();
  startGame(0);
});

new AiControls(document.querySelector('.demo-controls'), controller, game, {
  onSpeedChange: (speed) => renderer.setAnimations(speed.animate),
});
bindEvilSwitch(document.querySelector('.ai-evil'), { game, spawner: evil, marker: document.body });
new LivePanel(live, controller);
renderTally(record, tally);
renderer.render({ kind: 'restart', snapshot: game.snapshot() });
chart.add(0, 0);
showGame();
controller.startAutoplay();
