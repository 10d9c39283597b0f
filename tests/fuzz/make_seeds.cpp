// Writes the fuzz targets' seed corpora, the files checked in under
// tests/fuzz/corpus/<target>/: a few boards as text, tile values, settings
// (settings_bytes.h) and tiny network files made with encode_network.
//
//   fuzz_make_seeds OUTDIR    (run_fuzz.sh compares OUTDIR with the checked-in files)
//
// Deterministic: the same files on every run. Small on purpose: the fuzzer
// finds the rest; seeds only start it on each kind of input.
#include <sys/stat.h>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "endgame/table_file.h"
#include "network/network_file.h"
#include "settings_bytes.h"

using namespace g2048;

namespace {

std::string g_dir;

void write(const std::string& target, const std::string& name,
           const std::vector<std::uint8_t>& bytes) {
  std::string dir = g_dir + "/" + target;
  mkdir(g_dir.c_str(), 0755);
  mkdir(dir.c_str(), 0755);
  std::string path = dir + "/" + name;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
}

void write_text(const std::string& target, const std::string& name, const std::string& text) {
  write(target, name, std::vector<std::uint8_t>(text.begin(), text.end()));
}

void board_text_seeds() {
  const char* t = "board_text";
  write_text(t, "start", "0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2");
  write_text(t, "spaces_tabs_newlines",
             "2 4 8 16\n32\t64 128 256\r\n512 1024 2048 4096\n8192 16384 0 0\n");
  write_text(t, "big_tiles", "131072,65536,32768,16384,0,2,4,8,0,0,0,0,0,0,0,2");
  write_text(t, "two_65536", "65536,65536,2,4,0,0,0,0,0,0,0,0,0,0,0,0");
  write_text(t, "full_no_move", "2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2");
  write_text(t, "distinct_full",
             "2 4 8 16 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536");
  write_text(t, "leading_zeros", "0002,04,0,0,0,0,0,0,0,0,0,0,0,0,0,000000000016");
  write_text(t, "bad_fifteen", "2,2,0,0,0,0,0,0,0,0,0,0,0,0,0");
  write_text(t, "bad_three", "3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2");
  write_text(t, "bad_negative", "-2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2");
  write_text(t, "bad_too_big", "262144,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2");
  write_text(t, "bad_long_number", "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1234567890123");
  write_text(t, "bad_word", "0,0,0,2,up,0,0,0,0,0,0,0,0,0,0,2");
  write_text(t, "empty", "");
}

std::vector<std::uint8_t> values_bytes(std::uint8_t pick, const std::vector<std::int64_t>& values) {
  std::vector<std::uint8_t> out{pick};
  for (std::int64_t v : values)
    for (int i = 0; i < 8; ++i)
      out.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(v) >> (8 * i)));
  return out;
}

std::vector<std::uint8_t> doubles_bytes(const std::vector<double>& values) {
  std::vector<std::uint8_t> out{0};
  for (double v : values) {
    std::uint64_t u = fuzz::raw_double(v);
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(u >> (8 * i)));
  }
  return out;
}

void tile_values_seeds() {
  const char* t = "tile_values";
  std::vector<std::int64_t> start(16, 0);
  start[3] = 2;
  start[15] = 4;
  write(t, "start", values_bytes(0, start));
  write(t, "every_tile",
        values_bytes(
            0, {0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 65536, 131072}));
  write(t, "bad_odd", values_bytes(0, {0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}));
  write(t, "bad_one", values_bytes(0, {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}));
  write(t, "bad_262144", values_bytes(0, {0, 0, 262144, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}));
  write(t, "bad_negative", values_bytes(0, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2}));
  write(t, "bad_int64_min",
        values_bytes(0, {INT64_MIN, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  write(t, "count_15", values_bytes(0xE0 + 15, std::vector<std::int64_t>(15, 2)));
  write(t, "count_17", values_bytes(0xE0 + 17, std::vector<std::int64_t>(17, 2)));
  // Doubles, read through the bindings' number rule.
  write(
      t, "doubles",
      doubles_bytes({0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768}));
  write(t, "doubles_fraction", doubles_bytes({2.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}));
  write(t, "doubles_minus_zero",
        doubles_bytes({-0.0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 131072}));
}

struct Field {
  std::uint8_t tag;
  std::uint64_t raw;
};

// Fields in settings_bytes.h's order: player, eval, depth, nodes, time, min
// depth, max depth, cut-off, table bits, playouts, playout depth, seed, alpha-beta.
std::vector<std::uint8_t> settings_bytes(const std::vector<Field>& fields) {
  std::vector<std::uint8_t> out;
  for (int f = 0; f < fuzz::kSettingsFields; ++f) {
    Field x = f < static_cast<int>(fields.size()) ? fields[f] : Field{0, 0};
    fuzz::put_field(&out, x.tag, x.raw);
  }
  return out;
}

void search_settings_seeds() {
  const char* t = "search_settings";
  using fuzz::raw_double;
  using fuzz::raw_int;
  const Field keep{0, 0};
  auto i = [](int v) { return Field{1, raw_int(v)}; };
  auto u = [](std::uint64_t v) { return Field{1, v}; };
  auto d = [](double v) { return Field{1, raw_double(v)}; };
  auto player = [](int index) { return Field{static_cast<std::uint8_t>(index), 0}; };
  write(t, "defaults", settings_bytes({}));
  write(t, "depth_3", settings_bytes({player(0), keep, i(3)}));
  write(t, "nodes_40000", settings_bytes({player(0), keep, keep, u(40000)}));
  write(t, "time_100ms", settings_bytes({player(0), keep, keep, keep, d(100)}));
  write(t, "depth_and_time", settings_bytes({player(0), keep, i(2), keep, d(50)}));
  write(t, "min_over_max", settings_bytes({player(1), keep, keep, keep, keep, i(6), i(4)}));
  write(t, "cutoff_one", settings_bytes({player(1), keep, keep, keep, keep, keep, keep, d(1.0)}));
  write(t, "table_bits_27",
        settings_bytes({player(0), keep, keep, keep, keep, keep, keep, keep, i(27)}));
  write(t, "montecarlo",
        settings_bytes(
            {player(2), keep, keep, u(1000), keep, keep, keep, keep, keep, i(100), i(20), u(7)}));
  write(t, "network_eval", settings_bytes({player(0), Field{1, 0}, i(2)}));
  write(t, "network_missing", settings_bytes({player(0), Field{2, 0}}));
  write(t, "unknown_player", settings_bytes({Field{5, 0x65766c6f73ull}}));  // "solve"
  write(t, "greedy_nonsense", settings_bytes({player(3), keep, i(-5), keep, d(-1)}));
}

NTupleLayout layout_of(const std::string& spec, const std::vector<int>& stages) {
  NTupleLayout layout;
  std::string error;
  if (!NTupleLayout::parse(spec, stages, &layout, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    std::exit(1);
  }
  return layout;
}

// Weights that differ from each other (a fixed pattern, no random generator).
NTupleNetwork float_network(const std::string& spec, const std::vector<int>& stages) {
  NTupleNetwork net(layout_of(spec, stages));
  for (std::size_t k = 0; k < net.weights().size(); ++k)
    net.weights()[k] = static_cast<float>(static_cast<int>((k * 7919) % 2001) - 1000) / 8.0f;
  return net;
}

// A network file's header in the documented format (network_file.h) with
// its checksum and no weights: encode_network would have to allocate them.
std::vector<std::uint8_t> header_only(const NTupleLayout& layout) {
  std::vector<std::uint8_t> out;
  auto u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  const char magic[] = "N2048NET";
  out.insert(out.end(), magic, magic + 8);
  u32(kNetworkFormatVersion);
  u32(static_cast<std::uint32_t>(WeightEncoding::kInt16));
  u32(0x3f800000u);  // scale 1.0f
  u32(static_cast<std::uint32_t>(layout.tuple_count()));
  u32(static_cast<std::uint32_t>(layout.stage_count()));
  for (int t = 0; t < layout.tuple_count(); ++t) {
    const std::vector<int>& cells = layout.tuple(t);
    out.push_back(static_cast<std::uint8_t>(cells.size()));
    for (int k = 0; k < kMaxTupleLength; ++k)
      out.push_back(k < static_cast<int>(cells.size()) ? static_cast<std::uint8_t>(cells[k]) : 255);
  }
  for (int start : layout.stage_starts()) u32(static_cast<std::uint32_t>(start));
  std::uint64_t count = layout.weight_count();
  u32(static_cast<std::uint32_t>(count));
  u32(static_cast<std::uint32_t>(count >> 32));
  u32(crc32(out.data(), out.size()));
  return out;
}

void network_file_seeds() {
  const char* t = "network_file";
  write(t, "int16_two_cells", encode_network(QuantizedNetwork::from(float_network("0 5", {}))));
  write(t, "int16_pairs_two_stages",
        encode_network(QuantizedNetwork::from(float_network("01 45", {11}))));
  write(t, "int16_eight_stages",
        encode_network(QuantizedNetwork::from(float_network("a", {2, 4, 6, 8, 10, 12, 14}))));
  std::string sixty_four;
  for (int k = 0; k < 64; ++k)
    sixty_four += std::string(sixty_four.empty() ? "" : " ") + "0123456789abcdef"[k % 16];
  write(t, "int16_64_tuples",
        encode_network(QuantizedNetwork::from(float_network(sixty_four, {}))));
  // Sparse (encoding 3): most weights zero, codes of one byte and escaped ones.
  for (auto [name, spec, stages] :
       {std::tuple<const char*, const char*, std::vector<int>>{"sparse_two_cells", "0 5", {}},
        {"sparse_pairs_two_stages", "01 45", {11}}}) {
    QuantizedNetwork sparse = QuantizedNetwork::from(float_network(spec, stages));
    sparse.prune(1500);
    write(t, name, encode_network_sparse(sparse));
  }
  // Encoding 4: the same around a base (the weights left out hold 40).
  QuantizedNetwork based = QuantizedNetwork::from(float_network("01 45", {11}));
  based.prune(1500);
  for (std::size_t i = 0; i < based.size(); ++i)
    if (based.weight(i) == 0) based.set(i, 40);
  write(t, "sparse_based_two_stages", encode_network_sparse(based, 40));
  // Encodings 5 and 6: the same codes on a log scale (a table of levels).
  QuantizedNetwork leveled = QuantizedNetwork::from_log_scale(float_network("01 45", {11}), 20.0f);
  leveled.prune(1500);
  write(t, "sparse_levels_two_stages", encode_network_sparse(leveled));
  for (std::size_t i = 0; i < leveled.size(); ++i)
    if (leveled.weight(i) == 0) leveled.set(i, -40);
  write(t, "sparse_based_levels_two_stages", encode_network_sparse(leveled, -40));
  write(t, "float_corners_stages", encode_network(float_network("0 3 c f", {10, 12, 14})));
  write(t, "float_pair_two_stages", encode_network(float_network("15", {13})));
  // Extreme 16-bit weights: every zigzag high byte (beyond the search's 12
  // bits, so written into the planes by hand, the checksum set after).
  QuantizedNetwork q;
  if (!QuantizedNetwork::allocate(layout_of("06", {}), 0.5f, &q)) return;
  std::vector<std::uint8_t> wide = encode_network(q);
  const std::size_t n = q.size(), high = wide.size() - 4 - 2 * n;
  for (std::size_t k = 0; k < n; ++k) {
    std::uint16_t z = zigzag(static_cast<std::int16_t>(static_cast<std::uint16_t>(k * 257)));
    wide[high + k] = static_cast<std::uint8_t>(z >> 8);
    wide[high + n + k] = static_cast<std::uint8_t>(z);
  }
  seal_checksum(wide.data(), wide.size());
  write(t, "int16_every_high_byte", wide);
  // The same weights at a scale near a float's largest: stepped again, they
  // would pass a float's range (the reader refuses the file).
  const float huge = std::numeric_limits<float>::max() / 4;
  std::memcpy(&wide[16], &huge, 4);
  seal_checksum(wide.data(), wide.size());
  write(t, "int16_wide_huge_scale", wide);
  // A header alone, as a streaming reader sees first: 8x6 with 8 stages
  // claims 2^30 weights (the most a file may hold) but brings none.
  write(t, "header_only_8x6_eight_stages", header_only(layout_of("8x6", {2, 4, 6, 8, 10, 12, 14})));
  const char gzip[] = "\x1f\x8b\x08\x00 not a network, a gzip file's start";
  write(t, "bad_gzip", std::vector<std::uint8_t>(gzip, gzip + sizeof gzip - 1));
}

// Table files: a small snake table with a few states in two layers, and the
// same with two tables (snake and block).
void table_file_seeds() {
  using namespace g2048::endgame;
  const char* t = "table_file";
  Formation snake, block;
  formation_by_name("snake", &snake);
  formation_by_name("block", &block);
  auto small = [](const Formation& f, int target) {
    std::vector<TableLayer> layers(3);
    layers[1].keys = {f.wall_pattern | 1};  // a 2 in cell 0
    layers[1].rates = {0.5f};
    layers[2].keys = {f.wall_pattern | 2, f.wall_pattern | 0x11};  // a 4; two 2s
    layers[2].rates = {0.25f, 1.0f};
    return EndgameTable(f, target, std::move(layers));
  };
  EndgameTable a = small(snake, 8), b = small(block, 9);
  write(t, "one_table", encode_table_file({&a}));
  write(t, "two_tables", encode_table_file({&a, &b}));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_make_seeds OUTDIR\n");
    return 2;
  }
  g_dir = argv[1];
  board_text_seeds();
  tile_values_seeds();
  search_settings_seeds();
  network_file_seeds();
  table_file_seeds();
  return 0;
}
