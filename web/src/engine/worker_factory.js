// Creates the browser's module workers for the search. A page may not start a
// worker from another origin's URL (the bookmarklet runs the engine, served
// from our origin, inside someone else's page), so there the worker starts
// from a same-origin Blob whose only line imports the real worker module by
// its absolute URL.

function pageOrigin() {
  return globalThis.location?.origin;
}

// A function url => Worker, or null where this context has no Web Workers.
export function browserWorkerFactory() {
  if (typeof globalThis.Worker !== 'function') return null;
  return (url) => {
    const origin = pageOrigin();
    if (!origin || origin === 'null' || new URL(url).origin === origin) {
      return new Worker(url, { type: 'module' });
    }
    const source = `import ${JSON.stringify(url)};\n`;
    const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    try {
      return new Worker(blobUrl, { type: 'module' });
    } finally {
      // The worker holds its script once constructed.
      URL.revokeObjectURL(blobUrl);
    }
  };
}
