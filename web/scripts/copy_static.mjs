// Copies the site (web/ minus its build scripts) and the built engine to dist/.
import fs from 'node:fs';
import path from 'node:path';
import { WASM_FILES, distDir, distWasmDir, wasmBuildDir, webDir } from './paths.mjs';

export function copyStatic() {
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.cpSync(webDir, distDir, {
    recursive: true,
    // The build scripts stay out; the extension is built into dist/extension/ by build_extension.mjs.
    filter: (src) => !['scripts', 'extension'].includes(path.relative(webDir, src)),
  });
  fs.mkdirSync(distWasmDir, { recursive: true });
  for (const f of WASM_FILES) {
    fs.copyFileSync(path.join(wasmBuildDir, f), path.join(distWasmDir, f));
  }
}
