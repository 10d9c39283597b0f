// "Evil 2048": the engine's evil spawner places each new tile where it hurts
// the player most (engine.evilSpawn), and the switch that turns it on and off.
// The opening tiles stay random, as in the C++ spawner (cpp/players/spawner.h).
export const EVIL_DEPTH = 1; // the engine's default look-ahead: a few ms a tile

// A game spawner (game/spawners.js) backed by an engine or a promise of one.
export function evilSpawner(engine, { depth = EVIL_DEPTH } = {}) {
  const ready = Promise.resolve(engine);
  return {
    placesOpening: false,
    depth,
    async place(board) {
      const { cell, value } = await (await ready).evilSpawn(board, { depth });
      return { cell, value };
    },
  };
}

// Binds a checkbox to a game's spawner: checked, the evil spawner places the
// tiles from the next one on. marker (optional) gets the class evil-mode.
export function bindEvilSwitch(checkbox, { game, spawner, marker = null, onChange = () => {} }) {
  const apply = () => {
    game.setSpawner(checkbox.checked ? spawner : null);
    marker?.classList.toggle('evil-mode', checkbox.checked);
  };
  checkbox.checked = game.spawner === spawner;
  apply();
  checkbox.addEventListener('change', () => {
    apply();
    onChange(checkbox.checked);
    checkbox.blur(); // the arrow keys go back to the board
  });
}
