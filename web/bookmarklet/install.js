// The install page: writes the bookmarklet's address from this page's own
// location, so the bookmark loads the AI from wherever the site is served.
import { baseFromPage, bookmarkletUrl } from './loader.js';

const base = baseFromPage(location.href);
const url = bookmarkletUrl(base);

document.getElementById('bookmarklet-link').href = url;
document.getElementById('bookmarklet-code').value = url;
document.getElementById('payload-base').textContent = base;
if (!/^https?:$/.test(location.protocol)) document.getElementById('base-warning').hidden = false;

// Clicking the link here would only show "no game on this page": say how to use it.
document.getElementById('bookmarklet-link').addEventListener('click', (event) => {
  event.preventDefault();
  document.getElementById('copy-result').textContent =
    'Drag the button to your bookmarks bar, then click it on a 2048 page.';
});

document.getElementById('copy-button').addEventListener('click', async () => {
  const result = document.getElementById('copy-result');
  try {
    await navigator.clipboard.writeText(url);
    result.textContent = 'Copied.';
  } catch {
    const box = document.getElementById('bookmarklet-code');
    box.focus();
    box.select();
    result.textContent = 'Selected: press Ctrl+C (⌘+C) to copy.';
  }
});
