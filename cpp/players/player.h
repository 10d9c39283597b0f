// The common face of every 2048 player: a board in, a direction with the four
// directions' values and the search's statistics out (SearchResult). Players
// are built by name from plain settings, so the CLI and the WebAssembly
// bindings can pass the same data. No exceptions: errors come back as text.
//
// Players (see each file for the details):
//   expectimax  the project's solver (expectimax.h), the default
//   minimax     the spawner as an adversary; alpha-beta, iterative deepening (minimax_player.h)
//   montecarlo  K random playouts per legal move, best average score (monte_carlo.h)
//   greedy      the move that merges the most tiles now (greedy.h)
//   corner      down or left while one moves, else right, up only when forced (corner.h)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/tiles.h"
#include "eval/evaluation.h"
#include "search/search_settings.h"

namespace g2048 {

struct PlayerSettings {
  SearchSettings search;          // expectimax and minimax budget; montecarlo: nodes/time_ms
  EvaluationSettings evaluation;  // expectimax's evaluation (evaluation.h)
  int playouts = 100;             // montecarlo: random playouts per legal move
  int playout_depth = 0;          // montecarlo: moves per playout; 0 plays to the end
  bool alpha_beta = true;         // minimax: false is plain minimax (same answer, slower)
  std::uint64_t seed = 1;         // montecarlo's random stream (mixed with the board)
};

constexpr int kMaxPlayouts = 1000000;
constexpr int kMaxPlayoutDepth = 1000000;

class Player {
 public:
  virtual ~Player() = default;
  // The move for this board: best is -1 only when no move is legal; values[d]
  // is kIllegal exactly for the directions that do not move. Deterministic for
  // the player's settings and seed, except under a time budget.
  virtual SearchResult choose(const Tiles& board) = 0;
  // A new random stream (players without randomness ignore it).
  virtual void set_seed(std::uint64_t /*seed*/) {}
};

// "expectimax", "minimax", "montecarlo", "greedy", "corner".
const std::vector<std::string>& player_names();
std::string player_names_text();  // "expectimax, minimax, ..." for messages

// Empty when the settings are usable by that player; otherwise one line.
std::string validate_player_settings(const std::string& name, const PlayerSettings& settings);

// The named player, or null with *error set (unknown name, bad settings).
std::unique_ptr<Player> make_player(const std::string& name, const PlayerSettings& settings,
                                    std::string* error);

}  // namespace g2048
