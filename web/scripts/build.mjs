// npm run build: the WebAssembly engine (CMake through emcmake) and the static
// site in dist/. Incremental: CMake rebuilds only what changed.
import { buildWasm } from './build_wasm.mjs';
import { copyStatic } from './copy_static.mjs';
import { buildBookmarklet } from './build_bookmarklet.mjs';
import { buildServiceWorker } from './build_service_worker.mjs';
import { buildExtension } from './build_extension.mjs';
import { writeModulePreloads } from './module_preloads.mjs';
import { stampVersion } from './version.mjs';

const started = Date.now();
buildWasm();
copyStatic();
stampVersion();
writeModulePreloads();
buildBookmarklet();
buildServiceWorker();
buildExtension();
console.log(`build: dist/ ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
