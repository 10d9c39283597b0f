// The AI's speed, strength and player, and Evil mode, as the user last chose
// them (localStorage key ai2048.settings, apart from the game's own keys),
// overridden by the page address (?speed=max&strength=t10&player=minimax&evil=1),
// which tests and links use.
import { findPlayer, findSpeed, findStrength } from './presets.js';

const KEY = 'ai2048.settings';

const isEvilText = (text) => ['1', 'true', 'on'].includes(text);
const isFlagText = (text) => ['0', '1', 'true', 'false', 'on', 'off'].includes(text);

export function loadSettings({ search = '', storage = null, defaults }) {
  const params = new URLSearchParams(search);
  let saved = {};
  try {
    saved = JSON.parse(storage?.getItem(KEY) || '{}') || {};
  } catch {
    saved = {};
  }
  const pick = (name, find) =>
    [params.get(name), saved[name], defaults[name]].find((id) => typeof id === 'string' && find(id));
  const settings = { speed: pick('speed', findSpeed), strength: pick('strength', findStrength) };
  const player = pick('player', findPlayer);
  if (player) settings.player = player;
  const evilParam = params.get('evil');
  const evil =
    evilParam !== null && isFlagText(evilParam)
      ? isEvilText(evilParam)
      : typeof saved.evil === 'boolean'
        ? saved.evil
        : defaults.evil;
  if (typeof evil === 'boolean') settings.evil = evil;
  return settings;
}

export function saveSettings(storage, settings) {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Not saving a preference is harmless.
  }
}
