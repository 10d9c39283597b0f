// Writes into each built page (dist/index.html, demo.html, 8402.html) a
// <link rel="modulepreload"> for every module its entry point imports, and
// for the engine's modules (imported on demand, web/src/ui/engine_loader.js),
// plus a preload of the engine's wasm. Without them the browser finds the
// modules one import level at a time, about seven round trips before the
// first AI move (tools/figures/startup_figures.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { moduleOrder } from './bundle_modules.mjs';
import { distDir } from './paths.mjs';

export const PAGES = Object.freeze(['index.html', 'demo.html', '8402.html']);
const ENGINE = 'src/engine/engine.js';
const WASM = 'src/engine/wasm/engine.wasm';
const ENTRY = /^(\s*)<script type="module" src="([^"]+)"><\/script>$/m;

// The links for one page's HTML, entry point first and the engine after.
export function preloadLinks(html, dir = distDir) {
  const entry = ENTRY.exec(html);
  if (!entry) throw new Error('build: a page without <script type="module" src="..."> to preload');
  const files = moduleOrder([path.join(dir, entry[2]), path.join(dir, ENGINE)]);
  const hrefs = files.map((file) => path.relative(dir, file).split(path.sep).join('/'));
  const links = hrefs.filter((href) => href !== entry[2]).map((href) => `<link rel="modulepreload" href="${href}" />`);
  // fetch()'s defaults (cors, same-origin credentials): the engine's own fetch reuses it.
  links.push(`<link rel="preload" href="${WASM}" as="fetch" type="application/wasm" crossorigin />`);
  return { indent: entry[1], links };
}

export function writeModulePreloads(dir = distDir) {
  for (const page of PAGES) {
    const file = path.join(dir, page);
    const html = fs.readFileSync(file, 'utf8');
    const { indent, links } = preloadLinks(html, dir);
    fs.writeFileSync(
      file,
      html.replace(ENTRY, (tag) => `${links.map((link) => indent + link).join('\n')}\n${tag}`),
    );
  }
}
