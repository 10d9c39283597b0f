// A small static file server for dist/, bound to 127.0.0.1. It allows any
// origin to read the files (CORS, and Cross-Origin-Resource-Policy) because the
// bookmarklet loads its payload from here into other sites' pages. Its pages
// are cross-origin isolated (COOP and COEP), which the engine's WebAssembly
// threads need (SharedArrayBuffer); { isolated: false } serves them without,
// as most sites are (the tests' foreign pages).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.gz': 'application/gzip',
  '.webmanifest': 'application/manifest+json',
};

export const ISOLATION_HEADERS = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
});

export function createStaticServer(rootDir, { isolated = true } = {}) {
  const root = path.resolve(rootDir);
  return http.createServer((req, res) => {
    const headers = {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'no-cache',
      ...(isolated ? ISOLATION_HEADERS : {}),
    };
    // Chromium asks a loopback server before a public page may load from it
    // (Private Network Access); answer the preflight with a yes.
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          ...headers,
          'Access-Control-Allow-Methods': 'GET, HEAD',
          'Access-Control-Allow-Headers': '*',
          'Access-Control-Allow-Private-Network': 'true',
        })
        .end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400, headers).end('bad request');
      return;
    }
    let file = path.resolve(root, '.' + pathname);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403, headers).end('forbidden');
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      // A validator, so a revalidation (no-cache, the service worker's
      // install) costs a 304 instead of the file again.
      const stat = fs.statSync(file);
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      headers.ETag = etag;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      const type = TYPES[path.extname(file)] || 'application/octet-stream';
      // Content-Length lets a download show its progress (the network file).
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': data.length });
      res.end(req.method === 'HEAD' ? undefined : data);
    });
  });
}

// Listens on 127.0.0.1; port 0 picks a free one. Resolves to the base URL.
export function listen(server, port = 0) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}/`));
  });
}
