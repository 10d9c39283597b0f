// ai2048 network FILE [--out FILE2 [--step P | --log-scale K] [--prune K]
//     [--keep-read R,...] [--blend FILE3[,FILE4...] [--share W]]
//     [--graft FILE3 [--graft-from T]] [--fold]]:
// what a network file holds (one JSON line), and optionally the same network
// written in 12-bit steps, sparse (encoding 3: a trainer's float checkpoint
// into the form the search and the browser load), or with --log-scale on
// steps that widen past K points (encoding 5: ahead at 1-ply, level at depth
// 2, docs/results/2026-12-log-scale-file.md; a file with levels keeps them
// unless --step or --log-scale says otherwise), its weights within K steps
// of zero dropped, or only the weights the reads files mark kept (the rest
// set to the most common of their values, the file's base: encoding 4).
// --blend averages it with a second network of the same tuples, weight by
// weight: a board's value is linear in the weights, so the blend values every
// board at the average of the two networks' values (an ensemble of two in the
// memory of one). Given several files, it takes the mean of all of them in
// equal shares: checkpoints of one run averaged, which smooths the noise a
// constant learning rate leaves in the weights. --graft adds a stage from the
// tile T (default 16384) up that holds a second network's weights: each
// network plays its part of the game. --fold adds each redundant tuple (a
// small tuple inside a large one, train --redundant) into its large tuple:
// the same values from the large tuples alone, the form the page loads.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "cli/json.h"
#include "network/network_io.h"
#include "network/weight_reads.h"
#include "training/redundant_tuples.h"

namespace g2048::cli {

namespace {

// The comma-separated paths an option names, none of them empty.
std::vector<std::string> path_list(const std::string& option, const std::string& paths) {
  std::vector<std::string> list = comma_separated(paths);
  for (const std::string& path : list)
    if (path.empty()) throw UsageError(option + ": an empty path in \"" + paths + "\"");
  return list;
}

// The union of the reads files (comma-separated), for a network of n weights.
std::unique_ptr<WeightReads> load_reads(const std::string& paths, std::size_t n) {
  auto all = std::make_unique<WeightReads>(n);
  for (const std::string& path : path_list("--keep-read", paths)) {
    std::vector<std::uint8_t> bytes;
    std::unique_ptr<WeightReads> reads;
    std::string error;
    if (!read_network_bytes(path, &bytes, &error) ||
        !WeightReads::decode(bytes.data(), bytes.size(), &reads, &error))
      throw UsageError(path + ": " + error);
    if (reads->size() != n)
      throw UsageError(path + ": reads of a network of " + std::to_string(reads->size()) +
                       " weights, not " + std::to_string(n));
    all->merge(*reads);
  }
  return all;
}

// Sets every weight no search read to the most common value among them;
// returns that value (the base the file is written around).
int keep_read(const WeightReads& reads, QuantizedNetwork* q) {
  std::map<int, std::size_t> values;
  for (std::size_t i = 0; i < q->size(); ++i)
    if (!reads.read(i)) ++values[q->weight(i)];
  int base = 0;
  std::size_t most = 0;
  for (const auto& [value, n] : values)
    if (n > most) most = n, base = value;
  for (std::size_t i = 0; i < q->size(); ++i)
    if (!reads.read(i)) q->set(i, base);
  return base;
}

// The floats of the network in path, which must have net's tuples and stages.
NTupleNetwork load_same_layout(const std::string& path, const NTupleNetwork& net) {
  DecodedNetwork other;
  std::string error;
  if (!load_network(path, &other, &error)) throw UsageError("--blend: " + error);
  NTupleNetwork floats = other.to_float();
  if (!(floats.layout() == net.layout()))
    throw UsageError("--blend: " + path + " has other tuples or stages (" + floats.layout().spec() +
                     ", not " + net.layout().spec() + ")");
  return floats;
}

// (1 - share) x net + share x the mean of files' networks, weight by weight.
void blend(const std::vector<std::string>& files, double share, NTupleNetwork* net) {
  const double k = static_cast<double>(files.size());
  FloatWeights& w = net->weights();
  // Sums in double, so that many files add up without float rounding.
  std::vector<double> sum(w.size(), 0.0);
  for (const std::string& path : files) {
    const NTupleNetwork other = load_same_layout(path, *net);
    const FloatWeights& o = other.weights();
    for (std::size_t i = 0; i < w.size(); ++i) sum[i] += o[i];
  }
  for (std::size_t i = 0; i < w.size(); ++i)
    w[i] = static_cast<float>((1.0 - share) * w[i] + share * sum[i] / k);
}

// A second stage, from the tile late_from up, with the weights of the
// network in path: two networks of the same tuples, each for its part of the
// game (the search reads a board in the stage of its largest tile).
void graft(const std::string& path, int late_from, NTupleNetwork* net) {
  DecodedNetwork late;
  std::string error;
  if (!load_network(path, &late, &error)) throw UsageError("--graft: " + error);
  NTupleNetwork late_floats = late.to_float();
  if (late_floats.layout().spec() != net->layout().spec())
    throw UsageError("--graft: " + path + " has other tuples (" + late_floats.layout().spec() +
                     ", not " + net->layout().spec() + ")");
  if (late_floats.layout().stage_count() != 1 || net->layout().stage_count() != 1)
    throw UsageError("--graft: both networks must have one stage");
  NTupleNetwork staged;
  if (!NTupleNetwork::with_stages(*net, {late_from}, &staged, &error))
    throw UsageError("--graft-from: " + error);
  const std::size_t per_stage = staged.layout().weights_per_stage();
  std::copy_n(late_floats.weights().begin(), per_stage, staged.weights().begin() + per_stage);
  *net = std::move(staged);
}

const char* encoding_name(WeightEncoding e) {
  switch (e) {
    case WeightEncoding::kFloat32: return "float32";
    case WeightEncoding::kInt16: return "int16";
    case WeightEncoding::kSparse12: return "sparse12";
    case WeightEncoding::kSparse12Based: return "sparse12-based";
    case WeightEncoding::kSparse12Levels: return "sparse12-levels";
    case WeightEncoding::kSparse12BasedLevels: return "sparse12-based-levels";
  }
  return "?";
}
}  // namespace

int run_network(const Args& args) {
  args.check_known({"--out", "--step", "--log-scale", "--prune", "--keep-read", "--blend",
                    "--share", "--graft", "--graft-from", "--fold"});
  auto files = args.positional();
  if (files.size() != 1) throw UsageError("network takes one network file");
  DecodedNetwork decoded;
  std::string error;
  if (!load_network(files[0], &decoded, &error)) throw UsageError(error);
  QuantizedNetwork q = decoded.to_quantized();
  std::string out = args.text("--out", "");
  for (const char* option : {"--keep-read", "--blend", "--graft", "--log-scale"})
    if (out.empty() && args.has(option))
      throw UsageError(std::string(option) + " needs --out FILE2");
  if (out.empty() && args.has_flag("--fold")) throw UsageError("--fold needs --out FILE2");
  if (args.has("--share") && !args.has("--blend")) throw UsageError("--share needs --blend FILE3");
  if (args.has("--share") && comma_separated(args.text("--blend", "")).size() > 1)
    throw UsageError("--share goes with one --blend file; several are averaged in equal shares");
  if (args.has("--step") && args.has("--log-scale"))
    throw UsageError("--step and --log-scale choose the steps two ways: give one");
  if (args.has("--graft-from") && !args.has("--graft"))
    throw UsageError("--graft-from needs --graft FILE3");
  int base = decoded.base;
  if (!out.empty()) {
    float step = static_cast<float>(args.number("--step", kDefaultWeightStep, 0, 1e6));
    NTupleNetwork floats = decoded.to_float();
    if (args.has("--blend")) {
      // Net and each file in equal shares unless --share says (one file: half
      // and half; several: checkpoints of one run averaged).
      const std::vector<std::string> files = path_list("--blend", args.text("--blend", ""));
      const double k = static_cast<double>(files.size());
      blend(files, args.number("--share", k / (k + 1), 0, 1), &floats);
    }
    if (args.has_flag("--fold")) floats = fold_redundant_tuples(floats);
    if (args.has("--graft")) {
      std::uint64_t from = args.count("--graft-from", 16384, 4, 32768);
      if (from & (from - 1))
        throw UsageError("--graft-from takes a tile value, a power of two from 4 to 32768");
      graft(args.text("--graft", ""), __builtin_ctzll(from), &floats);
    }
    if (args.has("--log-scale"))
      q = QuantizedNetwork::from_log_scale(
          floats, static_cast<float>(args.number("--log-scale", 4000, 1, 1e9)));
    else if (q.levels() && !args.has("--step"))
      q = QuantizedNetwork::on_levels(floats, *q.levels(), q.scale());
    else q = QuantizedNetwork::from(floats, step);
    q.prune(static_cast<int>(args.number("--prune", 0, 0, PackedWeights::kMax)));
    base = 0;
    if (args.has("--keep-read"))
      base = keep_read(*load_reads(args.text("--keep-read", ""), q.size()), &q);
    if (!write_network_bytes(out, encode_network_sparse(q, base), &error)) throw UsageError(error);
  }
  std::size_t used = 0;  // the weights the file holds: those not at the base
  for (std::size_t i = 0; i < q.size(); ++i) used += q.weight(i) != base;
  std::printf(
      "{\"file\":\"%s\",\"encoding\":\"%s\",\"tuples\":\"%s\",\"stages\":%d,\"weights\":%zu,"
      "\"weightsInUse\":%zu,\"memoryBytes\":%zu,\"step\":%s,\"topStep\":%s%s}\n",
      files[0].c_str(), encoding_name(decoded.encoding), q.layout().spec().c_str(),
      q.layout().stage_count(), q.size(), used, q.memory_bytes(),
      json_number(q.finest_step()).c_str(),
      json_number(q.value(PackedWeights::kMax) - q.value(PackedWeights::kMax - 1)).c_str(),
      out.empty() ? "" : (",\"out\":\"" + out + "\"").c_str());
  return 0;
}

}  // namespace g2048::cli
