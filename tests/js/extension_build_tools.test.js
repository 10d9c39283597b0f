// The extension's build tools: the module bundler that makes its content
// scripts classic scripts, and the zip writer that packs it.
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleModules, moduleOrder } from '../../web/scripts/bundle_modules.mjs';
import { crc32, zipFiles } from '../../web/scripts/zip_writer.mjs';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-ext-tools-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// Writes files { 'a.js': text } into a fresh folder; returns its path.
let folders = 0;
function tree(files) {
  const dir = path.join(scratch, String(folders++));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

// Runs a bundle as a browser runs a classic script; returns what it logged.
function runClassic(code) {
  const logged = [];
  vm.runInNewContext(code, { log: (x) => logged.push(x) });
  return logged;
}

describe('the bundler', () => {
  it('runs each module once, in import order, with its imports bound by name', () => {
    const dir = tree({
      'entry.js':
        "import { twice, NAME as who } from './lib/math.js';\nimport * as text from './lib/text.js';\nlog(`${who}:${twice(21)}:${text.shout('hi')}`);\n",
      'lib/math.js':
        "import { count } from './text.js';\nlog('math');\nexport const NAME = 'math';\nexport function twice(x) { return x * 2 + count(); }\n",
      'lib/text.js':
        "log('text');\nlet calls = 0;\nfunction shout(s) { return s.toUpperCase(); }\nexport function count() { return calls++; }\nexport { shout };\n",
    });
    const code = bundleModules(path.join(dir, 'entry.js'), { root: dir });
    expect(runClassic(code)).toEqual(['text', 'math', 'math:42:HI']);
    expect(code).toContain('// lib/text.js');
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
  });

  it('keeps names that two modules share apart', () => {
    const dir = tree({
      'entry.js': "import { a } from './a.js';\nimport { b } from './b.js';\nlog(a() + b());\n",
      'a.js': "const VALUE = 'a';\nexport function a() { return VALUE; }\n",
      'b.js': "const VALUE = 'b';\nexport function b() { return VALUE; }\n",
    });
    expect(runClassic(bundleModules(path.join(dir, 'entry.js')))).toEqual(['ab']);
  });

  it('stops the build, naming the file, on what a classic script cannot do', () => {
    const cases = [
      [{ 'e.js': "import { x } from './m.js';\n", 'm.js': 'export default 1;\n' }, /m\.js: has a default export/],
      [{ 'e.js': 'const u = import.meta.url;\n' }, /e\.js: uses import\.meta/],
      [{ 'e.js': "import('./m.js');\n", 'm.js': '' }, /e\.js: uses a dynamic import\(\)/],
      [
        { 'e.js': "import { y } from './m.js';\n", 'm.js': 'export const x = 1;\n' },
        /e\.js: imports y, which m\.js does not export/,
      ],
      [
        { 'e.js': "export { x } from './m.js';\n", 'm.js': 'export const x = 1;\n' },
        /e\.js: re-exports from another module/,
      ],
      [{ 'e.js': "import { x } from 'some-package';\n" }, /imports "some-package": only relative paths/],
      [{ 'e.js': "import { x } from './gone.js';\n" }, /gone\.js, which does not exist/],
      [
        {
          'e.js': "import { b } from './b.js';\nexport const a = 1;\n",
          'b.js': "import { a } from './e.js';\nexport const b = 2;\n",
        },
        /modules import each other: e\.js -> b\.js -> e\.js/,
      ],
    ];
    for (const [files, error] of cases) {
      const dir = tree(files);
      expect(() => bundleModules(path.join(dir, 'e.js'), { root: dir })).toThrow(error);
    }
  });

  it("lists a page's modules with re-exported ones, dependencies first", () => {
    const dir = tree({
      'page.js': "import { run } from './engine.js';\n",
      'engine.js': "export { check } from './check.js';\nimport { rules } from './rules.js';\nexport const run = 1;\n",
      'check.js': "import { rules } from './rules.js';\nexport const check = 1;\n",
      'rules.js': 'export const rules = 1;\n',
    });
    expect(moduleOrder([path.join(dir, 'page.js')]).map((f) => path.basename(f))).toEqual([
      'rules.js',
      'check.js',
      'engine.js',
      'page.js',
    ]);
  });
});

describe('the zip writer', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('writes an archive that unzip reads back byte for byte', () => {
    const files = [
      { name: 'manifest.json', data: Buffer.from(JSON.stringify({ a: 'x'.repeat(500) })) },
      { name: 'src/random.bin', data: crypto.randomBytes(5000) },
      { name: 'network/stored.gz', data: Buffer.from('already compressed'), store: true },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ];
    const zip = zipFiles(files);
    const file = path.join(scratch, 'test.zip');
    fs.writeFileSync(file, zip);
    // Deflated where it pays: the repetitive manifest shrinks, the random bytes do not grow.
    expect(zip.length).toBeLessThan(files.reduce((n, f) => n + f.data.length, 0) + 600);
    if (spawnSync('unzip', ['-v']).status !== 0) return; // no unzip here: the CRC and the layout tests above stand
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    expect(execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n')).toEqual(files.map((f) => f.name));
    for (const { name, data } of files) expect(execFileSync('unzip', ['-p', file, name]).equals(data)).toBe(true);
    expect(zipFiles(files).equals(zip)).toBe(true); // the same files give the same archive
  });

  it('marks names as UTF-8', () => {
    const zip = zipFiles([{ name: 'ünïcode.txt', data: Buffer.from('x') }]);
    expect(zip.readUInt16LE(6) & 0x0800).toBe(0x0800);
    expect(zip.subarray(30, 30 + Buffer.byteLength('ünïcode.txt')).toString('utf8')).toBe('ünïcode.txt');
  });

  it('refuses names that would escape the folder', () => {
    for (const name of ['/abs.txt', '../up.txt', 'a/../../b', 'back\\slash.txt', '']) {
      expect(() => zipFiles([{ name, data: Buffer.from('x') }])).toThrow(/is not a relative path/);
    }
  });
});
