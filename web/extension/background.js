// The extension's service worker. The toolbar button starts or stops the AI
// on the current tab: it runs content_click.js there, which the activeTab
// permission allows on that tab only, for that click. Content scripts ask it
// to open the offscreen document that runs the engine (content scripts cannot
// open one themselves). No request leaves the browser: everything the AI
// needs is in the extension's own files.
import { ENSURE_HOST, OFFSCREEN_PATH } from './engine_protocol.js';
import { forgetSites } from './site_access.js';

const CLICK_SCRIPT = 'extension/content_click.js';
let opening = null;

async function openEngineHost() {
  const url = chrome.runtime.getURL(OFFSCREEN_PATH);
  const open = await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
  if (open.length > 0) return;
  await chrome.offscreen.createDocument({
    url: OFFSCREEN_PATH,
    reasons: ['WORKERS'],
    justification: 'Runs the 2048 AI search in Web Workers, outside the pages it plays.',
  });
}

// Opens the engine's offscreen document unless it is open (one per
// extension). Tabs asking at once share one look-and-open.
function ensureEngineHost() {
  if (!opening)
    opening = openEngineHost().finally(() => {
      opening = null;
    });
  return opening;
}

// The click's activeTab grant can reach the page's process a moment after
// the click itself (Chromium 156: about 1 click in 10 here) and the first
// injection is refused; a later one is let in.
const RETRY_MS = [100, 400];

async function injectClickScript(tabId) {
  for (let attempt = 0; ; attempt++) {
    try {
      await chrome.scripting.executeScript({ target: { tabId }, files: [CLICK_SCRIPT] });
      return;
    } catch (err) {
      if (attempt >= RETRY_MS.length || !/Cannot access contents/.test(err.message)) throw err;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt]));
    }
  }
}

// What the toolbar button does on a tab; tests call it through a real click
// (the DevTools protocol's Extensions.triggerAction), as a user would.
async function toggleOnTab(tab) {
  try {
    await injectClickScript(tab.id);
    await chrome.action.setBadgeText({ tabId: tab.id, text: '' });
    await chrome.action.setTitle({ tabId: tab.id, title: chrome.runtime.getManifest().action.default_title });
  } catch (err) {
    // Browser pages (chrome://, the web store) allow no extension to run.
    await chrome.action.setBadgeText({ tabId: tab.id, text: '!' });
    await chrome.action.setTitle({ tabId: tab.id, title: `2048 AI cannot run on this page: ${err.message}` });
  }
}

chrome.action.onClicked.addListener((tab) => {
  toggleOnTab(tab);
});

chrome.runtime.onMessage.addListener((message, sender, reply) => {
  if (!message || message.type !== ENSURE_HOST) return false;
  ensureEngineHost().then(
    () => reply({ ok: true }),
    (err) => reply({ ok: false, error: String(err.message || err) }),
  );
  return true;
});

// A site the user took back (in the browser's extension settings) no longer
// gets the panel by itself.
chrome.permissions.onRemoved.addListener(({ origins = [] }) => {
  forgetSites(chrome, origins).catch(() => {});
});
