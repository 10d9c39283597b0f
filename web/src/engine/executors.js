// Executors run engine operations, each on its own wasm instance: a worker
// (talking over a shared-memory mailbox where it can, mailbox.js, else over
// postMessage) or, as the last fallback, the main thread.
import { runOp } from './engine_ops.js';
import { Mailbox, mailboxSupported } from './mailbox.js';
import { RpcClient } from './rpc_client.js';
import { instantiateEngineModule } from './wasm_loader.js';

// The error an operation fails with when its executor stops: the dispatcher
// retries such operations elsewhere instead of reporting them.
function lostError(reason) {
  return Object.assign(new Error(`a search worker stopped: ${reason}`), { executorLost: true });
}

function describeWorkerError(event) {
  if (event?.message) return event.message;
  if (event instanceof Error) return event.message;
  return 'the worker failed to load or crashed';
}

export class WorkerExecutor {
  #worker;
  #rpc;
  #requests = null;
  #answers = null;

  // threads: how many its module runs (the threads build's, wasm_loader.js).
  constructor(worker, threads = 1) {
    this.#worker = worker;
    this.#rpc = new RpcClient((message) => {
      if (!this.#requests?.trySend(message)) this.#worker.postMessage(message);
    }, lostError);
    this.threads = threads;
    this.onLost = null;
    worker.onmessage = (event) => this.#receive(event.data);
    worker.onerror = (event) => {
      event?.preventDefault?.(); // handled here: no uncaught error in the page's console
      this.#lose(describeWorkerError(event));
    };
    worker.onmessageerror = () => this.#lose('a message could not be read');
  }

  get kind() {
    return 'worker';
  }

  get usesMailbox() {
    return Boolean(this.#requests);
  }

  // From now on, requests and answers of plain data go through a pair of
  // mailboxes (the rest, such as the compiled module, still by postMessage).
  async openMailbox() {
    const requests = new Mailbox(Mailbox.createBuffer());
    const answers = new Mailbox(Mailbox.createBuffer());
    answers.listen(
      (message) => this.#receive(message),
      () => this.#lose('an answer could not be read'),
    );
    this.#answers = answers;
    try {
      await this.call('mailbox', [requests.buffer, answers.buffer]);
    } catch (err) {
      answers.close();
      this.#answers = null;
      throw err;
    }
    this.#requests = requests;
  }

  // onProgress(received, total): for operations that report progress.
  call(op, args, onProgress) {
    return this.#rpc.call(op, args, onProgress);
  }

  terminate(reason = 'the engine was disposed') {
    this.#lose(reason, false);
  }

  #receive(message) {
    if (message?.fatal && this.#rpc.waits(message.id)) {
      this.#lose(`its wasm instance failed: ${message.error}`);
      return;
    }
    this.#rpc.receive(message);
  }

  #lose(reason, notify = true) {
    if (this.#rpc.closed) return;
    this.#rpc.close(reason);
    this.#requests?.close();
    this.#answers?.close();
    try {
      this.#worker.terminate();
    } catch {
      // already gone
    }
    if (notify) this.onLost?.(reason);
  }
}

export class MainThreadExecutor {
  #module;

  constructor(module) {
    this.#module = module;
    this.onLost = null;
  }

  get kind() {
    return 'main';
  }

  get threads() {
    return 1;
  }

  get usesMailbox() {
    return false;
  }

  static async create(wasm) {
    return new MainThreadExecutor(await instantiateEngineModule(wasm));
  }

  call(op, args, onProgress) {
    return new Promise((resolve) => resolve(runOp(this.#module, op, args, onProgress)));
  }

  terminate() {
    this.#module = null;
  }
}

// Starts a worker and waits until its wasm instance is ready. instance:
// {threads} for the threads build (wasm_loader.js). mailbox: false keeps
// every message on postMessage (else a mailbox opens where one can run).
export async function startWorkerExecutor(createWorker, url, wasm, { timeoutMs, instance = {}, mailbox = true }) {
  const worker = createWorker(url);
  const executor = new WorkerExecutor(worker, instance.threads);
  let timer;
  const timeout = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    // The worker loads its scripts while the wasm still compiles (wasm may be a promise).
    const init = Promise.resolve(wasm).then((compiled) => executor.call('init', [compiled, instance]));
    await Promise.race([init, timeout]);
    // A mailbox only saves memory: should it not open, postMessage carries on.
    if (mailbox && mailboxSupported()) await Promise.race([executor.openMailbox().catch(() => {}), timeout]);
    return executor;
  } catch (err) {
    executor.terminate();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
