#include "players/selfplay.h"

#include <chrono>

namespace g2048 {

GameRecord play_game(std::uint64_t seed, const ChooseMove& choose, const OnTurn& on_turn,
                     std::uint64_t max_moves) {
  RandomSpawner spawner;
  return play_game(seed, choose, spawner, on_turn, max_moves);
}

namespace {

// The game from *start, or from the opening spawns when start is null.
GameRecord play(const Tiles* start_board, std::uint64_t seed, const ChooseMove& choose,
                Spawner& spawner, const OnTurn& on_turn, std::uint64_t max_moves) {
  auto start = std::chrono::steady_clock::now();
  Rng rng(seed);
  GameRecord record;
  record.seed = seed;
  auto finish = [&](const Tiles& tiles) {
    record.max_exponent = max_exponent(tiles);
    record.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return record;
  };
  // Places the spawner's next tile on *t; false ends the game.
  auto place = [&](Tiles* t, bool opening) {
    Placement p;
    std::string error;
    if (spawner.place(*t, opening, rng, &p, &error) && apply_placement(t, p, &error)) return true;
    record.stopped = error;
    return false;
  };
  Tiles tiles;
  if (start_board) tiles = *start_board;
  else if (!place(&tiles, true) || !place(&tiles, true)) return finish(tiles);
  while (!game_over(tiles) && (max_moves == 0 || record.moves < max_moves)) {
    SearchResult choice = choose(tiles);
    MoveOutcome out = apply_move(tiles, choice.best);
    if (!out.moved) break;  // a player that returns an illegal move ends its game
    bool placed = place(&out.tiles, false);
    if (on_turn)
      on_turn(TurnRecord{tiles, choice.best, out.gain, out.tiles, choice.depth, choice.ms,
                         choice.table_rate >= 0, choice.search_best, choice.phase_factor,
                         choice.allocation, choice.late_walls});
    record.score += out.gain;
    record.nodes += choice.nodes;
    ++record.moves;
    tiles = out.tiles;
    if (!placed) break;
  }
  return finish(tiles);
}

}  // namespace

GameRecord play_game(std::uint64_t seed, const ChooseMove& choose, Spawner& spawner,
                     const OnTurn& on_turn, std::uint64_t max_moves) {
  return play(nullptr, seed, choose, spawner, on_turn, max_moves);
}

GameRecord play_game_from(const Tiles& start, std::uint64_t seed, const ChooseMove& choose,
                          Spawner& spawner, const OnTurn& on_turn, std::uint64_t max_moves) {
  return play(&start, seed, choose, spawner, on_turn, max_moves);
}

}  // namespace g2048
