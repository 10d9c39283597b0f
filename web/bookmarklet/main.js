// The payload's entry, imported by the bookmarklet's loader into the host
// page: shows the panel, checks the page is a 2048 game it can read, loads the
// engine from the same place as this file, and starts playing.
import { detectOriginalPage } from './original_adapter.js';
import { createOverlay } from './overlay.js';
import { createPageDriver } from './page_driver.js';

const GLOBAL = '__ai2048Bookmarklet';
const ENGINE_URL = new URL('../src/engine/engine.js', import.meta.url).href;

function describeMode(engine) {
  if (engine.mode === 'pool') return `search: ${engine.poolSize} workers`;
  if (engine.mode === 'worker') return 'search: 1 worker';
  return 'search: page thread';
}

function pageVisibility(doc) {
  return {
    hidden: () => doc.visibilityState === 'hidden',
    onVisible(callback) {
      const listener = () => {
        if (doc.visibilityState !== 'hidden') callback();
      };
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}

// Resolves to the controller kept on window[GLOBAL]: { show(), close() }.
export async function start() {
  const existing = window[GLOBAL];
  if (existing && existing.show) {
    existing.show();
    return existing;
  }
  let driver = null;
  let engine = null;
  let closed = false;
  const overlay = createOverlay({
    onToggle: () => {
      if (!driver) return;
      if (driver.running) driver.stop();
      else driver.start();
    },
    onClose: () => controller.close(),
  });
  const controller = {
    show: () => overlay.show(),
    close() {
      closed = true;
      if (driver) driver.stop();
      if (engine) engine.dispose();
      overlay.destroy();
      if (window[GLOBAL] === controller) delete window[GLOBAL];
    },
    get driver() {
      return driver;
    },
  };
  window[GLOBAL] = controller;

  const page = detectOriginalPage(document, window);
  if (!page.ok) {
    overlay.disable();
    overlay.setStatus('Nothing to play here');
    overlay.setMessage(page.reason, 'error');
    return controller;
  }

  overlay.setStatus('Loading the AI…');
  try {
    const { createEngine } = await import(ENGINE_URL);
    engine = await createEngine({});
  } catch (err) {
    const reason = String(err && err.message ? err.message : err);
    overlay.disable();
    overlay.setStatus('The AI could not start');
    overlay.setMessage(/Content Security Policy|unsafe-eval/i.test(reason)
      ? "This page's Content Security Policy forbids running the AI's WebAssembly engine here. "
        + 'Nothing on this page was changed.'
      : `The AI's engine could not start on this page (${reason}). Nothing on this page was changed.`, 'error');
    return controller;
  }
  if (closed) {
    engine.dispose();
    return controller;
  }
  overlay.setMode(describeMode(engine), engine.fallback || '');
  driver = createPageDriver({
    adapter: page.adapter,
    engine,
    ui: overlay,
    getSettings: overlay.settings,
    visibility: pageVisibility(document),
  });
  driver.start();
  return controller;
}
