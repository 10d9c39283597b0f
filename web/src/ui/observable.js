// The views' side of a controller: on('update', listener) calls listener with
// (controller, reason) whenever the controller's state changes.
import { Emitter } from '../game/emitter.js';

export class Observable extends Emitter {
  notify(reason) {
    this.emit('update', this, reason);
  }
}
