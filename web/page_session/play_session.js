// One AI session on someone else's 2048 page (web/page_session/: reading and
// driving the page, and the panel), shared by the two loaders: the
// bookmarklet's payload (bookmarklet/main.js: the engine runs in the page) and
// the browser extension's content scripts (extension/content_*.js: the engine
// runs in the extension's own document, reached by messages). Both show the same panel and drive the
// page with the same page driver; only how they get an engine differs.
import { detectOriginalPage } from './original_adapter.js';
import { sleep } from './frames.js';
import { createOverlay } from './overlay.js';
import { createPageDriver } from './page_driver.js';
import { describeSearch } from './session_text.js';
import { describeEvaluation } from '../src/ui/evaluation_text.js';

// How often a page with a board but no tiles yet is looked at again.
const GAME_POLL_MS = 200;

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

function oneLine(err) {
  return String(err && err.message ? err.message : err).split('\n')[0];
}

// The page's game, waiting up to waitMs for a board that has no tiles yet
// (a page that draws them after load).
async function findGame(doc, win, waitMs) {
  const started = Date.now();
  let page = detectOriginalPage(doc, win);
  while (!page.ok && doc.querySelector('.game-container') && Date.now() - started < waitMs) {
    await sleep(GAME_POLL_MS);
    page = detectOriginalPage(doc, win);
  }
  return page;
}

// The panel's evaluation line follows the engine's state from now on, and
// the engine loads the network, then the endgame table, by its one policy
// (engine.loadEvaluation: never on the page's thread, for one). The
// heuristic plays until the network is in, and on if it fails.
export function followEvaluation(engine, overlay, { networkUrl = null, tablesUrl = null } = {}) {
  const show = (state) => {
    const { text, progress, failed } = describeEvaluation(state);
    overlay.setEvaluation(text, failed ? 'error' : 'info');
    overlay.setProgress(progress);
    // Where the search runs, with the network's threads once it is in.
    overlay.setMode(describeSearch(engine, state?.network?.threads ?? 1), engine.fallback || '');
  };
  show(engine.evaluationState);
  const stop = engine.on('evaluation', show);
  engine.loadEvaluation({ network: networkUrl, tables: tablesUrl });
  return stop;
}

// options:
//   globalKey         where the session's controller is kept on window (one per page)
//   getEngine()       resolves { engine, networkUrl, tablesUrl }: an engine (engine.js's
//                     API, or something that forwards to one), where its network is and
//                     where its endgame table is (null: none)
//   settings          the panel's first choices; onSettings(settings) hears changes
//   autoStart         false: show the panel and wait for Start
//   quietWithoutGame  true: no panel at all on a page without a game it can play
//                     (the extension's per-site panel), waiting up to waitForGameMs
// Resolves to the controller { show(), toggle(), close(), driver, engine }, or
// null where quietWithoutGame found no game.
export async function startSession({
  globalKey,
  getEngine,
  settings,
  onSettings,
  autoStart = true,
  quietWithoutGame = false,
  waitForGameMs = 0,
  doc = document,
  win = window,
}) {
  const existing = win[globalKey];
  if (existing && existing.show) {
    existing.show();
    return existing;
  }
  const page = await findGame(doc, win, quietWithoutGame ? waitForGameMs : 0);
  if (!page.ok && quietWithoutGame) {
    if (win[globalKey] && !win[globalKey].show) delete win[globalKey];
    return null;
  }

  let driver = null;
  let engine = null;
  let starting = null;
  let closed = false;
  const overlay = createOverlay(
    {
      onToggle: () => controller.toggle(),
      onClose: () => controller.close(),
      onSettings,
    },
    { doc, settings },
  );

  async function startEngine() {
    overlay.setStatus('Loading the AI…');
    let got;
    try {
      got = await getEngine();
    } catch (err) {
      const reason = oneLine(err);
      overlay.disable();
      overlay.setStatus('The AI could not start');
      overlay.setMessage(
        /Content Security Policy|unsafe-eval/i.test(reason)
          ? "This page's Content Security Policy forbids running the AI's WebAssembly engine here. " +
              'Nothing on this page was changed.'
          : `The AI's engine could not start on this page (${reason}). Nothing on this page was changed.`,
        'error',
      );
      return null;
    }
    if (closed) {
      got.engine.dispose();
      return null;
    }
    engine = got.engine;
    followEvaluation(engine, overlay, got); // says where the search runs too
    driver = createPageDriver({
      adapter: page.adapter,
      engine,
      ui: overlay,
      getSettings: overlay.settings,
      visibility: pageVisibility(doc),
    });
    return driver;
  }

  // The engine starts once, on the first Start (at once when autoStart).
  function ready() {
    if (!starting) starting = startEngine();
    return starting;
  }

  const controller = {
    show: () => overlay.show(),
    // Start or stop playing (the panel's button, the extension's toolbar button).
    async toggle() {
      if (!page.ok || closed) {
        overlay.show();
        return;
      }
      const started = await ready();
      if (!started || closed) return;
      if (started.running) started.stop();
      else started.start();
    },
    close() {
      closed = true;
      if (driver) driver.stop();
      if (engine) engine.dispose();
      overlay.destroy();
      if (win[globalKey] === controller) delete win[globalKey];
    },
    get driver() {
      return driver;
    },
    get engine() {
      return engine;
    },
  };
  win[globalKey] = controller;

  if (!page.ok) {
    overlay.disable();
    overlay.setStatus('Nothing to play here');
    overlay.setMessage(page.reason, 'error');
    return controller;
  }
  if (autoStart) {
    const started = await ready();
    if (started && !closed) started.start();
  } else {
    overlay.setStatus('Press Start to let the AI play');
  }
  return controller;
}
