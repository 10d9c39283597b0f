// One version and one licence: package.json's version is the CLI's
// (`ai2048 --version`, CMake reads it), the extension's manifest's and the
// pages' about line (the build writes both); LICENSE is the licence
// package.json names. Needs npm run build (dist/); the CLI check runs where
// build/ai2048 has been built (npm run cli, the test command, run.sh).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir, root, webDir } from '../../web/scripts/paths.mjs';
import { extensionDir } from '../../web/scripts/build_extension.mjs';
import { expandIncludes } from '../../web/scripts/includes.mjs';
import { packageVersion } from '../../web/scripts/version.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const cli = path.join(root, 'build', 'ai2048');
const PAGES = ['index.html', 'demo.html', '8402.html', 'bookmarklet.html'];
const aboutVersion = (html) => html.match(/<span class="app-version">([^<]*)<\/span>/)?.[1];
// A source page as the build reads it: its partials (web/partials/) put in.
const sourcePage = (page) =>
  expandIncludes(fs.readFileSync(path.join(webDir, page), 'utf8'), (name) =>
    fs.readFileSync(path.join(webDir, 'partials', name), 'utf8'),
  );

describe('the version', () => {
  it("is package.json's, a semantic version, and the lock's too", () => {
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(packageVersion()).toBe(pkg.version);
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    expect(lock.version).toBe(pkg.version);
    expect(lock.packages[''].version).toBe(pkg.version);
  });

  it("is the built extension's manifest version", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, 'manifest.json'), 'utf8'));
    expect(manifest.version).toBe(pkg.version);
  });

  it("is on every page's about line once built (the sources hold a placeholder)", () => {
    for (const page of PAGES) {
      expect(aboutVersion(sourcePage(page)), `web/${page}`).toBe('dev');
      expect(aboutVersion(fs.readFileSync(path.join(distDir, page), 'utf8')), `dist/${page}`).toBe(pkg.version);
    }
  });

  it.skipIf(!fs.existsSync(cli))("is what the native CLI's --version says", () => {
    const line = execFileSync(cli, ['--version'], { encoding: 'utf8' }).trim();
    expect(line).toMatch(new RegExp(`^ai2048 ${pkg.version.replaceAll('.', '\\.')} \\(`));
  });
});

describe('the licence', () => {
  it('is MIT, in LICENSE, as package.json says', () => {
    expect(pkg.license).toBe('MIT');
    const text = fs.readFileSync(path.join(root, 'LICENSE'), 'utf8');
    expect(text).toMatch(/^MIT License\n/);
    expect(text).toContain('Copyright (c) 2026 the ai2048 authors');
    expect(text).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
  });
});
