// Builds the browser extension: dist/extension/ (load it unpacked) and
// dist/2048-ai-extension.zip (the same files, to install or upload). Its root
// mirrors web/ (extension/, bookmarklet code bundled, src/engine/, network/, tables/,
// icons/), so the engine finds its wasm, its network and its table beside it, as on the site.
// Everything the extension runs is in it: it fetches nothing from anywhere.
import fs from 'node:fs';
import path from 'node:path';
import { bundleModules, moduleOrder } from './bundle_modules.mjs';
import { WASM_FILES, distDir, distWasmDir, root, webDir } from './paths.mjs';
import { packageVersion } from './version.mjs';
import { zipFiles } from './zip_writer.mjs';

export const extensionDir = path.join(distDir, 'extension');
export const extensionZip = path.join(distDir, '2048-ai-extension.zip');

const sourceDir = path.join(webDir, 'extension');
// Modules the extension's own pages load (the service worker, the offscreen
// document, the options page), copied with everything they import.
const PAGE_MODULES = ['background.js', 'offscreen.js', 'options.js'];
const PAGE_FILES = ['offscreen.html', 'options.html', 'options.css'];
// The style the options page shares with the bookmarklet's install page, at its path in web/.
const SHARED_STYLE = 'css/plain_page.css';
// Content scripts cannot be modules: each is bundled into one classic script.
const CONTENT_SCRIPTS = ['content_click.js', 'content_auto.js'];
const NETWORK = 'network/network.n2048.gz';
// The endgame table, loaded after the network (engine_protocol.js TABLES_PATH).
const TABLES = 'tables/endgame.t2048.gz';
// The site's app icon, which the browser scales for the toolbar.
const ICON = 'icons/icon-192.png';
// Already compressed: stored in the zip as they are.
const STORED = /\.(gz|zip|png)$/;

function put(relative, data) {
  const file = path.join(extensionDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

function webRelative(file) {
  const relative = path.relative(webDir, file);
  if (relative.startsWith('..')) throw new Error(`build: the extension imports ${file}, outside web/`);
  return relative;
}

function filesUnder(dir, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), name) : [name];
    });
}

function sizeOf(names) {
  return names.reduce((sum, name) => sum + fs.statSync(path.join(extensionDir, name)).size, 0);
}

export function buildExtension() {
  fs.rmSync(extensionDir, { recursive: true, force: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(sourceDir, 'manifest.json'), 'utf8'));
  manifest.version = packageVersion();
  put('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);

  for (const file of moduleOrder(PAGE_MODULES.map((m) => path.join(sourceDir, m)))) {
    put(webRelative(file), fs.readFileSync(file));
  }
  for (const name of PAGE_FILES) put(`extension/${name}`, fs.readFileSync(path.join(sourceDir, name)));
  put(SHARED_STYLE, fs.readFileSync(path.join(webDir, SHARED_STYLE)));
  // The whole engine: its workers start from their files, its wasm is loaded by URL.
  for (const name of filesUnder(path.join(webDir, 'src/engine'))) {
    put(`src/engine/${name}`, fs.readFileSync(path.join(webDir, 'src/engine', name)));
  }
  for (const name of WASM_FILES) {
    const built = path.join(distWasmDir, name);
    if (!fs.existsSync(built))
      throw new Error(`build: ${path.relative(root, built)} is missing (build the wasm first)`);
    put(`src/engine/wasm/${name}`, fs.readFileSync(built));
  }
  for (const name of CONTENT_SCRIPTS) {
    put(`extension/${name}`, bundleModules(path.join(sourceDir, name), { root: webDir }));
  }
  put(ICON, fs.readFileSync(path.join(webDir, ICON)));
  const network = path.join(webDir, NETWORK);
  if (!fs.existsSync(network)) throw new Error(`build: the network the extension ships, web/${NETWORK}, is missing`);
  put(NETWORK, fs.readFileSync(network));
  const tables = path.join(webDir, TABLES);
  if (!fs.existsSync(tables))
    throw new Error(`build: the endgame table the extension ships, web/${TABLES}, is missing`);
  put(TABLES, fs.readFileSync(tables));

  const names = filesUnder(extensionDir);
  const zip = zipFiles(
    names.map((name) => ({
      name,
      data: fs.readFileSync(path.join(extensionDir, name)),
      store: STORED.test(name),
    })),
  );
  fs.writeFileSync(extensionZip, zip);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    `build: dist/extension/ (${names.length} files, ${mb(sizeOf(names))}) and ` +
      `dist/2048-ai-extension.zip (${mb(zip.length)})`,
  );
}
