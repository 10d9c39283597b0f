// The one listener idiom of the game, the controllers, the history, the judge
// and the input: on(event, listener) adds a listener and returns the function
// that removes it; emit(event, ...args) calls the event's listeners with args.
export class Emitter {
  #listeners = new Map(); // event name -> Set of listeners

  on(event, listener) {
    if (!this.#listeners.has(event)) this.#listeners.set(event, new Set());
    const listeners = this.#listeners.get(event);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  emit(event, ...args) {
    const listeners = this.#listeners.get(event);
    if (listeners) for (const listener of listeners) listener(...args);
  }
}
