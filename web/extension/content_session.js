// The extension's content side, shared by its two entry scripts: a session
// (page_session/play_session.js, the bookmarklet's own code path) whose engine
// is the forwarding one (engine_proxy.js) and whose settings live in the
// extension's storage. It runs in the content script's isolated world: the
// page's scripts see neither it nor its global.
import { startSession } from '../page_session/play_session.js';
import { connectExtensionEngine } from './engine_proxy.js';
import { ENSURE_HOST, NETWORK_PATH, TABLES_PATH } from './engine_protocol.js';
import { loadSettings, saveSettings } from './settings_storage.js';

export const GLOBAL = '__ai2048Extension';
// How long the per-site panel waits for a page to draw its first tiles.
const WAIT_FOR_GAME_MS = 3000;

async function extensionEngine() {
  const engine = await connectExtensionEngine(chrome, { type: ENSURE_HOST });
  return {
    engine,
    networkUrl: chrome.runtime.getURL(NETWORK_PATH),
    tablesUrl: chrome.runtime.getURL(TABLES_PATH),
  };
}

// autoStart: play at once (the toolbar button); quietWithoutGame: show
// nothing on a page without a game (the per-site panel).
export async function startInTab({ autoStart, quietWithoutGame }) {
  // Held while the session starts, so a click meanwhile starts no second one.
  window[GLOBAL] = { loading: true };
  try {
    const settings = await loadSettings(chrome.storage.local);
    return await startSession({
      globalKey: GLOBAL,
      getEngine: extensionEngine,
      settings,
      onSettings: (changed) => {
        saveSettings(chrome.storage.local, changed).catch(() => {});
      },
      autoStart,
      quietWithoutGame,
      waitForGameMs: WAIT_FOR_GAME_MS,
    });
  } catch (err) {
    // Let the next click try again.
    if (window[GLOBAL] && !window[GLOBAL].show) delete window[GLOBAL];
    throw err;
  }
}
