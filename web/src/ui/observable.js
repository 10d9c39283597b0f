// The views' side of a controller: listeners called with (controller, reason)
// whenever the controller's state changes.
export class Observable {
  constructor() {
    this.listeners = new Set();
  }

  // Returns a function that removes the listener.
  onUpdate(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(reason) {
    for (const listener of this.listeners) listener(this, reason);
  }
}
