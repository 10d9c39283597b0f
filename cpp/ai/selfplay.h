// One seeded game from the first spawn to game over, the player's moves chosen
// by a search function. The game is exact (Tiles) whatever the search sees.
#pragma once

#include <cstdint>
#include <functional>

#include "ai/search_settings.h"
#include "engine/tiles.h"

namespace g2048 {

struct GameRecord {
  std::uint64_t seed = 0;
  std::uint64_t score = 0;
  int max_exponent = 0;
  std::uint64_t moves = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct TurnRecord {
  Tiles before;
  int dir;
  std::uint64_t gain;
  Tiles after;  // after the move and its spawn
};

using ChooseMove = std::function<SearchResult(const Tiles&)>;
using OnTurn = std::function<void(const TurnRecord&)>;

// Plays until no move is legal (or max_moves, when not 0). The spawns come
// from Rng(seed): two for the start, then one after every move.
GameRecord play_game(std::uint64_t seed, const ChooseMove& choose, const OnTurn& on_turn = {},
                     std::uint64_t max_moves = 0);

}  // namespace g2048
