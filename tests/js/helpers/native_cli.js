// The native ai2048 CLI for tests and benchmarks that compare against it:
// build/ai2048, built with CMake first when it is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './load_wasm.js';

export const nativeBuildDir = path.join(root, 'build');
export const nativeCli = path.join(nativeBuildDir, 'ai2048');

export function ensureNativeCli() {
  if (fs.existsSync(nativeCli)) return nativeCli;
  const run = (args) => execFileSync('cmake', args, { cwd: root, stdio: 'inherit' });
  run(['-S', root, '-B', nativeBuildDir, '-DCMAKE_BUILD_TYPE=Release']);
  run(['--build', nativeBuildDir, '--target', 'ai2048', '-j2']);
  return nativeCli;
}

// Runs ai2048 with args; resolves to its stdout.
export function runNative(args, options = {}) {
  return execFileSync(ensureNativeCli(), args, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
}

// JSON lines of a text, parsed.
export function jsonLines(text) {
  return text.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
}
