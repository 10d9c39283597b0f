// The build's module preloads (web/scripts/module_preloads.mjs): each page
// names every module its entry point and the engine import, and the engine's
// wasm, before its entry script, so the browser fetches them at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleOrder } from '../../web/scripts/bundle_modules.mjs';
import { PAGES, preloadLinks, writeModulePreloads } from '../../web/scripts/module_preloads.mjs';
import { webDir } from '../../web/scripts/paths.mjs';

const ENTRIES = { 'index.html': 'play_main', 'demo.html': 'demo_main', '8402.html': 'place_main' };
const hrefOf = (link) => /href="([^"]+)"/.exec(link)[1];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-preloads-'));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('module preloads', () => {
  it("name every module of the page's graph and of the engine's, and the engine's wasm", () => {
    expect(PAGES).toEqual(Object.keys(ENTRIES));
    for (const [page, entry] of Object.entries(ENTRIES)) {
      const { links } = preloadLinks(fs.readFileSync(path.join(webDir, page), 'utf8'), webDir);
      const hrefs = links.map(hrefOf);
      const graph = moduleOrder([
        path.join(webDir, `src/pages/${entry}.js`),
        path.join(webDir, 'src/engine/engine.js'),
      ]).map((file) => path.relative(webDir, file));
      expect(hrefs.slice(0, -1).sort()).toEqual(graph.filter((f) => f !== `src/pages/${entry}.js`).sort());
      expect(hrefs).toContain('src/engine/network_executor.js');
      expect(links.at(-1)).toBe(
        '<link rel="preload" href="src/engine/wasm/engine.wasm" as="fetch" type="application/wasm" crossorigin />',
      );
    }
  });

  it('go before the entry script, at its indentation', () => {
    for (const page of PAGES) fs.copyFileSync(path.join(webDir, page), path.join(dir, page));
    fs.cpSync(path.join(webDir, 'src'), path.join(dir, 'src'), { recursive: true });
    writeModulePreloads(dir);
    const html = fs.readFileSync(path.join(dir, 'demo.html'), 'utf8');
    const engineLink = html.indexOf('    <link rel="modulepreload" href="src/engine/engine.js" />\n');
    const entry = html.indexOf('    <script type="module" src="src/pages/demo_main.js"></script>');
    expect(engineLink).toBeGreaterThan(0);
    expect(entry).toBeGreaterThan(engineLink);
  });

  it('refuse a page without an entry script', () => {
    expect(() => preloadLinks('<html></html>')).toThrow(/<script type="module"/);
  });
});
