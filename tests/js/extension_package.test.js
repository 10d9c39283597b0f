// The built extension (npm run build: dist/extension/ and its zip): what it
// asks the browser for, and that it carries everything it runs.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { extensionDir, extensionZip } from '../../web/scripts/build_extension.mjs';
import { NETWORK_PATH, OFFSCREEN_PATH, TABLES_PATH } from '../../web/extension/engine_protocol.js';
import { AUTO_SCRIPT } from '../../web/extension/site_access.js';
import { root } from '../../web/scripts/paths.mjs';

const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, 'manifest.json'), 'utf8'));
const inExtension = (name) => path.join(extensionDir, name);
const CLICK_SCRIPT = 'extension/content_click.js';

function filesUnder(dir, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), name) : [name];
  });
}

describe("the extension's manifest", () => {
  it("is Manifest V3 with the package's version", () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  });

  it('asks for no site up front: the clicked tab, and sites the user adds one by one', () => {
    expect([...manifest.permissions].sort()).toEqual(['activeTab', 'offscreen', 'scripting', 'storage']);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.web_accessible_resources).toBeUndefined();
    expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
  });

  it('lets its own pages compile WebAssembly, and nothing else beyond its own scripts', () => {
    const policy = manifest.content_security_policy.extension_pages;
    expect(policy).toContain("'wasm-unsafe-eval'");
    expect(policy).not.toMatch(/'unsafe-eval'|'unsafe-inline'|https?:/);
    expect(policy).toMatch(/script-src 'self'/);
  });

  it('names only files it has', () => {
    for (const name of [
      manifest.background.service_worker,
      manifest.options_ui.page,
      OFFSCREEN_PATH,
      CLICK_SCRIPT,
      AUTO_SCRIPT,
      NETWORK_PATH,
      'src/engine/engine.js',
      'src/engine/search_worker.js',
      'src/engine/wasm/engine.wasm',
      ...Object.values(manifest.icons),
      ...Object.values(manifest.action.default_icon),
    ]) {
      expect(fs.existsSync(inExtension(name)), name).toBe(true);
    }
  });

  it("has every stylesheet and script its own pages link, and every stylesheet they import (the options page's shared style)", () => {
    const pending = [manifest.options_ui.page, OFFSCREEN_PATH];
    const checked = new Set();
    while (pending.length > 0) {
      const file = pending.pop();
      if (checked.has(file)) continue;
      checked.add(file);
      const text = fs.readFileSync(inExtension(file), 'utf8');
      const links = file.endsWith('.css')
        ? [...text.matchAll(/@import url\("([^"]+)"\)/g)]
        : [...text.matchAll(/(?:href|src)="([^"]+)"/g)];
      for (const [, link] of links) {
        const name = path.posix.join(path.posix.dirname(file), link);
        expect(fs.existsSync(inExtension(name)), `${file} links ${link}`).toBe(true);
        if (name.endsWith('.css')) pending.push(name);
      }
    }
    expect([...checked]).toContain('css/plain_page.css');
  });
});

describe("the extension's files", () => {
  it('carry the shipped network and endgame table unchanged', () => {
    for (const name of [NETWORK_PATH, TABLES_PATH]) {
      const shipped = fs.readFileSync(path.join(root, 'web', name));
      expect(fs.readFileSync(inExtension(name)).equals(shipped), name).toBe(true);
    }
  });

  it('have content scripts that are classic scripts (no import or export left)', () => {
    for (const name of [CLICK_SCRIPT, AUTO_SCRIPT]) {
      const code = fs.readFileSync(inExtension(name), 'utf8');
      expect(() => new vm.Script(code, { filename: name })).not.toThrow();
      expect(code).toContain('// page_session/play_session.js');
    }
  });

  it('are all in the zip, byte for byte, with the manifest at its root', () => {
    const files = filesUnder(extensionDir).sort();
    expect(fs.statSync(extensionZip).size).toBeGreaterThan(fs.statSync(inExtension(NETWORK_PATH)).size);
    if (spawnSync('unzip', ['-v']).status !== 0) return; // no unzip here: the zip writer's own tests stand
    const listed = execFileSync('unzip', ['-Z1', extensionZip]).toString().trim().split('\n').sort();
    expect(listed).toEqual(files);
    for (const name of files.filter((f) => !f.endsWith('.gz'))) {
      expect(
        execFileSync('unzip', ['-p', extensionZip, name], { maxBuffer: 1 << 26 }).equals(
          fs.readFileSync(inExtension(name)),
        ),
        name,
      ).toBe(true);
    }
  });
});
