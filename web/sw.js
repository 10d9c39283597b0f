// The service worker: keeps the site, its engine and the learned network in
// the Cache API, so a second visit loads from the cache and the app works with
// the server stopped. The build (web/scripts/build_service_worker.mjs) fills
// in the file list and a version made from the files' contents: a new build
// is a new worker, whose install fetches the files anew and whose activation
// deletes the old cache.
const VERSION = '__BUILD_VERSION__';
const FILES = ['__BUILD_FILES__'];
const CACHE = `ai2048-${VERSION}`;
const PREFIX = 'ai2048-';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // 'no-cache': revalidated with the server, so an update never caches a stale copy.
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'no-cache' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

// The engine's WebAssembly threads need a cross-origin isolated page. A static
// host that cannot send these headers gets them from here: the responses this
// worker serves carry them, so the pages are isolated from the first load the
// worker controls (the visit after the one that installed it).
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

function isolated(response) {
  if (!response || response.type === 'opaque' || response.headers.has('Cross-Origin-Embedder-Policy')) {
    return response;
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// Cache first for this site's own files (the address's query is the page's
// business: ?seed=3 is still demo.html); anything else goes to the network.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((cached) => cached || fetch(request))
      .then(isolated),
  );
});
