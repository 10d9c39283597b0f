// A search worker: its own instance of the engine's wasm, answering requests
// {id, op, args} with {id, ok, result} or {id, ok: false, error}. The first
// request is {op: 'init', args: [compiled module or bytes, {threads}]}
// (threads > 1: the WebAssembly threads build, see wasm_loader.js). A long operation
// (loadNetwork) may send {id, progress: [received, total]} before its answer.
// Runs as a module worker in the browser, and under Node's worker_threads
// through a small shim that provides onmessage/postMessage.
import { runOp } from './engine_ops.js';
import { instantiateEngineModule } from './wasm_loader.js';
// engine_ops.js's own imports, named here too so the worker fetches every
// module at once instead of one import level later (no modulepreload in a
// worker): the pool's first answer comes that much sooner.
import './clock.js';
import './download.js';
import './download_client.js';
import './network_loader.js';
import './tables_loader.js';
import './worker_factory.js';

let engineModule = null;

globalThis.onmessage = async ({ data }) => {
  const { id, op, args } = data;
  try {
    if (op === 'init') {
      engineModule = instantiateEngineModule(args[0], args[1]);
      await engineModule;
      globalThis.postMessage({ id, ok: true, result: true });
      return;
    }
    if (!engineModule) throw new Error('the search worker was not initialised');
    const progress = (received, total) => globalThis.postMessage({ id, progress: [received, total] });
    const result = await runOp(await engineModule, op, args, progress);
    globalThis.postMessage({ id, ok: true, result });
  } catch (err) {
    // A trap (an abort, out of memory) leaves this instance unusable: the
    // engine then drops the worker and runs the request elsewhere.
    const fatal = err instanceof WebAssembly.RuntimeError;
    globalThis.postMessage({ id, ok: false, fatal, error: String(err?.message ?? err) });
  }
};
