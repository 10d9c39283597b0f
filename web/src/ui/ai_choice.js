// Which player the AI controls use and at what strength, shared by the play
// and demo pages' AutoplayController and the 8402 page's AiResponder. A
// strength the player does not take becomes the player's default.
import { PLAYERS, findOrThrow, findPlayer, findStrength, strengthFor, strengthsFor } from './presets.js';
import { Observable } from './observable.js';

export class AiChoice extends Observable {
  constructor(playerId, strengthId) {
    super();
    this.player = findPlayer(playerId) || PLAYERS[0];
    this.strength = strengthFor(this.player.id, strengthId);
  }

  // An engine or a promise of one (the pages start before the wasm is ready):
  // this.engine once it is in, with an 'engine' event; a failure goes to the
  // subclass's fail(err).
  useEngine(engine) {
    this.enginePromise = Promise.resolve(engine);
    this.engine = null;
    this.enginePromise.then(
      (e) => {
        this.engine = e;
        this.notify('engine');
      },
      (err) => this.fail(err),
    );
  }

  setStrength(id) {
    const strength = findOrThrow(findStrength, id, 'strength');
    if (!strengthsFor(this.player.id).includes(strength)) {
      throw new Error(`the ${this.player.id} player does not take strength ${id}`);
    }
    this.strength = strength;
    this.notify('settings');
  }

  // Another player; the strength stays when the new player takes it.
  setPlayer(id) {
    const player = findOrThrow(findPlayer, id, 'player');
    this.player = player;
    this.strength = strengthFor(player.id, this.strength.id);
    this.notify('settings');
  }
}
