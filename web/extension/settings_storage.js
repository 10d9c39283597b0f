// The panel's settings (speed, strength, keep playing after 2048), kept in
// the extension's storage so every page and every visit starts with the last
// choices. area: chrome.storage.local, or a fake with get/set.
import { normalizeSettings } from '../page_session/settings.js';

export const SETTINGS_KEY = 'panelSettings';

// The saved settings, valid against today's presets; the defaults where
// nothing is saved or storage cannot be read.
export async function loadSettings(area) {
  try {
    const saved = await area.get(SETTINGS_KEY);
    return normalizeSettings(saved && saved[SETTINGS_KEY]);
  } catch {
    return normalizeSettings(null);
  }
}

export async function saveSettings(area, settings) {
  await area.set({ [SETTINGS_KEY]: normalizeSettings(settings) });
}
