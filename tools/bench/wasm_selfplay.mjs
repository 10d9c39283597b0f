// Seeded self-play through the wasm bindings, the native play_game loop move
// for move: Rng(seed), two spawns, then search, move and spawn to the end.
export function playGame(module, seed, settings) {
  let { board, state } = module.newGame(seed);
  let score = 0;
  let moves = 0;
  while (!module.gameOver(board)) {
    const { dir } = module.search(board, settings);
    const moved = module.applyMove(board, dir);
    ({ board, state } = module.spawn(moved.board, state));
    score += moved.gain;
    moves += 1;
  }
  return { seed, score, moves, maxTile: Math.max(...board) };
}
