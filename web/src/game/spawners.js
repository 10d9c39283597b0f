// Who places the new tiles of a game. Without a spawner the model's own rule
// does (a uniform empty cell, 4 one time in ten). A spawner is a plain object:
//
//   placesOpening   true: the two opening tiles are its too (a new game starts
//                   empty); false: they are random, as in the original
//   place(board)    the tile for this board (16 values, row-major) as
//                   {cell: 0..15 row-major, value: 2 or 4}, or a promise of it;
//                   null when someone else places it later (game.placeTile)
//
// "Evil 2048" is a spawner that asks the engine (evilSpawner in ui/evil_mode.js); "8402"
// uses personSpawner: the person clicks the tiles in.

export const personSpawner = Object.freeze({
  placesOpening: true,
  place: () => null,
});

// The problem with a spawner object as a sentence, or null.
export function spawnerProblem(spawner) {
  if (spawner === null || spawner === undefined) return null;
  if (typeof spawner !== 'object' || typeof spawner.place !== 'function') {
    return 'a spawner is an object with a place(board) method';
  }
  return null;
}

// A cell index (row-major) as the model's {x, y} position.
export function cellPosition(cell, size = 4) {
  return { x: cell % size, y: Math.floor(cell / size) };
}
