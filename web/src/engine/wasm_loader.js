// Fetches, compiles and instantiates the engine's WebAssembly. The bytes are
// compiled once (by whoever creates the engine) and the compiled module is
// handed to every worker, each of which instantiates its own copy.
//
// The wasm is looked up next to this file, never relative to the page: the
// bookmarklet imports the engine from another origin.

export const DEFAULT_WASM_URL = new URL('./wasm/engine.wasm', import.meta.url).href;

async function readWasmBytes(url) {
  if (url.startsWith('file:')) {
    // Node (tests, benchmarks): fetch cannot read files there.
    const { readFile } = await import('node:fs/promises');
    return readFile(new URL(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the engine's wasm from ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// options.wasmModule (a WebAssembly.Module), options.wasmBinary (bytes) or
// options.wasmUrl (default: ./wasm/engine.wasm beside this file).
// Resolves to what a worker needs: a compiled module, or the bytes when this
// context may not compile (a content security policy without wasm-eval).
export async function loadWasm(options = {}) {
  if (options.wasmModule instanceof WebAssembly.Module) return options.wasmModule;
  const bytes = options.wasmBinary ?? (await readWasmBytes(String(options.wasmUrl ?? DEFAULT_WASM_URL)));
  try {
    return await WebAssembly.compile(bytes);
  } catch (err) {
    if (err instanceof WebAssembly.CompileError) {
      throw new Error(`the engine's wasm is not valid: ${err.message}`, { cause: err });
    }
    return bytes instanceof ArrayBuffer ? bytes : new Uint8Array(bytes).buffer;
  }
}

// The WebAssembly threads build (engine_mt.*), for cross-origin isolated pages.
export const THREADS_WASM_URL = new URL('./wasm/engine_mt.wasm', import.meta.url).href;

// An instance of the Embind module (the raw bindings) from a compiled module
// or bytes. { threads: N > 1 }: wasm is the threads build, whose module starts
// N - 1 thread workers of its own (Emscripten's pthread pool) before it
// resolves.
export async function instantiateEngineModule(wasm, { threads = 1 } = {}) {
  const { default: createEngineModule } =
    threads > 1 ? await import('./wasm/engine_mt.mjs') : await import('./wasm/engine.mjs');
  const compiled = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm);
  let fail;
  const failed = new Promise((resolve, reject) => {
    fail = reject;
  });
  const ready = createEngineModule({
    // Instantiate from the compiled module instead of letting the loader fetch.
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), fail);
      return {};
    },
    print() {},
    printErr() {},
    pthreadPoolSize: threads > 1 ? threads - 1 : 0,
  });
  const engine = await Promise.race([ready, failed]);
  // Build the row and heuristic tables and the transposition table now: the
  // first real search would otherwise pay for them out of its time budget.
  engine.search(WARM_UP_BOARD, { depth: 3 });
  return engine;
}

// A board whose search builds every table (the network executor's warms its threads with it).
export const WARM_UP_BOARD = [2, 4, 8, 16, 0, 2, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0];
