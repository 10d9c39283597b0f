// Sites where the panel shows by itself (the options page). Nothing is
// granted up front: for each site the user names, the browser asks for that
// site's permission (optional_host_permissions in manifest.json); once given,
// a registered content script (content_auto.js) shows the panel on that
// site's pages where the original game's structure is found.
// api: the extension API object (chrome), passed in so tests can fake it.
const ID_PREFIX = 'site:';
export const AUTO_SCRIPT = 'extension/content_auto.js';

// A site as the user types it ("play2048.co", "https://example.com/2048/")
// to the match pattern for the whole site, any port: "https://play2048.co/*".
export function sitePattern(input) {
  const text = String(input == null ? '' : input).trim();
  if (!text) throw new Error('Type a site, for example play2048.co or https://example.com.');
  let url;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new Error(`"${text}" is not a site address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Only http and https sites can show the panel, not ${url.protocol.replace(':', '')}.`);
  }
  if (!url.hostname || url.hostname.includes('*')) throw new Error(`"${text}" is not a site address.`);
  return `${url.protocol}//${url.hostname}/*`;
}

const scriptId = (pattern) => ID_PREFIX + pattern;

// Asks for the site's permission (call it straight from the click that
// asked: the browser only shows its prompt on a user gesture), then
// registers the panel's script there. Resolves true when the site was added.
export async function allowSite(api, pattern) {
  const granted = await api.permissions.request({ origins: [pattern] });
  if (!granted) return false;
  const id = scriptId(pattern);
  const existing = await api.scripting.getRegisteredContentScripts({ ids: [id] });
  if (existing.length === 0) {
    await api.scripting.registerContentScripts([
      {
        id,
        matches: [pattern],
        js: [AUTO_SCRIPT],
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
  }
  return true;
}

// The sites with the panel, as match patterns.
export async function listSites(api) {
  const scripts = await api.scripting.getRegisteredContentScripts();
  return scripts
    .filter((s) => s.id.startsWith(ID_PREFIX))
    .map((s) => s.id.slice(ID_PREFIX.length))
    .sort();
}

// Stops showing the panel on these sites (their scripts only).
export async function forgetSites(api, patterns) {
  const sites = new Set(await listSites(api));
  const ids = patterns.filter((p) => sites.has(p)).map(scriptId);
  if (ids.length > 0) await api.scripting.unregisterContentScripts({ ids });
}

// Removes a site: its script, then the permission the browser gave for it.
// Resolves false where the browser keeps the permission (one it was given
// another way, which it does not let an extension drop): the panel is gone
// from that site all the same.
export async function removeSite(api, pattern) {
  await forgetSites(api, [pattern]);
  try {
    return await api.permissions.remove({ origins: [pattern] });
  } catch {
    return false;
  }
}
