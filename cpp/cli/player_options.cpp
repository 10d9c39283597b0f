#include "cli/player_options.h"

namespace g2048::cli {

const std::vector<std::string> kPlayerTuningOptions = {"--playouts", "--playout-depth",
                                                       "--evil-depth"};

PlayerSettings player_settings(const Args& args, const SearchSettings& search) {
  PlayerSettings p;
  p.search = search;
  p.evaluation = evaluation_settings(args);
  p.playouts = static_cast<int>(args.count("--playouts", p.playouts, 1, kMaxPlayouts));
  p.playout_depth =
      static_cast<int>(args.count("--playout-depth", p.playout_depth, 0, kMaxPlayoutDepth));
  return p;
}

void check_player(const std::string& name, const PlayerSettings& settings) {
  std::string problem = validate_player_settings(name, settings);
  if (!problem.empty()) throw UsageError(problem);
}

SpawnerSettings spawner_settings(const Args& args) {
  SpawnerSettings s;
  s.evil_depth = static_cast<int>(args.count("--evil-depth", s.evil_depth, 0, kMaxEvilDepth));
  return s;
}

void check_spawner_name(const std::string& name) {
  for (const auto& n : spawner_names())
    if (n == name) return;
  throw UsageError("unknown spawner \"" + name + "\" (" + spawner_names_text() + ")");
}

}  // namespace g2048::cli
