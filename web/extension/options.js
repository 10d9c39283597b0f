// The options page: the sites where the panel shows by itself.
import { allowSite, listSites, removeSite, sitePattern } from './site_access.js';

const form = document.getElementById('add-site');
const input = document.getElementById('site');
const result = document.getElementById('site-result');
const list = document.getElementById('sites');
const empty = document.getElementById('no-sites');

function say(text, kind = 'info') {
  result.textContent = text;
  result.dataset.kind = kind;
}

async function showSites() {
  const sites = await listSites(chrome);
  list.replaceChildren(
    ...sites.map((pattern) => {
      const item = document.createElement('li');
      const name = document.createElement('code');
      name.textContent = pattern;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Remove';
      remove.addEventListener('click', async () => {
        const dropped = await removeSite(chrome, pattern);
        say(`Removed ${pattern}.${dropped ? '' : ' (Your browser keeps its permission for that site.)'}`);
        await showSites();
      });
      item.append(name, remove);
      return item;
    }),
  );
  empty.hidden = sites.length > 0;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  let pattern;
  try {
    pattern = sitePattern(input.value);
  } catch (err) {
    say(err.message, 'error');
    return;
  }
  // Asked at once, inside the click: the browser prompts only on a user gesture.
  allowSite(chrome, pattern).then(
    async (added) => {
      if (added) {
        say(`Added ${pattern}: the panel shows on its 2048 pages from their next load.`);
        input.value = '';
      } else {
        say(`Not added: the browser's permission for ${pattern} was not given.`, 'error');
      }
      await showSites();
    },
    (err) => say(`Could not add ${pattern}: ${err.message}`, 'error'),
  );
});

showSites();
