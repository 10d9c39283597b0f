// ai2048 train: learns an n-tuple network by TD(lambda) self-play (training/td_trainer.h),
// on every core by default, with a progress line on stderr, a JSON log (one
// line per window of games), checkpoints it resumes from, and a game or time
// limit. The final network is written 16-bit quantised (gzip when FILE.gz).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "cli/json.h"
#include "network/network_io.h"
#include "training/checkpoint.h"
#include "training/redundant_tuples.h"
#include "training/td_trainer.h"

namespace g2048::cli {

namespace {

std::atomic<bool> g_stop{false};
extern "C" void request_stop(int) { g_stop = true; }

// A list of tiles for --stages or --carousel ("16384,32768") as exponents.
std::vector<int> tile_exponents(const std::string& option, const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    char* end = nullptr;
    unsigned long long v = std::strtoull(item.c_str(), &end, 10);
    if (*end != '\0' || v < 2 || v > 32768 || (v & (v - 1)))
      throw UsageError(option + " takes tile values from 2 to 32768, got \"" + item + "\"");
    out.push_back(__builtin_ctzll(v));
  }
  return out;
}

std::string window_json(const TrainWindow& w) {
  return "{\"games\":" + std::to_string(w.games) + ",\"moves\":" + std::to_string(w.moves) +
         ",\"seconds\":" + json_number(w.seconds) +
         ",\"movesPerSecond\":" + json_number(w.moves_per_second) +
         ",\"averageScore\":" + json_number(w.average_score) +
         ",\"maxScore\":" + std::to_string(w.max_score) +
         ",\"rate8192\":" + json_number(w.rate[0]) + ",\"rate16384\":" + json_number(w.rate[1]) +
         ",\"rate32768\":" + json_number(w.rate[2]) + "}";
}

}  // namespace

int run_train(const Args& args) {
  args.check_known({"--tuples",
                    "--stages",
                    "--games",
                    "--minutes",
                    "--threads",
                    "--seed",
                    "--alpha",
                    "--init",
                    "--coherence",
                    "--checkpoint",
                    "--checkpoint-minutes",
                    "--resume",
                    "--from",
                    "--out",
                    "--log",
                    "--window",
                    "--step",
                    "--restarts",
                    "--start-tile",
                    "--lambda",
                    "--forward",
                    "--start-reuse",
                    "--carousel",
                    "--redundant"});
  TrainSettings s;
  s.games = args.count("--games", 0, 0, UINT64_MAX / 2);
  s.seconds = 60.0 * args.number("--minutes", 0, 0, 1e6);
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  s.threads = static_cast<int>(args.count("--threads", cores, 1, 256));
  s.seed = args.count("--seed", 1, 0, UINT64_MAX / 2);
  s.alpha = static_cast<float>(args.number("--alpha", 0.1, 0, 10));
  s.lambda = static_cast<float>(args.number("--lambda", 0, 0, 1));
  s.coherence = args.has_flag("--coherence");
  s.restarts = args.has_flag("--restarts");
  s.forward = args.has_flag("--forward");
  if (s.forward && s.lambda > 0) throw UsageError("--forward learns TD(0): leave --lambda out");
  s.window = args.count("--window", 1000, 1, 1000000);
  std::uint64_t start_tile = args.count("--start-tile", 0, 0, 32768);
  if (start_tile && (start_tile < 4 || (start_tile & (start_tile - 1))))
    throw UsageError("--start-tile takes a tile value from 4 to 32768");
  s.start_exponent = start_tile ? __builtin_ctzll(start_tile) : 0;
  s.start_reuse = static_cast<int>(args.count("--start-reuse", 4, 1, 1000000));
  std::vector<int> starts = tile_exponents("--stages", args.text("--stages", ""));
  s.carousel_exponents = tile_exponents("--carousel", args.text("--carousel", ""));
  if (!std::is_sorted(s.carousel_exponents.begin(), s.carousel_exponents.end(),
                      std::less_equal<int>()))
    throw UsageError("--carousel takes its tiles in increasing order, each once");
  if (!s.carousel_exponents.empty() && (s.restarts || s.start_exponent))
    throw UsageError(
        "--carousel chooses every episode's start: leave --restarts and --start-tile out");
  float initial = static_cast<float>(args.number("--init", 0, -1e7, 1e7));
  std::string checkpoint = args.text("--checkpoint", "");
  double checkpoint_minutes = args.number("--checkpoint-minutes", 5, 0.01, 1e6);
  std::string out_path = args.text("--out", "");
  float step = static_cast<float>(args.number("--step", kDefaultWeightStep, 0, 1e6));
  std::string log_path = args.text("--log", "");
  if (!s.games && !s.seconds) throw UsageError("give a limit: --games N or --minutes M");
  if (out_path.empty() && checkpoint.empty())
    throw UsageError("give --out FILE (the trained network) or --checkpoint FILE");
  if (args.has_flag("--resume") && checkpoint.empty())
    throw UsageError("--resume needs --checkpoint FILE");

  NTupleNetwork net;
  TrainProgress progress;
  std::string error;
  std::string start_from = args.text("--from", "");
  // A checkpoint with its progress file wins over --from; without one, --resume
  // starts afresh (the first run of a resumable command).
  if (args.has_flag("--resume")) {
    if (read_progress(checkpoint + ".progress", &progress, &error)) start_from = checkpoint;
    else if (!error.empty()) throw UsageError(error);
  }
  if (!start_from.empty()) {
    DecodedNetwork decoded;
    if (!load_network(start_from, &decoded, &error)) throw UsageError(error);
    net = decoded.to_float();
    std::fprintf(stderr, "train: starting from %s (%llu games trained before)\n",
                 start_from.c_str(), static_cast<unsigned long long>(progress.games));
    // --stages on a network with other stages: promote its weights into them.
    if (args.has("--stages") && starts != net.layout().stage_starts()) {
      NTupleNetwork promoted;
      if (!NTupleNetwork::with_stages(net, starts, &promoted, &error)) throw UsageError(error);
      net = std::move(promoted);
      std::fprintf(stderr, "train: weights promoted into %d stages\n", net.layout().stage_count());
    }
  } else {
    NTupleLayout layout;
    if (!NTupleLayout::parse(args.text("--tuples", "4x6"), starts, &layout, &error))
      throw UsageError(error);
    // The most a network file holds; the trainer keeps indices in 32 bits.
    if (layout.weight_count() > kMaxNetworkWeights)
      throw UsageError("a network of " + std::to_string(layout.weight_count()) +
                       " weights is larger than a network file holds (" +
                       std::to_string(kMaxNetworkWeights) + ")");
    net = NTupleNetwork(layout, initial);
  }
  // Redundant tuples join a network that has none yet (a resumed checkpoint
  // keeps its own); --out folds them away.
  if (args.has("--redundant") && redundant_tuple_count(net.layout()) == 0) {
    NTupleNetwork extended;
    if (!with_redundant_tuples(net, args.text("--redundant", ""), &extended, &error))
      throw UsageError("--redundant: " + error);
    net = std::move(extended);
  }
  const int redundant = redundant_tuple_count(net.layout());
  if (redundant > 0)
    std::fprintf(stderr, "train: %d redundant tuple(s), folded into the others in --out\n",
                 redundant);
  if (s.games && progress.games >= s.games) {
    std::fprintf(stderr, "train: already %llu games; nothing to do\n",
                 static_cast<unsigned long long>(progress.games));
  }
  std::fprintf(
      stderr, "train: tuples %s, %d stage(s), %zu weights, %d thread(s), alpha %g, lambda %g%s%s\n",
      net.layout().spec().c_str(), net.layout().stage_count(), net.weights().size(), s.threads,
      s.alpha, s.lambda, s.coherence ? ", temporal coherence" : "",
      s.forward ? ", online (forward)" : "");
  if (s.restarts) std::fprintf(stderr, "train: restarts from halfway through each episode\n");
  if (s.start_exponent)
    std::fprintf(stderr,
                 "train: episodes start at a game's first %llu tile (each start %d times); "
                 "scores below count from there\n",
                 static_cast<unsigned long long>(start_tile), s.start_reuse);
  if (!s.carousel_exponents.empty()) {
    std::string tiles;
    for (int e : s.carousel_exponents) tiles += " " + std::to_string(1u << e);
    std::fprintf(stderr,
                 "train: carousel shaping: starts cycle through a new game and the first%s; "
                 "the windows count the new games only\n",
                 tiles.c_str());
  }

  std::ofstream log;
  if (!log_path.empty()) {
    log.open(log_path, std::ios::app);
    if (!log) throw UsageError("cannot write --log " + log_path);
  }
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);

  TdTrainer trainer(&net, s);
  if (start_from == checkpoint && !checkpoint.empty() && s.coherence) {
    bool resumed = read_coherence(checkpoint + ".coherence", &trainer.coherence_sums(), &error);
    if (!error.empty()) throw UsageError(error);
    std::fprintf(stderr, "train: temporal coherence sums %s\n",
                 resumed ? "resumed" : "start at zero");
  }
  auto on_window = [&](const TrainWindow& w) {
    std::fprintf(stderr,
                 "train: %llu games, %.0f moves/s, last %llu: avg %.0f, max %llu, 8192 %.1f%%, "
                 "16384 %.1f%%, 32768 %.1f%%\n",
                 static_cast<unsigned long long>(w.games), w.moves_per_second,
                 static_cast<unsigned long long>(s.window), w.average_score,
                 static_cast<unsigned long long>(w.max_score), 100 * w.rate[0], 100 * w.rate[1],
                 100 * w.rate[2]);
    if (log.is_open()) log << window_json(w) << std::endl;
  };
  auto on_checkpoint = [&](const TrainWindow& w) {
    if (checkpoint.empty()) return;
    std::string why;
    if (!write_network_bytes(checkpoint, encode_network(net), &why)) {
      std::fprintf(stderr, "train: %s\n", why.c_str());
      return;
    }
    if (!trainer.coherence_sums().empty())
      write_coherence(checkpoint + ".coherence", trainer.coherence_sums());
    write_progress(checkpoint + ".progress", TrainProgress{w.games, w.moves, w.seconds});
  };
  TrainWindow last = trainer.run(progress.games, progress.moves, progress.seconds, on_window,
                                 60.0 * checkpoint_minutes, on_checkpoint, &g_stop);
  if (!out_path.empty()) {
    // Folding copies the network: only where there is something to fold.
    const QuantizedNetwork q = redundant > 0
                                   ? QuantizedNetwork::from(fold_redundant_tuples(net), step)
                                   : QuantizedNetwork::from(net, step);
    if (!write_network_bytes(out_path, encode_network(q), &error)) throw UsageError(error);
  }
  std::printf(
      "{\"games\":%llu,\"moves\":%llu,\"seconds\":%s,\"tuples\":\"%s\",\"stages\":%d,"
      "\"redundant\":%d,\"out\":\"%s\"}\n",
      static_cast<unsigned long long>(last.games), static_cast<unsigned long long>(last.moves),
      json_number(last.seconds).c_str(), net.layout().spec().c_str(), net.layout().stage_count(),
      redundant, out_path.c_str());
  return 0;
}

}  // namespace g2048::cli
