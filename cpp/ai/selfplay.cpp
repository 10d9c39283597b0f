#include "ai/selfplay.h"

#include <chrono>

namespace g2048 {

GameRecord play_game(std::uint64_t seed, const ChooseMove& choose, const OnTurn& on_turn,
                     std::uint64_t max_moves) {
  auto start = std::chrono::steady_clock::now();
  Rng rng(seed);
  GameRecord record;
  record.seed = seed;
  Tiles tiles = new_game(rng);
  while (!game_over(tiles) && (max_moves == 0 || record.moves < max_moves)) {
    SearchResult choice = choose(tiles);
    MoveOutcome out = apply_move(tiles, choice.best);
    if (!out.moved) break;  // a player that returns an illegal move ends its game
    spawn(&out.tiles, rng);
    if (on_turn) on_turn(TurnRecord{tiles, choice.best, out.gain, out.tiles});
    record.score += out.gain;
    record.nodes += choice.nodes;
    ++record.moves;
    tiles = out.tiles;
  }
  record.max_exponent = max_exponent(tiles);
  record.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return record;
}

}  // namespace g2048
