// The extension's per-site panel (site_access.js) against a fake extension
// API, and its settings in storage (settings_storage.js).
import { describe, expect, it } from 'vitest';
import {
  AUTO_SCRIPT,
  allowSite,
  forgetSites,
  listSites,
  removeSite,
  sitePattern,
} from '../../web/extension/site_access.js';
import { SETTINGS_KEY, loadSettings, saveSettings } from '../../web/extension/settings_storage.js';
import { DEFAULT_SETTINGS } from '../../web/page_session/settings.js';
import { BOOKMARKLET_SPEEDS, BOOKMARKLET_STRENGTHS } from '../../web/src/ui/presets.js';

// chrome.permissions and chrome.scripting as far as site_access.js uses them.
function fakeApi({ grant = true } = {}) {
  const scripts = new Map();
  const granted = new Set();
  return {
    scripts,
    granted,
    permissions: {
      async request({ origins }) {
        if (grant) for (const o of origins) granted.add(o);
        return grant;
      },
      async remove({ origins }) {
        for (const o of origins) granted.delete(o);
        return true;
      },
    },
    scripting: {
      async getRegisteredContentScripts(filter = {}) {
        const all = [...scripts.values()];
        return filter.ids ? all.filter((s) => filter.ids.includes(s.id)) : all;
      },
      async registerContentScripts(list) {
        for (const s of list) {
          if (scripts.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
          scripts.set(s.id, s);
        }
      },
      async unregisterContentScripts({ ids }) {
        for (const id of ids) scripts.delete(id);
      },
    },
  };
}

describe('a site as the user types it', () => {
  it("becomes the whole site's match pattern, any port", () => {
    expect(sitePattern('play2048.co')).toBe('https://play2048.co/*');
    expect(sitePattern('  https://Example.com/games/2048.html?x=1 ')).toBe('https://example.com/*');
    expect(sitePattern('http://127.0.0.1:8048/index.html')).toBe('http://127.0.0.1/*');
  });

  it('is refused with a reason when it is not an http(s) site', () => {
    expect(() => sitePattern('')).toThrow('Type a site, for example play2048.co or https://example.com.');
    expect(() => sitePattern(null)).toThrow(/Type a site/);
    expect(() => sitePattern('ftp://example.com')).toThrow('Only http and https sites can show the panel, not ftp.');
    expect(() => sitePattern('file:///home/me/2048.html')).toThrow(/not file/);
    expect(() => sitePattern('https://exa mple.com')).toThrow('"https://exa mple.com" is not a site address.');
    expect(() => sitePattern('*.example.com')).toThrow(/is not a site address/);
  });
});

describe('sites with the panel', () => {
  it("registers the panel's script once the browser grants the site, once per site", async () => {
    const api = fakeApi();
    expect(await allowSite(api, 'https://play2048.co/*')).toBe(true);
    expect(await allowSite(api, 'https://play2048.co/*')).toBe(true);
    expect([...api.scripts.values()]).toEqual([
      {
        id: 'site:https://play2048.co/*',
        matches: ['https://play2048.co/*'],
        js: [AUTO_SCRIPT],
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
    expect(await listSites(api)).toEqual(['https://play2048.co/*']);
  });

  it('registers nothing when the user says no', async () => {
    const api = fakeApi({ grant: false });
    expect(await allowSite(api, 'https://play2048.co/*')).toBe(false);
    expect(api.scripts.size).toBe(0);
  });

  it('forgets sites whose permission was taken back, and removes a site with its permission', async () => {
    const api = fakeApi();
    await allowSite(api, 'https://a.example/*');
    await allowSite(api, 'https://b.example/*');
    api.scripts.set('other', { id: 'other', matches: ['https://c.example/*'] });
    await forgetSites(api, ['https://a.example/*', 'https://never-added.example/*']);
    expect(await listSites(api)).toEqual(['https://b.example/*']);
    expect(await removeSite(api, 'https://b.example/*')).toBe(true);
    expect(await listSites(api)).toEqual([]);
    expect(api.granted.has('https://b.example/*')).toBe(false);
    expect(api.scripts.has('other')).toBe(true);
  });

  it("removes a site's panel even where the browser keeps its permission", async () => {
    const api = fakeApi();
    await allowSite(api, 'https://kept.example/*');
    api.permissions.remove = async () => {
      throw new Error('You cannot remove required permissions.');
    };
    expect(await removeSite(api, 'https://kept.example/*')).toBe(false);
    expect(await listSites(api)).toEqual([]);
  });
});

describe("settings in the extension's storage", () => {
  const area = (stored, { fails = false } = {}) => ({
    stored,
    async get(key) {
      if (fails) throw new Error('Extension context invalidated.');
      return key in this.stored ? { [key]: this.stored[key] } : {};
    },
    async set(items) {
      Object.assign(this.stored, items);
    },
  });

  it("come back as saved, valid against today's presets", async () => {
    const storage = area({});
    const chosen = { speed: BOOKMARKLET_SPEEDS.at(-1).id, strength: BOOKMARKLET_STRENGTHS[0].id, keepGoing: false };
    await saveSettings(storage, { ...chosen, extra: 'dropped' });
    expect(await loadSettings(storage)).toEqual(chosen);
    expect(Object.values(storage.stored)).toEqual([chosen]);
  });

  it('are the defaults where nothing is saved, the save is stale, or storage fails', async () => {
    expect(await loadSettings(area({}))).toEqual({ ...DEFAULT_SETTINGS });
    const stale = area({});
    await stale.set({ [SETTINGS_KEY]: { speed: 'warp', strength: 'ultra', keepGoing: false } });
    expect(await loadSettings(stale)).toEqual({ ...DEFAULT_SETTINGS, keepGoing: false });
    expect(await loadSettings(area({}, { fails: true }))).toEqual({ ...DEFAULT_SETTINGS });
  });
});
