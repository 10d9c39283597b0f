// The one listener idiom of the game, the controllers and the input: add a
// listener, get back the function that removes it; emit calls every listener.
export class Emitter {
  constructor() {
    this.listeners = new Set();
  }

  add(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(...args) {
    for (const listener of this.listeners) listener(...args);
  }
}
