// Fuzz target: the settings checks every search goes through
// (validate_settings, search_settings.h; validate_player_settings, player.h),
// fed whole settings structs of any values (format: settings_bytes.h), NaN,
// negative and huge included. What a check accepts must keep the promises
// the searches rely on; the cheap parts of a search that read the settings
// (the chosen depth, the budget guard, the time target) then run on them.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "players/player.h"
#include "search/budget.h"
#include "search/expectimax.h"
#include "search/search_settings.h"
#include "settings_bytes.h"

using namespace g2048;

namespace {

std::shared_ptr<const QuantizedNetwork> tiny_network() {
  static const std::shared_ptr<const QuantizedNetwork> net = [] {
    NTupleLayout layout;
    std::string error;
    QuantizedNetwork q;
    if (!NTupleLayout::parse("0 5", {}, &layout, &error) ||
        !QuantizedNetwork::allocate(layout, 1.0f, &q))
      std::abort();
    return std::make_shared<const QuantizedNetwork>(std::move(q));
  }();
  return net;
}

// validate_settings' promises (search_settings.h), checked field by field.
void check_search_settings(const SearchSettings& s, const std::string& problem) {
  if (!problem.empty()) return;
  int budgets = (s.depth != 0) + (s.nodes != 0) + (s.time_ms != 0);
  FUZZ_CHECK(budgets <= 1, "accepted %d budgets", budgets);
  FUZZ_CHECK(s.depth >= 0 && s.depth <= kMaxSearchDepth, "depth %d", s.depth);
  FUZZ_CHECK(std::isfinite(s.time_ms) && s.time_ms >= 0, "time %g", s.time_ms);
  FUZZ_CHECK(s.min_depth >= 0 && s.min_depth <= s.max_depth && s.max_depth <= kMaxSearchDepth,
             "depths %d..%d", s.min_depth, s.max_depth);
  FUZZ_CHECK(s.prob_cutoff >= 0 && s.prob_cutoff < 1, "cut-off %g", s.prob_cutoff);
  FUZZ_CHECK(s.table_bits >= 10 && s.table_bits <= 26, "table bits %d", s.table_bits);

  // What the searches compute from them.
  for (Board b : {Board{0}, Board{0x0123456789abcdefULL}, Board{0x1111111111111111ULL}}) {
    int depth = chosen_depth(b, s);
    FUZZ_CHECK(depth >= s.min_depth && depth <= s.max_depth, "chosen depth %d", depth);
  }
  float cutoff = static_cast<float>(s.prob_cutoff);
  FUZZ_CHECK(cutoff >= 0 && cutoff <= 1, "cut-off %g as float %g", s.prob_cutoff, cutoff);
  // Known: validate_settings takes any finite time, but a budget is armed as
  // an integer count of clock ticks, which overflows (undefined behaviour)
  // past about 9.2e12 ms. The CLI and the bindings stop at 1e7 ms before it;
  // only budgets within that are armed here.
  if (s.time_ms <= 1e7) {
    BudgetGuard guard;
    guard.arm(SearchClock::now(), 2 * s.nodes, s.time_ms * TimeTarget::kHardLimit);
    (void)guard.stop(BudgetGuard::kCheckEvery);
    if (s.time_ms > 0) {
      // Plain arithmetic on the budget: must not trap or divide by zero.
      (void)TimeTarget::next_fits({1, 4, 20}, 2, 25, s.time_ms * 0.75, s.time_ms);
      (void)TimeTarget::next_fits({}, 1, 0, s.time_ms, s.time_ms);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::SettingsInput in = fuzz::decode_settings(data, size);
  PlayerSettings& p = in.settings;
  switch (in.eval) {
    case fuzz::EvalChoice::kHeuristic: break;
    case fuzz::EvalChoice::kNetwork:
      p.evaluation.name = "network";
      p.evaluation.network = tiny_network();
      break;
    case fuzz::EvalChoice::kNetworkMissing: p.evaluation.name = "network"; break;
    case fuzz::EvalChoice::kRawName: p.evaluation.name = in.eval_name; break;
  }

  std::string problem = validate_settings(p.search);
  FUZZ_CHECK(problem.empty() || fuzz::one_line_message(problem), "message: %s", problem.c_str());
  FUZZ_CHECK(validate_settings(p.search) == problem, "two answers for the same settings");
  check_search_settings(p.search, problem);

  std::string evaluation_problem = validate_evaluation(p.evaluation);
  FUZZ_CHECK(evaluation_problem.empty() ==
                 (p.evaluation.name == "heuristic" ||
                  (p.evaluation.name == "network" && p.evaluation.network != nullptr)),
             "evaluation \"%s\": %s", p.evaluation.name.c_str(), evaluation_problem.c_str());

  // Every player's rules, and a name that may be none of them.
  std::vector<std::string> names = player_names();
  names.push_back(in.player);
  for (const std::string& name : names) {
    std::string player_problem = validate_player_settings(name, p);
    // One line, unless it repeats a name that has a line break itself.
    bool echoes_break =
        name.find('\n') != std::string::npos || p.evaluation.name.find('\n') != std::string::npos;
    FUZZ_CHECK(player_problem.empty() || fuzz::one_line_message(player_problem) ||
                   (echoes_break && !player_problem.empty()),
               "%s: %s", name.c_str(), player_problem.c_str());
    bool known =
        std::find(player_names().begin(), player_names().end(), name) != player_names().end();
    bool ok = player_problem.empty();
    if (!known) {
      FUZZ_CHECK(!ok && player_problem.find("unknown player") != std::string::npos,
                 "player \"%s\": %s", name.c_str(), player_problem.c_str());
    } else if (name == "expectimax") {
      FUZZ_CHECK(ok == (problem.empty() && evaluation_problem.empty()), "expectimax: %s",
                 player_problem.c_str());
    } else if (name == "minimax") {
      FUZZ_CHECK(player_problem == problem, "minimax: %s", player_problem.c_str());
    } else if (name == "montecarlo") {
      bool want = problem.empty() && p.playouts >= 1 && p.playouts <= kMaxPlayouts &&
                  p.playout_depth >= 0 && p.playout_depth <= kMaxPlayoutDepth &&
                  p.search.depth == 0;
      FUZZ_CHECK(ok == want, "montecarlo (%d playouts, depth %d): %s", p.playouts, p.playout_depth,
                 player_problem.c_str());
    } else {
      FUZZ_CHECK(ok, "%s takes no settings: %s", name.c_str(), player_problem.c_str());
    }
  }
  return 0;
}
