// The AI's speed and strength as the user last chose them (localStorage key
// ai2048.settings, apart from the game's own keys), overridden by the page
// address (?speed=max&strength=t10), which tests and links use.
import { findSpeed, findStrength } from './presets.js';

const KEY = 'ai2048.settings';

export function loadSettings({ search = '', storage = null, defaults }) {
  const params = new URLSearchParams(search);
  let saved = {};
  try {
    saved = JSON.parse(storage?.getItem(KEY) || '{}') || {};
  } catch {
    saved = {};
  }
  const pick = (name, find) => [params.get(name), saved[name], defaults[name]]
    .find((id) => typeof id === 'string' && find(id));
  return { speed: pick('speed', findSpeed), strength: pick('strength', findStrength) };
}

export function saveSettings(storage, settings) {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Not saving a preference is harmless.
  }
}
