// Hands operations to idle executors in order. An operation whose executor
// stops is retried on another one; when none is left, onAllLost supplies a
// replacement (the main thread), so a valid request still gets its answer.

const DISPOSED = 'the engine was disposed: create a new one with createEngine()';

export class Dispatcher {
  #idle = [];
  #live = new Set();
  #queue = [];
  #disposed = false;
  #replacing = null;

  // onAllLost(reason) resolves to a replacement executor.
  constructor(executors, onAllLost) {
    this.onAllLost = onAllLost;
    for (const executor of executors) this.#add(executor);
  }

  get size() {
    return this.#live.size;
  }
  get executors() {
    return [...this.#live];
  }

  // urgent operations (the quick rules calls) go ahead of queued searches.
  run(op, args, { urgent = false } = {}) {
    if (this.#disposed) return Promise.reject(new Error(DISPOSED));
    return new Promise((resolve, reject) => {
      const task = { op, args, resolve, reject, retries: 0 };
      if (urgent) this.#queue.unshift(task);
      else this.#queue.push(task);
      this.#pump();
    });
  }

  dispose() {
    this.#disposed = true;
    for (const task of this.#queue.splice(0)) task.reject(new Error(DISPOSED));
    for (const executor of this.#live) executor.terminate();
    this.#live.clear();
    this.#idle = [];
  }

  #add(executor) {
    this.#live.add(executor);
    this.#idle.push(executor);
    executor.onLost = (reason) => this.#remove(executor, reason);
  }

  #remove(executor, reason) {
    this.#live.delete(executor);
    this.#idle = this.#idle.filter((e) => e !== executor);
    if (this.#live.size === 0) this.#replace(reason);
  }

  #replace(reason) {
    if (this.#disposed || this.#replacing) return;
    this.#replacing = Promise.resolve()
      .then(() => this.onAllLost(reason))
      .then(
        (executor) => {
          this.#replacing = null;
          if (this.#disposed) executor.terminate();
          else this.#add(executor);
          this.#pump();
        },
        (err) => {
          this.#replacing = null;
          for (const task of this.#queue.splice(0)) task.reject(err);
        },
      );
  }

  #pump() {
    while (this.#queue.length > 0 && this.#idle.length > 0) {
      this.#start(this.#idle.shift(), this.#queue.shift());
    }
  }

  #start(executor, task) {
    executor.call(task.op, task.args).then(
      (result) => {
        task.resolve(result);
        this.#release(executor);
      },
      (err) => {
        if (err?.executorLost && this.#disposed) {
          task.reject(new Error(DISPOSED));
          return;
        }
        if (err?.executorLost && task.retries++ < 3) {
          this.#queue.unshift(task);
          this.#pump();
          return;
        }
        task.reject(err);
        this.#release(executor);
      },
    );
  }

  #release(executor) {
    if (!this.#live.has(executor)) return;
    this.#idle.push(executor);
    this.#pump();
  }
}
