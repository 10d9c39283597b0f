// Saves the game where the original game does: localStorage.gameState (JSON in
// the original shape) and localStorage.bestScore (a number as a string). Where
// localStorage is missing or refuses access, the same data lives in memory.
import { SavedStateError, parseSavedState } from './saved_state.js';

const GAME_STATE_KEY = 'gameState';
const BEST_SCORE_KEY = 'bestScore';

export class MemoryStorage {
  constructor() {
    this.data = new Map();
  }
  getItem(key) {
    return this.data.has(key) ? this.data.get(key) : null;
  }
  setItem(key, value) {
    this.data.set(key, String(value));
  }
  removeItem(key) {
    this.data.delete(key);
  }
}

// localStorage when it works (a test write succeeds), otherwise memory.
export function browserStorage() {
  try {
    const storage = globalThis.localStorage;
    const probe = '__2048_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return new MemoryStorage();
  }
}

export class GameStorage {
  constructor(backend = browserStorage(), { warn = (...args) => console.warn(...args) } = {}) {
    this.backend = backend;
    this.warn = warn;
  }

  bestScore() {
    const best = Number.parseInt(this.read(BEST_SCORE_KEY), 10);
    return Number.isSafeInteger(best) && best > 0 ? best : 0;
  }

  setBestScore(score) {
    this.write(BEST_SCORE_KEY, String(score));
  }

  // The saved game, or null when there is none or it cannot be used (with a
  // console warning, so a broken save never breaks the page).
  gameState() {
    const text = this.read(GAME_STATE_KEY);
    if (text === null || text === undefined) return null;
    try {
      return parseSavedState(text);
    } catch (err) {
      if (!(err instanceof SavedStateError)) throw err;
      this.warn(`2048: ignoring the saved game (${err.message}); starting a new one.`);
      return null;
    }
  }

  setGameState(state) {
    this.write(GAME_STATE_KEY, JSON.stringify(state));
  }

  clearGameState() {
    try {
      this.backend.removeItem(GAME_STATE_KEY);
    } catch (err) {
      this.warn(`2048: could not clear the saved game (${err.message}).`);
    }
  }

  read(key) {
    try {
      return this.backend.getItem(key);
    } catch (err) {
      this.warn(`2048: could not read ${key} (${err.message}).`);
      return null;
    }
  }

  write(key, value) {
    try {
      this.backend.setItem(key, value);
    } catch (err) {
      // A full or blocked storage must not stop the game.
      this.warn(`2048: could not save ${key} (${err.message}).`);
    }
  }
}
