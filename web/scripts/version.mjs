// The project's one version: package.json's. The build writes it into the
// pages' about line (dist/*.html, <span class="app-version">) and the
// extension's manifest (build_extension.mjs); CMake reads the same field for
// `ai2048 --version` (CMakeLists.txt).
import fs from 'node:fs';
import path from 'node:path';
import { distDir, root } from './paths.mjs';

export function packageVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}

const VERSION_SPAN = /(<span class="app-version">)[^<]*(<\/span>)/g;

// Fills the version into every page in dist/ that has the span; returns the
// pages it changed.
export function stampVersion(version = packageVersion()) {
  const stamped = [];
  for (const name of fs.readdirSync(distDir).filter((n) => n.endsWith('.html'))) {
    const file = path.join(distDir, name);
    const html = fs.readFileSync(file, 'utf8');
    const out = html.replace(VERSION_SPAN, `$1${version}$2`);
    if (out !== html) {
      fs.writeFileSync(file, out);
      stamped.push(name);
    }
  }
  return stamped;
}
