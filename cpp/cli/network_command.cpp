// ai2048 network FILE [--out FILE2 [--step P] [--prune K]]: what a network
// file holds (one JSON line), and optionally the same network written in
// 12-bit steps, sparse (encoding 3: a trainer's float checkpoint into the form
// the search and the browser load), its weights within K steps of zero dropped.
#include <cmath>
#include <cstdio>

#include "cli/commands.h"
#include "cli/json.h"
#include "network/network_io.h"

namespace g2048::cli {

namespace {
const char* encoding_name(WeightEncoding e) {
  switch (e) {
    case WeightEncoding::kFloat32: return "float32";
    case WeightEncoding::kInt16: return "int16";
    case WeightEncoding::kSparse12: return "sparse12";
  }
  return "?";
}
}  // namespace

int run_network(const Args& args) {
  args.check_known({"--out", "--step", "--prune"});
  auto files = args.positional();
  if (files.size() != 1) throw UsageError("network takes one network file");
  DecodedNetwork decoded;
  std::string error;
  if (!load_network(files[0], &decoded, &error)) throw UsageError(error);
  QuantizedNetwork q = decoded.to_quantized();
  std::string out = args.text("--out", "");
  if (!out.empty()) {
    float step = static_cast<float>(args.number("--step", kDefaultWeightStep, 0, 1e6));
    q = QuantizedNetwork::from(decoded.to_float(), step);
    q.prune(static_cast<int>(args.number("--prune", 0, 0, PackedWeights::kMax)));
    if (!write_network_bytes(out, encode_network_sparse(q), &error)) throw UsageError(error);
  }
  std::size_t used = 0;
  for (std::size_t i = 0; i < q.size(); ++i) used += q.weight(i) != 0;
  std::printf(
      "{\"file\":\"%s\",\"encoding\":\"%s\",\"tuples\":\"%s\",\"stages\":%d,\"weights\":%zu,"
      "\"weightsInUse\":%zu,\"memoryBytes\":%zu,\"step\":%s%s}\n",
      files[0].c_str(), encoding_name(decoded.encoding), q.layout().spec().c_str(),
      q.layout().stage_count(), q.size(), used, q.memory_bytes(), json_number(q.scale()).c_str(),
      out.empty() ? "" : (",\"out\":\"" + out + "\"").c_str());
  return 0;
}

}  // namespace g2048::cli
