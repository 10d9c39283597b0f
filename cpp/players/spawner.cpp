#include "players/spawner.h"

#include <algorithm>
#include <limits>

namespace g2048 {

std::string check_placement(const Tiles& board, int cell, int value) {
  if (cell < 0 || cell > 15)
    return "cell must be from 0 to 15 (row-major from the top-left), got " + std::to_string(cell);
  if (value != 2 && value != 4) return "a new tile is a 2 or a 4, got " + std::to_string(value);
  if (board.exponent[cell] != 0)
    return "cell " + std::to_string(cell) + " is not empty (it holds a " +
           std::to_string(1ULL << board.exponent[cell]) + ")";
  return "";
}

bool apply_placement(Tiles* board, const Placement& p, std::string* error) {
  std::string problem = check_placement(*board, p.cell, p.value);
  if (!problem.empty()) {
    *error = problem;
    return false;
  }
  board->exponent[p.cell] = static_cast<std::uint8_t>(p.value == 4 ? 2 : 1);
  return true;
}

bool RandomSpawner::place(const Tiles& board, bool, Rng& rng, Placement* out, std::string* error) {
  // Through spawn() itself, so the draws are exactly the game's.
  Tiles next = board;
  if (!spawn(&next, rng)) {
    *error = "no empty cell for a new tile";
    return false;
  }
  for (int i = 0; i < 16; ++i) {
    if (next.exponent[i] == board.exponent[i]) continue;
    *out = Placement{i, next.exponent[i] == 2 ? 4 : 2};
    return true;
  }
  *error = "no tile was placed";
  return false;
}

EvilSpawner::EvilSpawner(int depth, Evaluator evaluator)
    : depth_(depth), search_(std::move(evaluator), true) {}

bool EvilSpawner::place(const Tiles& board, bool opening, Rng& rng, Placement* out,
                        std::string* error) {
  if (opening) return opening_.place(board, opening, rng, out, error);
  Board b = to_search_board(board);  // the same empty cells as the real board
  struct Option {
    Board child;
    double key;
    Placement p;
  };
  Option options[32];
  int n = 0;
  for (int i = 0; i < 16; ++i) {
    if (board.exponent[i] != 0) continue;
    for (int e : {1, 2}) {
      Board child = b | (Board(e) << (4 * i));
      options[n++] = Option{child, search_.evaluate(child), Placement{i, e == 1 ? 2 : 4}};
    }
  }
  if (n == 0) {
    *error = "no empty cell for a new tile";
    return false;
  }
  // Statically worst first: the bound it sets lets the others stop early.
  std::stable_sort(options, options + n,
                   [](const Option& x, const Option& y) { return x.key < y.key; });
  double worst = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) {
    // Fail-soft with beta = worst: a value below it is exact, the rest only
    // proved no worse for the player.
    double v = depth_ == 0
                   ? options[i].key
                   : search_.player_to_move(options[i].child, depth_,
                                            -std::numeric_limits<double>::infinity(), worst);
    if (v < worst) {
      worst = v;
      *out = options[i].p;
    }
  }
  return true;
}

bool HumanSpawner::place(const Tiles& board, bool, Rng&, Placement* out, std::string* error) {
  if (!ask_) {
    *error = "the human spawner has no one to ask for tiles";
    return false;
  }
  Placement p;
  if (!ask_(board, &p)) {
    *error = "the person placed no tile";
    return false;
  }
  std::string problem = check_placement(board, p.cell, p.value);
  if (!problem.empty()) {
    *error = problem;
    return false;
  }
  *out = p;
  return true;
}

const std::vector<std::string>& spawner_names() {
  static const std::vector<std::string> names = {"random", "evil", "human"};
  return names;
}

std::string spawner_names_text() {
  std::string out;
  for (const auto& n : spawner_names()) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::unique_ptr<Spawner> make_spawner(const std::string& name, const SpawnerSettings& s,
                                      std::string* error) {
  if (name == "random") return std::make_unique<RandomSpawner>();
  if (name == "evil") {
    if (s.evil_depth < 0 || s.evil_depth > kMaxEvilDepth) {
      *error = "evil depth must be from 0 to " + std::to_string(kMaxEvilDepth) + ", got " +
               std::to_string(s.evil_depth);
      return nullptr;
    }
    std::string problem = validate_evaluation(s.evaluation);
    if (!problem.empty()) {
      *error = problem;
      return nullptr;
    }
    return std::make_unique<EvilSpawner>(s.evil_depth, make_evaluator(s.evaluation));
  }
  if (name == "human") {
    if (!s.ask) {
      *error = "the human spawner needs a person to place the tiles";
      return nullptr;
    }
    return std::make_unique<HumanSpawner>(s.ask);
  }
  *error = "unknown spawner \"" + name + "\" (" + spawner_names_text() + ")";
  return nullptr;
}

}  // namespace g2048
