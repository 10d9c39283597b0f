#include "cli/options.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace g2048::cli {

const std::vector<std::string> kSearchOptions = {
    "--depth",      "--nodes",        "--time-ms",
    "--min-depth",  "--max-depth",    "--cutoff",
    "--table-bits", "--weights",      "--eval",
    "--network",    "--downgrade",    "--threads",
    "--phase",      "--late",         "--late-drop",
    "--late-eval",  "--late-weights", "--crowded-max-depth"};

const std::vector<std::string> kFlags = {"--list",    "--coherence", "--resume", "--restarts",
                                         "--forward", "--census",    "--fold"};

namespace {
bool is_flag(const std::string& a) {
  for (const auto& f : kFlags)
    if (a == f) return true;
  return false;
}
}  // namespace

bool Args::has_flag(const std::string& name) const {
  for (const auto& a : args_)
    if (a == name) return true;
  return false;
}

std::vector<std::string> Args::positional() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args_.size(); ++i) {
    if (args_[i].rfind("--", 0) == 0) {
      if (!is_flag(args_[i])) ++i;  // skip its value
      continue;
    }
    out.push_back(args_[i]);
  }
  return out;
}

const std::string* Args::value_of(const std::string& name) const {
  for (std::size_t i = 0; i < args_.size(); ++i) {
    if (is_flag(args_[i])) continue;
    if (args_[i] != name) continue;
    if (i + 1 >= args_.size()) throw UsageError(name + " needs a value");
    return &args_[i + 1];
  }
  return nullptr;
}

std::vector<std::string> comma_separated(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t from = 0;;) {
    const std::size_t comma = text.find(',', from);
    out.push_back(text.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
    if (comma == std::string::npos) return out;
    from = comma + 1;
  }
}

bool parse_whole_number(const std::string& text, std::uint64_t* out) {
  bool digits = !text.empty() && text.size() <= 19;
  for (char c : text) digits = digits && c >= '0' && c <= '9';
  if (digits) *out = std::strtoull(text.c_str(), nullptr, 10);
  return digits;
}

bool Args::has(const std::string& name) const { return value_of(name) != nullptr; }

std::string Args::text(const std::string& name, const std::string& fallback) const {
  const std::string* v = value_of(name);
  return v ? *v : fallback;
}

std::uint64_t Args::count(const std::string& name, std::uint64_t fallback, std::uint64_t min,
                          std::uint64_t max) const {
  const std::string* v = value_of(name);
  if (!v) return fallback;
  std::uint64_t n = 0;
  if (!parse_whole_number(*v, &n) || n < min || n > max)
    throw UsageError(name + " must be a whole number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", got \"" + *v + "\"");
  return n;
}

double Args::number(const std::string& name, double fallback, double min, double max) const {
  const std::string* v = value_of(name);
  if (!v) return fallback;
  char* end = nullptr;
  double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || !std::isfinite(x) || x < min || x > max)
    throw UsageError(name + " must be a number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", got \"" + *v + "\"");
  return x;
}

void Args::check_known(const std::vector<std::string>& known) const {
  for (std::size_t i = 0; i < args_.size(); ++i) {
    if (args_[i].rfind("--", 0) != 0) continue;
    bool ok = false;
    for (const auto& k : known) ok = ok || k == args_[i];
    if (!ok) throw UsageError("unknown option " + args_[i]);
    if (is_flag(args_[i])) continue;
    if (i + 1 >= args_.size()) throw UsageError(args_[i] + " needs a value");
    ++i;
  }
}

SearchSettings search_settings(const Args& args) {
  SearchSettings s;
  s.depth = static_cast<int>(args.count("--depth", 0, 0, kMaxSearchDepth));
  s.nodes = args.count("--nodes", 0, 1, UINT64_MAX / 2);
  s.time_ms = args.number("--time-ms", 0, 0.001, 1e7);
  s.min_depth = static_cast<int>(args.count("--min-depth", s.min_depth, 1, kMaxSearchDepth));
  s.max_depth = static_cast<int>(args.count("--max-depth", s.max_depth, 1, kMaxSearchDepth));
  s.crowded_max_depth = static_cast<int>(args.count("--crowded-max-depth", 0, 1, kMaxSearchDepth));
  s.prob_cutoff = args.number("--cutoff", s.prob_cutoff, 0, 0.999999);
  s.table_bits = static_cast<int>(args.count("--table-bits", s.table_bits, 10, 26));
  s.threads = static_cast<int>(args.count("--threads", 1, 1, kMaxThreads));
  if (args.has("--late")) {
    std::string late = args.text("--late", "off");
    s.late_from = late == "off" ? 0 : static_cast<int>(args.count("--late", 0, 4, 65536));
    if (s.late_from & (s.late_from - 1))
      throw UsageError("--late must be a tile (a power of two from 4 to 65536) or off, got \"" +
                       late + "\"");
  }
  s.late_drop = args.number("--late-drop", s.late_drop, 0, 0.99);
  std::string late_eval = args.text("--late-eval", "same");
  if (late_eval != "same" && late_eval != "subgame")
    throw UsageError("--late-eval must be same or subgame, got \"" + late_eval + "\"");
  s.late_subgame = late_eval == "subgame";
  if (args.has("--late-weights")) {
    if (!s.late_subgame) throw UsageError("--late-weights tunes --late-eval subgame");
    std::string error;
    if (!parse_subgame_weights(args.text("--late-weights", ""), &s.late_weights, &error))
      throw UsageError(error);
  }
  std::string phase = args.text("--phase", "off");
  if (phase != "on" && phase != "off")
    throw UsageError("--phase must be on or off, got \"" + phase + "\"");
  s.phase = phase == "on";
  if (s.phase && !s.nodes && !args.has("--time-ms"))
    throw UsageError("--phase on spreads a budget over the game: give --nodes K or --time-ms T");
  if (args.has("--depth") && s.depth == 0) {
    // --depth 0: no look-ahead (see search_settings.h).
    if (args.has("--min-depth") || args.has("--max-depth"))
      throw UsageError("--depth 0 takes no --min-depth or --max-depth");
    s.min_depth = s.max_depth = 0;
  }
  std::string problem = validate_settings(s);
  if (!problem.empty()) throw UsageError(problem);
  return s;
}

HeuristicWeights heuristic_weights(const Args& args) {
  HeuristicWeights w;
  std::string error;
  if (args.has("--weights") && !parse_weights(args.text("--weights", ""), &w, &error))
    throw UsageError(error);
  return w;
}

namespace {

// The session loads each network once and shares it with every thread's player.
std::shared_ptr<const QuantizedNetwork> shared_network(const std::string& path) {
  std::string error;
  auto net = session().network_file(path, &error);
  if (!net) throw UsageError(error);
  return net;
}

bool file_exists(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f) std::fclose(f);
  return f != nullptr;
}

}  // namespace

EngineSession& session() {
  static EngineSession instance;
  return instance;
}

bool budget_given(const Args& args) {
  for (const char* option : {"--depth", "--nodes", "--time-ms", "--min-depth", "--max-depth"})
    if (args.has(option)) return true;
  return false;
}

void apply_default_depth(const Args& args, const EvaluationSettings& evaluation,
                         SearchSettings* s) {
  EngineSession::apply_default_depth(evaluation, budget_given(args), s);
}

std::string default_network_path() {
  const char* env = std::getenv("AI2048_NETWORK");
  return env && *env ? env : AI2048_DEFAULT_NETWORK;
}

GameRunOptions game_run_options(const Args& args, const std::string& command,
                                std::uint64_t default_games) {
  if (!args.positional().empty())
    throw UsageError(command + " takes no board; unexpected \"" + args.positional()[0] + "\"");
  GameRunOptions o;
  o.games = args.count("--games", default_games, 1, 1000000);
  o.seed = args.count("--seed", 1, 0, UINT64_MAX / 2);
  o.jobs = static_cast<unsigned>(args.count("--jobs", 1, 1, 256));
  o.max_moves = args.count("--max-moves", 0, 0, UINT64_MAX / 2);
  return o;
}

EvaluationSettings evaluation_settings(const Args& args) {
  EvaluationSettings e;
  e.weights = heuristic_weights(args);
  std::string path = args.text("--network", default_network_path());
  // Default: the shipped network when it is there, else the heuristic.
  // The names are the evaluation list's (eval/evaluator.h); --weights and
  // --downgrade are the heuristic's and the network's own options.
  const std::string network = NetworkEval::kName, heuristic = Heuristic::kName;
  std::string fallback = args.has("--network") || file_exists(path) ? network : heuristic;
  if (args.has("--weights")) fallback = heuristic;
  e.name = args.text("--eval", fallback);
  const auto& names = evaluation_names();
  if (std::find(names.begin(), names.end(), e.name) == names.end()) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : " or ") + n;
    throw UsageError("--eval must be " + list + ", got \"" + e.name + "\"");
  }
  if (e.name != heuristic && args.has("--weights"))
    throw UsageError("--weights tunes the heuristic; it does not apply to --eval " + e.name);
  std::string downgrade = args.text("--downgrade", "on");
  if (downgrade != "on" && downgrade != "off")
    throw UsageError("--downgrade must be on or off, got \"" + downgrade + "\"");
  if (args.has("--downgrade") && e.name != network)
    throw UsageError("--downgrade applies to --eval network only");
  e.downgrade = downgrade == "on";
  if (e.name == network) e.network = shared_network(path);
  return e;
}

}  // namespace g2048::cli
