// Binds the AI buttons and choices of a page to an AutoplayController and
// keeps them in step with it (enabled, pressed, labels, status line and
// game-over summary).
// The player choice is optional (.ai-player); the strength list follows it.
import { PLAYERS, SPEEDS, strengthChoices } from './presets.js';
import { controlState } from './control_state.js';

export function fillSelect(select, options, selectedId) {
  const doc = select.ownerDocument;
  select.replaceChildren(
    ...options.map((o) => {
      const option = doc.createElement('option');
      option.value = o.id;
      option.textContent = o.label;
      if (o.title) option.title = o.title;
      option.selected = o.id === selectedId;
      return option;
    }),
  );
  showChoiceTitle(select);
}

// The chosen option's title (what a speed or a strength does, and a
// strength's pace) as the list's own tooltip.
export function showChoiceTitle(select) {
  select.title = select.selectedOptions[0]?.title || '';
}

export function summaryText(summary) {
  if (!summary) return '';
  return (
    `Game over after ${summary.moves} AI moves in ${summary.seconds.toFixed(1)} s ` +
    `(${summary.movesPerSecond.toFixed(1)} moves/s): score ${summary.score}, ` +
    `largest tile ${summary.maxTile}.`
  );
}

export class AiControls {
  // root: the element holding the controls; elements are found by class.
  constructor(root, controller, game, { onSpeedChange = () => {} } = {}) {
    this.root = root;
    this.controller = controller;
    this.game = game;
    const find = (cls) => root.querySelector(`.${cls}`);
    this.hintButton = find('ai-hint-button');
    this.stepButton = find('ai-step-button');
    this.autoplayButton = find('ai-autoplay-button');
    this.speedSelect = find('ai-speed');
    this.strengthSelect = find('ai-strength');
    this.playerSelect = find('ai-player');
    this.status = find('ai-status');
    this.summary = find('ai-summary');

    fillSelect(this.speedSelect, SPEEDS, controller.speed.id);
    this.fillStrengths();
    if (this.playerSelect) fillSelect(this.playerSelect, PLAYERS, controller.player.id);
    this.hintButton?.addEventListener('click', () => controller.hint());
    this.stepButton?.addEventListener('click', () => controller.step());
    this.autoplayButton?.addEventListener('click', () => controller.toggleAutoplay());
    // After a choice the arrow keys go back to the board, not to the list.
    this.speedSelect.addEventListener('change', () => {
      controller.setSpeed(this.speedSelect.value);
      onSpeedChange(controller.speed);
      showChoiceTitle(this.speedSelect);
      this.speedSelect.blur();
    });
    this.strengthSelect.addEventListener('change', () => {
      controller.setStrength(this.strengthSelect.value);
      showChoiceTitle(this.strengthSelect);
      this.strengthSelect.blur();
    });
    this.playerSelect?.addEventListener('change', () => {
      controller.setPlayer(this.playerSelect.value);
      this.fillStrengths();
      this.playerSelect.blur();
    });

    controller.on('update', () => this.update());
    game.on('change', () => this.update());
    this.update();
    root.dataset.bound = 'true'; // the buttons listen from here on
  }

  // The strengths the current player takes, with their pace; disabled when
  // there is no choice.
  fillStrengths() {
    const list = strengthChoices(this.controller.player.id);
    fillSelect(this.strengthSelect, list, this.controller.strength.id);
    this.strengthSelect.disabled = list.length < 2;
  }

  update() {
    const state = controlState(this.controller, this.game);
    if (this.hintButton) this.hintButton.disabled = !state.hintEnabled;
    if (this.stepButton) this.stepButton.disabled = !state.stepEnabled;
    if (this.autoplayButton) {
      this.autoplayButton.disabled = !state.autoplayEnabled;
      this.autoplayButton.setAttribute('aria-pressed', String(state.autoplayPressed));
      const label = this.autoplayButton.querySelector('.label') || this.autoplayButton;
      if (label.textContent !== state.autoplayLabel) label.textContent = state.autoplayLabel;
    }
    this.root.classList.toggle('ai-thinking', state.thinking);
    if (this.status && this.status.textContent !== state.status) this.status.textContent = state.status;
    if (this.summary) {
      const text = summaryText(this.controller.summary);
      if (this.summary.textContent !== text) this.summary.textContent = text;
      this.summary.hidden = !text;
    }
  }
}
