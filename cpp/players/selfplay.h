// One seeded game from the first spawn to game over, the player's moves chosen
// by a search function and the tiles placed by a spawner (spawner.h). The game
// is exact (Tiles) whatever the search sees.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/tiles.h"
#include "players/spawner.h"
#include "search/search_settings.h"

namespace g2048 {

struct GameRecord {
  std::uint64_t seed = 0;
  std::uint64_t score = 0;
  int max_exponent = 0;
  std::uint64_t moves = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  double cpu_seconds = 0;  // the playing thread's CPU time, where the caller measures it
  std::string stopped;     // why the spawner placed no tile, when it stopped the game early
};

struct TurnRecord {
  Tiles before;
  int dir;
  std::uint64_t gain;
  Tiles after;              // after the move and its spawn
  int depth = 0;            // the search's depth reached
  double ms = 0;            // the search's time
  bool from_table = false;  // an endgame table chose the move
  int search_dir = -1;      // then the search's own choice (SearchResult::search_best)
  double phase_factor = 0;  // the budget's phase factor (settings.phase), else 0
  double allocation = 0;    // its allocation over the budget (settings.phase), else 0
  int late_walls = 0;       // the walls the late-game search kept, when it chose the move
};

using ChooseMove = std::function<SearchResult(const Tiles&)>;
using OnTurn = std::function<void(const TurnRecord&)>;

// Plays until no move is legal (or max_moves, when not 0). The spawns come
// from Rng(seed): two for the start, then one after every move.
GameRecord play_game(std::uint64_t seed, const ChooseMove& choose, const OnTurn& on_turn = {},
                     std::uint64_t max_moves = 0);

// The same with any spawner, which draws (if at all) from Rng(seed): with a
// RandomSpawner this is the game above, move for move. A spawner that fails
// ends the game, its reason in GameRecord::stopped.
GameRecord play_game(std::uint64_t seed, const ChooseMove& choose, Spawner& spawner,
                     const OnTurn& on_turn = {}, std::uint64_t max_moves = 0);

// A game from a given board (a harvested position: no opening spawns), its
// spawns from Rng(seed). The record's score counts the moves played here only.
GameRecord play_game_from(const Tiles& start, std::uint64_t seed, const ChooseMove& choose,
                          Spawner& spawner, const OnTurn& on_turn = {},
                          std::uint64_t max_moves = 0);

}  // namespace g2048
