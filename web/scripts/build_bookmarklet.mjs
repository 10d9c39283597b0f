// Writes dist/bookmarklet.txt: the bookmarklet's javascript: URL on one line,
// with the address the payload is served from baked in (BOOKMARKLET_BASE,
// default http://127.0.0.1:8048/, where npm start serves). The install page
// (dist/bookmarklet.html) builds the same URL from its own address instead,
// so it works wherever the site is served.
import fs from 'node:fs';
import path from 'node:path';
import { bookmarkletUrl } from '../bookmarklet/loader.js';
import { distDir } from './paths.mjs';

export const DEFAULT_BOOKMARKLET_BASE = 'http://127.0.0.1:8048/';

export function buildBookmarklet(base = process.env.BOOKMARKLET_BASE || DEFAULT_BOOKMARKLET_BASE) {
  const withSlash = base.endsWith('/') ? base : `${base}/`;
  for (const needed of ['bookmarklet.html', 'bookmarklet/main.js']) {
    if (!fs.existsSync(path.join(distDir, needed))) throw new Error(`build: dist/${needed} is missing`);
  }
  const url = bookmarkletUrl(new URL(withSlash).href);
  fs.writeFileSync(path.join(distDir, 'bookmarklet.txt'), `${url}\n`);
  return url;
}
