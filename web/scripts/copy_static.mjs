// Copies the site (web/ minus its build scripts and partials) and the built
// engine to dist/, and puts the partials into the pages (includes.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { expandPages } from './includes.mjs';
import { WASM_FILES, distDir, distWasmDir, wasmBuildDir, webDir } from './paths.mjs';

export function copyStatic() {
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.cpSync(webDir, distDir, {
    recursive: true,
    // The build scripts and the partials stay out; the extension is built into dist/extension/ by build_extension.mjs.
    filter: (src) => !['scripts', 'partials', 'extension'].includes(path.relative(webDir, src)),
  });
  expandPages(distDir, path.join(webDir, 'partials'));
  fs.mkdirSync(distWasmDir, { recursive: true });
  for (const f of WASM_FILES) {
    fs.copyFileSync(path.join(wasmBuildDir, f), path.join(distWasmDir, f));
  }
}
