// A one-slot mailbox in shared memory, one writer and one reader: the engine's
// requests and answers travel through a pair of them between the page and a
// worker wherever the two share memory (a cross-origin isolated page, Node).
// Why not postMessage: every message leaves a Blink MessageEvent whose native
// memory waits for a full garbage collection, about 3 KB a round trip, and a
// page that only asks for moves allocates too little JavaScript to start one:
// 20,000 round trips grew a tab by 60 MB, the same over a mailbox by none
// (docs/results/2026-11-tab-memory.md). A mailbox leaves only V8's own strings,
// which its young-generation collections take.
//
// Layout: Int32 [state, length], then the message's JSON as UTF-16 code units.
// Only plain data goes in (objects, arrays, strings, finite numbers, booleans,
// null), so a message reads back exactly as structured clone would give it;
// anything else (a compiled module, a typed array, undefined, NaN) is refused
// and the caller sends it by postMessage instead.

const STATE = 0;
const LENGTH = 1;
const HEADER_BYTES = 8;
const EMPTY = 0;
const FULL = 1;
const MAILBOX_BYTES = 64 * 1024;
const CHUNK = 4096;

// Whether this context can run a mailbox: shared memory, and waiting on it
// without blocking (Atomics.waitAsync: Chromium 87, Safari 16.4).
export function mailboxSupported(scope = globalThis) {
  return (
    typeof scope.SharedArrayBuffer === 'function' &&
    typeof scope.Atomics?.waitAsync === 'function' &&
    scope.crossOriginIsolated !== false
  );
}

const NOT_PLAIN = Symbol('not plain data');

// A JSON.stringify replacer that throws NOT_PLAIN on anything JSON would not
// give back unchanged. It checks the holder's own value, before any toJSON
// (the root's holder is JSON.stringify's wrapper {"": message}).
function plainOnly(key, value) {
  const original = this[key];
  if (original === null || typeof original === 'string' || typeof original === 'boolean') return value;
  if (typeof original === 'number' && Number.isFinite(original) && !Object.is(original, -0)) return value;
  if (Array.isArray(original)) return value;
  if (typeof original === 'object') {
    const proto = Object.getPrototypeOf(original);
    if (proto === Object.prototype || proto === null) return value;
  }
  throw NOT_PLAIN;
}

// The message's JSON, or null when it is not plain data.
export function plainJson(message) {
  try {
    return JSON.stringify(message, plainOnly);
  } catch (err) {
    if (err === NOT_PLAIN) return null;
    throw err;
  }
}

export class Mailbox {
  #buffer;
  #ints;
  #units;
  #closed = false;
  #writes = Promise.resolve();

  // buffer: a SharedArrayBuffer from Mailbox.createBuffer, the same on both sides.
  constructor(buffer) {
    this.#buffer = buffer;
    this.#ints = new Int32Array(buffer, 0, 2);
    this.#units = new Uint16Array(buffer, HEADER_BYTES);
  }

  static createBuffer(bytes = MAILBOX_BYTES) {
    return new SharedArrayBuffer(bytes);
  }

  get buffer() {
    return this.#buffer;
  }

  // Queues the message and returns true, or returns false (nothing queued)
  // when it is not plain data or does not fit: send it another way then.
  trySend(message) {
    if (this.#closed) return false;
    const text = plainJson(message);
    if (text === null || text.length > this.#units.length) return false;
    this.#writes = this.#writes.then(() => this.#write(text));
    return true;
  }

  // Calls onMessage with each message, in order, until close(). A message
  // that does not parse (a foreign writer) goes to onError, and reading stops.
  // Should onMessage throw, the error is thrown again on its own (as from a
  // message handler) and reading goes on.
  async listen(onMessage, onError) {
    while (!this.#closed) {
      if (Atomics.load(this.#ints, STATE) !== FULL) {
        const wait = Atomics.waitAsync(this.#ints, STATE, EMPTY);
        if (wait.async) await wait.value;
        continue;
      }
      const text = this.#read();
      Atomics.store(this.#ints, STATE, EMPTY);
      Atomics.notify(this.#ints, STATE);
      let message;
      try {
        message = JSON.parse(text);
      } catch (err) {
        this.close();
        onError?.(err);
        return;
      }
      try {
        onMessage(message);
      } catch (err) {
        setTimeout(() => {
          throw err;
        });
      }
    }
  }

  // Stops listen() and drops the writes not yet made; wakes both ends' waits.
  close() {
    this.#closed = true;
    Atomics.notify(this.#ints, STATE);
  }

  async #write(text) {
    while (Atomics.load(this.#ints, STATE) !== EMPTY) {
      if (this.#closed) return;
      const wait = Atomics.waitAsync(this.#ints, STATE, FULL);
      if (wait.async) await wait.value;
    }
    if (this.#closed) return;
    for (let i = 0; i < text.length; i++) this.#units[i] = text.charCodeAt(i);
    this.#ints[LENGTH] = text.length;
    Atomics.store(this.#ints, STATE, FULL);
    Atomics.notify(this.#ints, STATE);
  }

  #read() {
    const length = Math.min(this.#ints[LENGTH], this.#units.length);
    let text = '';
    for (let i = 0; i < length; i += CHUNK) {
      text += String.fromCharCode.apply(null, this.#units.subarray(i, Math.min(length, i + CHUNK)));
    }
    return text;
  }
}
