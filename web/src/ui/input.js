// Keyboard, touch and button input, as the original game reads it: keydown on
// document, the code from event.which (or keyCode), so a synthetic
// KeyboardEvent('keydown', {keyCode}) from a bookmarklet drives the page too.
// Keys with alt, ctrl, meta or shift are left to the browser.
import { Emitter } from '../game/emitter.js';

export const KEY_DIRECTIONS = {
  38: 0,
  39: 1,
  40: 2,
  37: 3, // arrows
  87: 0,
  68: 1,
  83: 2,
  65: 3, // W D S A
  75: 0,
  76: 1,
  74: 2,
  72: 3, // K L J H (vim)
};
export const RESTART_KEY = 82; // R

const SWIPE_MIN_PX = 10;

export function keyCodeOf(event) {
  return event.which || event.keyCode || 0;
}

export function hasModifier(event) {
  return Boolean(event.altKey || event.ctrlKey || event.metaKey || event.shiftKey);
}

// Typing in a form field (the demo's seed) must not move tiles.
function isTyping(event) {
  const target = event.target;
  if (!target || !target.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable;
}

// Events: on('move', listener) with the direction, on('restart'),
// on('keepPlaying'), and each command's name.
export class InputManager extends Emitter {
  // commands: extra keys, { keyCode: 'name' } emitted as events of that name.
  constructor({ doc = document, gameContainer, commands = {} }) {
    super();
    this.commands = commands;
    doc.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.bindButton(doc, '.retry-button', 'restart');
    this.bindButton(doc, '.restart-button', 'restart');
    this.bindButton(doc, '.keep-playing-button', 'keepPlaying');
    if (gameContainer) this.listenForSwipes(gameContainer);
  }

  onKeyDown(event) {
    if (hasModifier(event) || isTyping(event)) return;
    const code = keyCodeOf(event);
    if (code in KEY_DIRECTIONS) {
      event.preventDefault();
      this.emit('move', KEY_DIRECTIONS[code]);
    } else if (code === RESTART_KEY) {
      this.emit('restart');
    } else if (code in this.commands) {
      event.preventDefault();
      this.emit(this.commands[code]);
    }
  }

  bindButton(doc, selector, name) {
    const button = doc.querySelector(selector);
    if (!button) return;
    button.addEventListener('click', (event) => {
      event.preventDefault();
      this.emit(name);
    });
  }

  listenForSwipes(area) {
    let start = null;
    area.addEventListener(
      'touchstart',
      (event) => {
        if (event.touches.length > 1) {
          start = null;
          return;
        }
        start = { x: event.touches[0].clientX, y: event.touches[0].clientY };
      },
      { passive: true },
    );
    // The board, not the page, takes the swipe.
    area.addEventListener('touchmove', (event) => event.preventDefault(), { passive: false });
    area.addEventListener('touchend', (event) => {
      if (!start || event.touches.length > 0) return;
      const end = event.changedTouches[0];
      const dx = end.clientX - start.x;
      const dy = end.clientY - start.y;
      start = null;
      const dir = swipeDirection(dx, dy);
      if (dir !== null) this.emit('move', dir);
    });
  }
}

// The direction of a swipe by its dominant axis, or null when too short.
export function swipeDirection(dx, dy, minPx = SWIPE_MIN_PX) {
  if (Math.max(Math.abs(dx), Math.abs(dy)) <= minPx) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 1 : 3;
  return dy > 0 ? 2 : 0;
}
