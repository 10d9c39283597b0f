// Sends a move the way a keyboard would: a bubbling keydown that the
// original game reads through event.which (derived from keyCode in Chromium).
const ARROWS = [
  { key: 'ArrowUp', keyCode: 38 },
  { key: 'ArrowRight', keyCode: 39 },
  { key: 'ArrowDown', keyCode: 40 },
  { key: 'ArrowLeft', keyCode: 37 },
];

export function sendMoveKey(doc, dir) {
  const { key, keyCode } = ARROWS[dir];
  const event = new KeyboardEvent('keydown', {
    key,
    code: key,
    keyCode,
    which: keyCode,
    bubbles: true,
    cancelable: true,
  });
  // Browsers that ignore the legacy init fields get them as own properties.
  if (event.keyCode !== keyCode) Object.defineProperty(event, 'keyCode', { get: () => keyCode });
  if (event.which !== keyCode) Object.defineProperty(event, 'which', { get: () => keyCode });
  (doc.body || doc.documentElement).dispatchEvent(event);
}
