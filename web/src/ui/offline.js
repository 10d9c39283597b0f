// Registers the service worker (sw.js beside the pages) that makes the site
// work offline and installable. Called once the page has what it needs (the
// network loaded or refused): the worker's install then fetches the files
// while the page is idle, mostly revalidating what the page just downloaded.
export async function registerServiceWorker(scriptUrl = new URL('../../sw.js', import.meta.url)) {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return { ok: false, reason: 'this browser has no service workers' };
  try {
    const registration = await container.register(scriptUrl, { scope: new URL('./', scriptUrl).href });
    return { ok: true, registration };
  } catch (err) {
    // file:// pages, private modes, a policy: the app still works online.
    return { ok: false, reason: String(err?.message ?? err) };
  }
}
