// The other side of the game: who places the new tile after each move.
//   random  the game's own rule (spawn() in tiles.h): a uniform empty cell, 4
//           one time in ten; it draws from the game's Rng exactly as spawn() does
//   evil    "Evil 2048": the cell and value (2 or 4) that minimise the player's
//           best evaluation `depth` replies ahead (minimax over the player's
//           moves and its own later placements, alpha-beta), scored by the
//           expectimax heuristic (heuristic.h) whoever the player is. Depth 0
//           minimises the heuristic of the board with the tile placed. Ties go to
//           the first placement searched (ordered by that static value, then
//           cell, then 2 before 4): no randomness. The game's two opening tiles
//           are random, so seeds still give different games.
//   human   "8402": a person places every tile, the two opening ones too; each
//           placement is asked from a callback and checked (empty cell, 2 or 4).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/rng.h"
#include "engine/tiles.h"
#include "eval/evaluation.h"
#include "search/minimax.h"

namespace g2048 {

struct Placement {
  int cell = -1;  // 0..15, row-major from the top-left
  int value = 0;  // 2 or 4
};

// Empty when the tile may go there; otherwise one line saying why not.
std::string check_placement(const Tiles& board, int cell, int value);
// Puts the tile on the board, or returns false with *error (board unchanged).
bool apply_placement(Tiles* board, const Placement& p, std::string* error);

class Spawner {
 public:
  virtual ~Spawner() = default;
  // Where the next tile goes on board (which has an empty cell). opening: one
  // of the game's two first tiles. False, with *error, when no tile comes
  // (no empty cell, or the person stopped).
  virtual bool place(const Tiles& board, bool opening, Rng& rng, Placement* out,
                     std::string* error) = 0;
};

class RandomSpawner : public Spawner {
 public:
  bool place(const Tiles& board, bool opening, Rng& rng, Placement* out,
             std::string* error) override;
};

constexpr int kMaxEvilDepth = 4;

class EvilSpawner : public Spawner {
 public:
  explicit EvilSpawner(int depth, Evaluator evaluator = make_evaluator(EvaluationSettings()));
  bool place(const Tiles& board, bool opening, Rng& rng, Placement* out,
             std::string* error) override;
  std::uint64_t nodes() const { return search_.nodes(); }

 private:
  int depth_;
  MinimaxSearcher search_;
  RandomSpawner opening_;
};

class HumanSpawner : public Spawner {
 public:
  // Asks for the next tile on this board; false when the person stops.
  using Ask = std::function<bool(const Tiles& board, Placement* out)>;
  explicit HumanSpawner(Ask ask) : ask_(std::move(ask)) {}
  bool place(const Tiles& board, bool opening, Rng& rng, Placement* out,
             std::string* error) override;

 private:
  Ask ask_;
};

struct SpawnerSettings {
  int evil_depth = 1;             // the evil spawner's look-ahead, 0..kMaxEvilDepth
  EvaluationSettings evaluation;  // the evil spawner's (evaluation.h); the heuristic by default
  HumanSpawner::Ask ask;          // the human spawner's source of tiles
};

// "random", "evil", "human".
const std::vector<std::string>& spawner_names();
std::string spawner_names_text();

// The named spawner, or null with *error set (unknown name, bad settings, a
// human spawner without a source of tiles).
std::unique_ptr<Spawner> make_spawner(const std::string& name, const SpawnerSettings& settings,
                                      std::string* error);

}  // namespace g2048
