// A search worker: its own instance of the engine's wasm, answering requests
// {id, op, args} with {id, ok, result} or {id, ok: false, error}. The first
// request is {op: 'init', args: [compiled module or bytes, {threads}]}
// (threads > 1: the WebAssembly threads build, see wasm_loader.js). A long operation
// (loadNetwork) may send {id, progress: [received, total]} before its answer.
// {op: 'mailbox', args: [requests, answers]} (two SharedArrayBuffers) opens
// a pair of mailboxes (mailbox.js): from then on requests come from both,
// and answers of plain data leave by the mailbox.
// Runs as a module worker in the browser, and under Node's worker_threads
// through a small shim that provides onmessage/postMessage.
import { runOp } from './engine_ops.js';
import { Mailbox } from './mailbox.js';
import { instantiateEngineModule } from './wasm_loader.js';
// engine_ops.js's own imports, named here too so the worker fetches every
// module at once instead of one import level later (no modulepreload in a
// worker): the pool's first answer comes that much sooner.
import './download.js';
import './download_client.js';
import './network_loader.js';
import './tables_loader.js';
import './worker_factory.js';

let engineModule = null;
let answers = null;

function answer(message) {
  if (!answers?.trySend(message)) globalThis.postMessage(message);
}

async function handle({ id, op, args }) {
  try {
    if (op === 'init') {
      engineModule = instantiateEngineModule(args[0], args[1]);
      await engineModule;
      answer({ id, ok: true, result: true });
      return;
    }
    if (op === 'mailbox') {
      // Answered by postMessage should it fail: the engine then keeps to it.
      if (typeof Atomics.waitAsync !== 'function') throw new Error('this worker cannot wait on shared memory');
      const replies = new Mailbox(args[1]);
      // An unreadable request: fail the worker, so the engine drops it.
      const fail = (err) =>
        setTimeout(() => {
          throw err;
        });
      new Mailbox(args[0]).listen(handle, fail);
      answers = replies;
      answer({ id, ok: true, result: true });
      return;
    }
    if (!engineModule) throw new Error('the search worker was not initialised');
    const progress = (received, total) => answer({ id, progress: [received, total] });
    const result = await runOp(await engineModule, op, args, progress);
    answer({ id, ok: true, result });
  } catch (err) {
    // A trap (an abort, out of memory) leaves this instance unusable: the
    // engine then drops the worker and runs the request elsewhere.
    const fatal = err instanceof WebAssembly.RuntimeError;
    answer({ id, ok: false, fatal, error: String(err?.message ?? err) });
  }
}

globalThis.onmessage = ({ data }) => handle(data);
