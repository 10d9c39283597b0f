// The views' side of a controller: listeners called with (controller, reason)
// whenever the controller's state changes.
import { Emitter } from '../game/emitter.js';

export class Observable {
  constructor() {
    this.updates = new Emitter();
  }

  // Returns a function that removes the listener.
  onUpdate(listener) {
    return this.updates.add(listener);
  }

  emit(reason) {
    this.updates.emit(this, reason);
  }
}
