// Command-line parsing shared by the ai2048 commands. Errors are thrown as
// UsageError and reported by main with exit status 2.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "eval/evaluation.h"
#include "search/search_settings.h"
#include "session/engine_session.h"

namespace g2048::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A whole number as the options take one: 1 to 19 decimal digits, nothing
// else (no sign, no spaces), so it always fits in 64 bits. False otherwise.
bool parse_whole_number(const std::string& text, std::uint64_t* out);

// The pieces of a comma-separated list, empty ones included: "a,,b" gives a,
// "" and b; "" gives one empty piece. Each option says what an empty one means.
std::vector<std::string> comma_separated(const std::string& text);

// Walks "--name value" pairs; commands ask for what they know and reject the rest.
class Args {
 public:
  explicit Args(std::vector<std::string> args) : args_(std::move(args)) {}
  std::vector<std::string> positional() const;
  bool has(const std::string& name) const;
  // A flag without a value (declared in kFlags below).
  bool has_flag(const std::string& name) const;
  std::string text(const std::string& name, const std::string& fallback) const;
  std::uint64_t count(const std::string& name, std::uint64_t fallback, std::uint64_t min,
                      std::uint64_t max) const;
  double number(const std::string& name, double fallback, double min, double max) const;
  // Throws on any option not in known (and on a missing value).
  void check_known(const std::vector<std::string>& known) const;

 private:
  const std::string* value_of(const std::string& name) const;
  std::vector<std::string> args_;
};

// What selfplay and arena share: --games --seed --jobs --max-moves, and no board.
struct GameRunOptions {
  std::uint64_t games = 1;
  std::uint64_t seed = 1;
  unsigned jobs = 1;
  std::uint64_t max_moves = 0;  // 0: play to the end
};
GameRunOptions game_run_options(const Args& args, const std::string& command,
                                std::uint64_t default_games);

// Options that take no value.
extern const std::vector<std::string> kFlags;

// Search options: --depth --nodes --time-ms --min-depth --max-depth --cutoff --table-bits
// --threads --phase --late --late-drop.
extern const std::vector<std::string> kSearchOptions;
SearchSettings search_settings(const Args& args);
// --weights name=value,...
HeuristicWeights heuristic_weights(const Args& args);
// --eval heuristic|network, --network FILE, --weights: the evaluation, with the
// network loaded (once per file). Default: the shipped network when present.
EvaluationSettings evaluation_settings(const Args& args);
// The CLI's engine session (session/engine_session.h): the files it loaded.
EngineSession& session();
// Whether any of --depth --nodes --time-ms --min-depth --max-depth is given.
bool budget_given(const Args& args);
// With none of them: the evaluation's default depth, if it has one (the
// network's 2), as EngineSession::apply_default_depth.
void apply_default_depth(const Args& args, const EvaluationSettings& evaluation, SearchSettings* s);
// selfplay's default with the network and no budget: the node twin of the
// page's default (10 ms a move on 2 threads, the phase allocation) with the
// shipped network, so that `selfplay` and `selfplay --from FILE` measure what
// the page plays. The twin scales with the nodes the page searches at 10 ms in
// Chromium: the first 8 x 6 searched 129,640 a move there and got 100,000; the
// shipped file (its 12-bit store is faster to read) searches 168,727, so
// 130,000 (docs/results/2026-11-eight-by-six-at-the-page.md,
// docs/results/2026-12-page-twin.md).
constexpr std::uint64_t kPageTwinNodes = 130000;
// The page's default deepens to depth 3 at most (web/src/ui/presets.js
// DEFAULT_MAX_DEPTH): its twin made the 32768 from 66 of 100 harvested 16384
// boards capped so, and 55 uncapped (docs/results/2026-12-depth-cap.md).
constexpr int kPageTwinMaxDepth = 3;
// The weight step (score points) of the 16-bit networks the CLI writes. 64
// keeps the trained 4x6 network's file under the browser's 24 MB (23 MB, 26.9 M
// weights in use); a board's value moves by about 100 points of 100,000s, and
// over 100 seeded games neither the 1-ply nor the depth-1 average moved
// beyond noise against a step of 8 (a 34 MB file).
constexpr float kDefaultWeightStep = 64.0f;
// $AI2048_NETWORK, else the network shipped in the source tree.
std::string default_network_path();

}  // namespace g2048::cli
