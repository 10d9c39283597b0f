// The search settings target's input format (fuzz_search_settings.cpp), shared
// with the seed writer (make_seeds.cpp). Thirteen fields of 9 bytes: a tag,
// then 8 raw bytes. For a number, tag % 16 is 0: keep the default; 1: the raw
// bytes (an int takes the low 4 as int32, a double its bit pattern, so NaN,
// infinities and subnormals come too); 2 to 15: a value from a table of edge
// cases. Missing bytes read as zero: a short input is mostly defaults.
#pragma once

#include <cfloat>
#include <climits>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "players/player.h"

namespace fuzz {

constexpr int kSettingsFields = 13;
constexpr std::size_t kSettingsBytes = 9 * kSettingsFields;

enum class EvalChoice { kHeuristic = 0, kNetwork = 1, kNetworkMissing = 2, kRawName = 3 };

struct SettingsInput {
  std::string player = "expectimax";
  EvalChoice eval = EvalChoice::kHeuristic;
  std::string eval_name;  // kRawName
  g2048::PlayerSettings settings;
};

inline int pick_int(std::uint8_t tag, std::uint64_t raw, int fallback) {
  static const int kEdges[14] = {0, 1, -1, 2, 3, 8, 10, 12, 13, 26, 27, INT_MIN, INT_MAX, 1000001};
  switch (tag % 16) {
    case 0: return fallback;
    case 1: return static_cast<int>(static_cast<std::int32_t>(static_cast<std::uint32_t>(raw)));
    default: return kEdges[tag % 16 - 2];
  }
}

inline std::uint64_t pick_u64(std::uint8_t tag, std::uint64_t raw, std::uint64_t fallback) {
  static const std::uint64_t kEdges[14] = {0,          1,          2,
                                           4095,       4096,       (1ull << 53) - 1,
                                           1ull << 53, 1ull << 63, UINT64_MAX / 2,
                                           UINT64_MAX, 1000000,    UINT32_MAX,
                                           1ull << 32, 40000};
  switch (tag % 16) {
    case 0: return fallback;
    case 1: return raw;
    default: return kEdges[tag % 16 - 2];
  }
}

inline double pick_double(std::uint8_t tag, std::uint64_t raw, double fallback) {
  static const double kEdges[14] = {0.0,
                                    -0.0,
                                    std::numeric_limits<double>::quiet_NaN(),
                                    -std::numeric_limits<double>::quiet_NaN(),
                                    HUGE_VAL,
                                    -HUGE_VAL,
                                    1e-4,
                                    1.0,
                                    0.9999999999999999,
                                    -1.0,
                                    1e7,
                                    1e300,
                                    std::numeric_limits<double>::denorm_min(),
                                    DBL_MAX};
  double v;
  switch (tag % 16) {
    case 0: return fallback;
    case 1: std::memcpy(&v, &raw, 8); return v;
    default: return kEdges[tag % 16 - 2];
  }
}

inline std::string raw_name(std::uint64_t raw) {
  std::string s;
  for (int i = 0; i < 8 && (raw >> (8 * i) & 0xFF); ++i) s += static_cast<char>(raw >> (8 * i));
  return s;
}

inline SettingsInput decode_settings(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  SettingsInput out;
  g2048::PlayerSettings& p = out.settings;
  g2048::SearchSettings& s = p.search;
  std::uint8_t tag[kSettingsFields];
  std::uint64_t raw[kSettingsFields];
  for (int f = 0; f < kSettingsFields; ++f) {
    tag[f] = in.u8();
    raw[f] = in.u64();
  }
  const std::vector<std::string>& names = g2048::player_names();
  std::size_t who = tag[0] % (names.size() + 1);
  out.player = who < names.size() ? names[who] : raw_name(raw[0]);
  out.eval = static_cast<EvalChoice>(tag[1] % 4);
  if (out.eval == EvalChoice::kRawName) out.eval_name = raw_name(raw[1]);
  s.depth = pick_int(tag[2], raw[2], s.depth);
  s.nodes = pick_u64(tag[3], raw[3], s.nodes);
  s.time_ms = pick_double(tag[4], raw[4], s.time_ms);
  s.min_depth = pick_int(tag[5], raw[5], s.min_depth);
  s.max_depth = pick_int(tag[6], raw[6], s.max_depth);
  s.prob_cutoff = pick_double(tag[7], raw[7], s.prob_cutoff);
  s.table_bits = pick_int(tag[8], raw[8], s.table_bits);
  p.playouts = pick_int(tag[9], raw[9], p.playouts);
  p.playout_depth = pick_int(tag[10], raw[10], p.playout_depth);
  p.seed = pick_u64(tag[11], raw[11], p.seed);
  p.alpha_beta = (tag[12] & 1) == 0;
  return out;
}

// The seed writer's side: a field with the raw tag (or 0, the default).
inline void put_field(std::vector<std::uint8_t>* out, std::uint8_t tag, std::uint64_t raw) {
  out->push_back(tag);
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<std::uint8_t>(raw >> (8 * i)));
}
inline std::uint64_t raw_int(int v) { return static_cast<std::uint32_t>(v); }
inline std::uint64_t raw_double(double v) {
  std::uint64_t u;
  std::memcpy(&u, &v, 8);
  return u;
}

}  // namespace fuzz
