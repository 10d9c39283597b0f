// Compiles cpp/ to WebAssembly with Debian's Emscripten through the one CMake
// project (the if(EMSCRIPTEN) block of CMakeLists.txt): build-wasm/engine.mjs
// and engine.wasm, and the threads build engine_mt.* (WASM_FILES, paths.mjs).
// Incremental: CMake rebuilds only what changed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WASM_FILES, root, wasmBuildDir } from './paths.mjs';

// Emscripten 3.1.6's JS tools find their npm dependencies (acorn) only here.
const DEBIAN_NODE_PATH = '/usr/share/nodejs';

function configured() {
  const cache = path.join(wasmBuildDir, 'CMakeCache.txt');
  // A cache from an interrupted or non-Emscripten configure is started over.
  return (
    fs.existsSync(cache) &&
    fs.readFileSync(cache, 'utf8').includes('Emscripten.cmake') &&
    fs.existsSync(path.join(wasmBuildDir, 'Makefile'))
  );
}

export function buildWasm() {
  const nodePath = [process.env.NODE_PATH, DEBIAN_NODE_PATH].filter(Boolean).join(path.delimiter);
  const env = { ...process.env, NODE_PATH: nodePath };
  const run = (cmd, args) => {
    try {
      execFileSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
    } catch (err) {
      if (err.code === 'ENOENT') {
        throw new Error(
          `build: ${cmd} is not installed (Debian: apt-get install emscripten cmake; ` + 'or run web/scripts/setup.sh)',
          { cause: err },
        );
      }
      throw new Error(`build: ${cmd} ${args.join(' ')} failed`, { cause: err });
    }
  };
  if (!configured()) {
    fs.rmSync(wasmBuildDir, { recursive: true, force: true });
    run('emcmake', ['cmake', '-S', root, '-B', wasmBuildDir, '-DCMAKE_BUILD_TYPE=Release']);
  }
  run('cmake', ['--build', wasmBuildDir, '-j2']);
  for (const f of WASM_FILES) {
    if (!fs.existsSync(path.join(wasmBuildDir, f))) throw new Error(`build: ${f} was not produced`);
  }
  const kb = (f) => `${f} ${(fs.statSync(path.join(wasmBuildDir, f)).size / 1024).toFixed(1)} KB`;
  console.log(`build: ${kb('engine.wasm')}, ${kb('engine_mt.wasm')}`);
}
