#include "players/player.h"

#include "players/corner.h"
#include "players/expectimax_player.h"
#include "players/greedy.h"
#include "players/minimax_player.h"
#include "players/monte_carlo.h"

namespace g2048 {

const std::vector<std::string>& player_names() {
  static const std::vector<std::string> names = {"expectimax", "minimax", "montecarlo", "greedy",
                                                 "corner"};
  return names;
}

std::string player_names_text() {
  std::string out;
  for (const auto& n : player_names()) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string validate_player_settings(const std::string& name, const PlayerSettings& s) {
  bool known = false;
  for (const auto& n : player_names()) known = known || n == name;
  if (!known) return "unknown player \"" + name + "\" (" + player_names_text() + ")";
  if (name == "expectimax") {
    std::string problem = validate_evaluation(s.evaluation);
    return problem.empty() ? validate_settings(s.search) : problem;
  }
  if (name == "minimax") return validate_settings(s.search);
  if (name == "montecarlo") {
    if (s.playouts < 1 || s.playouts > kMaxPlayouts)
      return "playouts must be from 1 to " + std::to_string(kMaxPlayouts) + ", got " +
             std::to_string(s.playouts);
    if (s.playout_depth < 0 || s.playout_depth > kMaxPlayoutDepth)
      return "playout depth must be from 0 (to the end) to " + std::to_string(kMaxPlayoutDepth) +
             ", got " + std::to_string(s.playout_depth);
    if (s.search.depth != 0) return "montecarlo takes playouts, not a search depth";
    return validate_settings(s.search);
  }
  return "";
}

std::unique_ptr<Player> make_player(const std::string& name, const PlayerSettings& s,
                                    std::string* error) {
  std::string problem = validate_player_settings(name, s);
  if (!problem.empty()) {
    *error = problem;
    return nullptr;
  }
  if (name == "expectimax") return std::make_unique<ExpectimaxPlayer>(s.search, s.evaluation);
  if (name == "minimax") return std::make_unique<MinimaxPlayer>(s.search, s.alpha_beta);
  if (name == "montecarlo")
    return std::make_unique<MonteCarloPlayer>(s.playouts, s.playout_depth, s.search, s.seed);
  if (name == "greedy") return std::make_unique<GreedyPlayer>();
  return std::make_unique<CornerPlayer>();
}

}  // namespace g2048
