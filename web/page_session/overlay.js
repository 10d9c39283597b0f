// The page session's panel (the bookmarklet's and the extension's), inside a shadow root so the host page's styles
// neither reach it nor are touched by it. Keys typed in the panel stay in the
// panel (the game listens on the whole document).
import { BOOKMARKLET_SPEEDS, BOOKMARKLET_STRENGTHS } from '../src/ui/presets.js';
import { normalizeSettings } from './settings.js';
import { OVERLAY_CSS } from './overlay_style.js';
import { describeStats } from './session_text.js';

export const HOST_TAG = 'ai2048-bookmarklet';

function el(doc, tag, attrs = {}, children = []) {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function select(doc, name, label, options, value) {
  const input = el(
    doc,
    'select',
    { name, 'aria-label': label },
    options.map((o) => el(doc, 'option', { value: o.id, text: o.label, ...(o.title ? { title: o.title } : {}) })),
  );
  input.value = value;
  return el(doc, 'label', {}, [el(doc, 'span', { text: label }), input]);
}

// Styles through a constructed sheet where the browser has them: a page's
// Content Security Policy (style-src) governs <style> elements, not these.
function applyStyles(doc, root) {
  const Sheet = doc.defaultView && doc.defaultView.CSSStyleSheet;
  try {
    const sheet = new Sheet();
    sheet.replaceSync(OVERLAY_CSS);
    root.adoptedStyleSheets = [sheet];
    return;
  } catch {
    root.append(el(doc, 'style', { text: OVERLAY_CSS }));
  }
}

// handlers: { onToggle(), onClose(), onSettings(settings) }; options.settings:
// the panel's first choices (normalized: unknown ids fall back to defaults).
export function createOverlay(handlers, { doc = document, settings: initial } = {}) {
  const settings = normalizeSettings(initial);
  const host = doc.createElement(HOST_TAG);
  // The host sits above everything; inline !important beats page rules on it.
  for (const [prop, value] of [
    ['all', 'initial'],
    ['position', 'fixed'],
    ['z-index', '2147483647'],
    ['right', '12px'],
    ['bottom', '12px'],
    ['display', 'block'],
  ]) {
    host.style.setProperty(prop, value, 'important');
  }
  const root = host.attachShadow({ mode: 'open' });
  for (const type of ['keydown', 'keyup', 'keypress']) root.addEventListener(type, (e) => e.stopPropagation());

  const toggle = el(doc, 'button', { type: 'button', 'data-action': 'toggle', class: 'primary', text: 'Start' });
  const close = el(doc, 'button', {
    type: 'button',
    'data-action': 'close',
    class: 'close',
    'aria-label': 'Close the 2048 AI',
    title: 'Close',
    text: '×',
  });
  const mode = el(doc, 'span', { 'data-role': 'mode', class: 'mode', text: '' });
  const speed = select(doc, 'speed', 'Speed', BOOKMARKLET_SPEEDS, settings.speed);
  const strength = select(doc, 'strength', 'Strength', BOOKMARKLET_STRENGTHS, settings.strength);
  const keepGoingBox = el(doc, 'input', { type: 'checkbox', name: 'keepGoing' });
  keepGoingBox.checked = settings.keepGoing;
  const keepGoing = el(doc, 'label', { class: 'check' }, [
    keepGoingBox,
    el(doc, 'span', { text: 'Keep playing after 2048' }),
  ]);
  const status = el(doc, 'p', { 'data-role': 'status', class: 'status', 'aria-live': 'polite', text: 'Starting…' });
  const stats = el(doc, 'p', { 'data-role': 'stats', class: 'stats', text: '' });
  const message = el(doc, 'p', { 'data-role': 'message', class: 'message', role: 'status', text: '' });
  // Which evaluation the search uses, and the learned network's download.
  const evaluation = el(doc, 'span', { 'data-role': 'evaluation', text: '' });
  const fill = el(doc, 'span', { class: 'fill' });
  const bar = el(doc, 'span', { 'data-role': 'progress', class: 'bar', hidden: '' }, [fill]);
  const panel = el(doc, 'section', { class: 'panel', 'aria-label': '2048 AI' }, [
    el(doc, 'header', {}, [el(doc, 'strong', { text: '2048 AI' }), mode, close]),
    el(doc, 'div', { class: 'controls' }, [toggle, speed, strength]),
    keepGoing,
    status,
    stats,
    el(doc, 'p', { class: 'evaluation' }, [evaluation, bar]),
    message,
  ]);
  applyStyles(doc, root);
  root.append(panel);

  toggle.addEventListener('click', () => handlers.onToggle());
  close.addEventListener('click', () => handlers.onClose());
  const changed = () => {
    settings.speed = speed.querySelector('select').value;
    settings.strength = strength.querySelector('select').value;
    settings.keepGoing = keepGoingBox.checked;
    if (handlers.onSettings) handlers.onSettings({ ...settings });
  };
  for (const input of [speed.querySelector('select'), strength.querySelector('select'), keepGoingBox]) {
    input.addEventListener('change', changed);
  }

  let counts = { moves: 0, rate: 0, tableMoves: 0 };
  let choice = '';
  const showStats = () => {
    stats.textContent = describeStats(counts, choice);
    stats.dataset.tableMoves = String(counts.tableMoves || 0);
  };

  (doc.body || doc.documentElement).append(host);

  return {
    host,
    root,
    settings: () => ({ ...settings }),
    setRunning(running) {
      toggle.textContent = running ? 'Stop' : 'Start';
      toggle.disabled = false;
    },
    // No game to play: only the close button stays useful.
    disable() {
      toggle.disabled = true;
      for (const input of panel.querySelectorAll('select, input')) input.disabled = true;
    },
    setMode(text, detail = '') {
      mode.textContent = text;
      mode.title = detail;
    },
    setStatus(text) {
      if (status.textContent !== text) status.textContent = text;
    },
    setChoice(text) {
      choice = text;
      showStats();
    },
    // next: {moves, rate, tableMoves (moves the endgame table chose)}.
    setStats(next) {
      counts = { ...next };
      showStats();
    },
    // kind: 'info', or 'error' when the network failed and the heuristic plays.
    setEvaluation(text, kind = 'info') {
      evaluation.textContent = text;
      evaluation.dataset.kind = kind;
    },
    // fraction from 0 to 1 while the network downloads; null hides the bar.
    setProgress(fraction) {
      bar.hidden = fraction === null;
      if (fraction !== null) fill.style.width = `${Math.round(Math.min(1, Math.max(0, fraction)) * 100)}%`;
    },
    setMessage(text, kind = 'info') {
      message.textContent = text;
      message.dataset.kind = kind;
    },
    show() {
      host.style.setProperty('display', 'block', 'important');
      panel.classList.remove('flash');
      void panel.offsetWidth; // restart the highlight animation
      panel.classList.add('flash');
      toggle.focus();
    },
    destroy() {
      host.remove();
    },
  };
}
