// The engine's one request-and-answer client, for every channel that carries
// its calls: a worker's messages or mailbox (executors.js) and the extension's
// port to its offscreen engine (web/extension/engine_proxy.js).
//   request  {id, op, args}
//   answer   {id, ok: true, result} | {id, ok: false, error}, after any number of
//            {id, progress: [received, total]} for a call that reports progress
// Once closed (the channel went away), every call waiting and every later one
// rejects with closedError(reason).
export class RpcClient {
  #send;
  #closedError;
  #pending = new Map();
  #nextId = 1;
  #closed = null;

  // send(message) carries a request (a throw: the input cannot be sent);
  // closedError(reason) is the Error calls get once the client is closed.
  constructor(send, closedError = (reason) => new Error(reason)) {
    this.#send = send;
    this.#closedError = closedError;
  }

  // Why the client closed, or null while it is open.
  get closed() {
    return this.#closed;
  }

  // onProgress(received, total): for operations that report progress.
  call(op, args, onProgress) {
    if (this.#closed) return Promise.reject(this.#closedError(this.#closed));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      try {
        this.#send({ id, op, args });
      } catch (err) {
        this.#pending.delete(id);
        reject(new Error(`cannot send this input to the engine: ${err.message}`));
      }
    });
  }

  // Whether a call waits for the answer with this id.
  waits(id) {
    return this.#pending.has(id);
  }

  // An answer or a progress report: true when it was one a call waited for.
  receive(message) {
    const pending = this.#pending.get(message?.id);
    if (!pending) return false;
    if (message.progress) {
      pending.onProgress?.(...message.progress);
      return true;
    }
    this.#pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new Error(message.error));
    return true;
  }

  // The channel went away: the first reason stays.
  close(reason) {
    if (this.#closed) return;
    this.#closed = reason;
    for (const { reject } of this.#pending.values()) reject(this.#closedError(reason));
    this.#pending.clear();
  }
}
