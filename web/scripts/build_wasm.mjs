// Compiles cpp/ to WebAssembly with Debian's Emscripten through the one CMake
// project. Emscripten 3.1.6's tools find acorn only with NODE_PATH set.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, wasmBuildDir } from './paths.mjs';

export function buildWasm() {
  const env = { ...process.env, NODE_PATH: process.env.NODE_PATH || '/usr/share/nodejs' };
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (!fs.existsSync(path.join(wasmBuildDir, 'CMakeCache.txt'))) {
    run('emcmake', ['cmake', '-S', root, '-B', wasmBuildDir, '-DCMAKE_BUILD_TYPE=Release',
      '-DBUILD_TESTING=OFF']);
  }
  run('cmake', ['--build', wasmBuildDir, '-j2']);
  for (const f of ['engine.mjs', 'engine.wasm']) {
    if (!fs.existsSync(path.join(wasmBuildDir, f))) throw new Error(`build: ${f} was not produced`);
  }
}
