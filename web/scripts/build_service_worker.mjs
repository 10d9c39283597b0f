// Writes dist/sw.js: web/sw.js with the list of the site's files and a
// version made from their contents, so a changed file means a new service
// worker (browsers compare the worker's bytes) and a fresh cache.
// The extension and the bookmarklet's text are not part of the site's cache.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { distDir, webDir } from './paths.mjs';

const SKIPPED = [/^sw\.js$/, /^extension\//, /\.zip$/, /^bookmarklet\.txt$/];

function siteFiles(dir, prefix = '') {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) files.push(...siteFiles(path.join(dir, entry.name), `${relative}/`));
    else if (!SKIPPED.some((pattern) => pattern.test(relative))) files.push(relative);
  }
  return files.sort();
}

export function buildServiceWorker() {
  const files = siteFiles(distDir);
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(distDir, file)));
  }
  const version = hash.digest('hex').slice(0, 16);
  const source = fs
    .readFileSync(path.join(webDir, 'sw.js'), 'utf8')
    .replace("'__BUILD_VERSION__'", JSON.stringify(version))
    .replace("['__BUILD_FILES__']", JSON.stringify(['./', ...files]));
  fs.writeFileSync(path.join(distDir, 'sw.js'), source);
  return { version, files };
}
