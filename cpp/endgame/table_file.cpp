#include "endgame/table_file.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/bytes.h"

namespace g2048::endgame {

namespace {

const char kMagic[8] = {'N', '2', '0', '4', '8', 'T', 'B', 'L'};

bool fail(std::string* error, const std::string& why) {
  *error = "table file: " + why;
  return false;
}

}  // namespace

std::vector<std::uint8_t> encode_table_file(const std::vector<const EndgameTable*>& tables) {
  ByteWriter w;
  for (char c : kMagic) w.u8(static_cast<unsigned char>(c));
  w.u32(kTableFormatVersion);
  w.u32(static_cast<std::uint32_t>(tables.size()));
  for (const EndgameTable* t : tables) {
    const Formation& f = t->formation();
    w.u8(static_cast<unsigned>(f.name.size()));
    for (char c : f.name) w.u8(static_cast<unsigned char>(c));
    w.u8(static_cast<unsigned>(t->target()));
    w.u32(static_cast<std::uint32_t>(t->layers().size()));
    for (const auto& l : t->layers()) w.u32(static_cast<std::uint32_t>(l.keys.size()));
    // The keys, then the rates' high bytes, then their low bytes: apart, each
    // compresses far better than interleaved (2.7 bytes a state gzipped
    // against 4.5 for version 1's fixed-width keys beside their rates).
    std::vector<int> cells = free_cells(f);
    std::vector<unsigned> rates;
    for (const auto& l : t->layers()) {
      std::uint64_t previous = 0;
      for (std::size_t k = 0; k < l.keys.size(); ++k) {
        std::uint64_t code = key_code(l.keys[k], cells);
        w.varint(k == 0 ? code : code - previous);
        previous = code;
      }
      for (float r : l.rates)
        rates.push_back(
            static_cast<unsigned>(std::lround(std::fmin(std::fmax(r, 0.0f), 1.0f) * 65535.0)));
    }
    for (unsigned r : rates) w.u8(r >> 8);
    for (unsigned r : rates) w.u8(r & 0xFF);
  }
  w.u32(crc32(w.out.data(), w.out.size()));
  return w.out;
}

bool decode_table_file(const std::uint8_t* data, std::size_t size,
                       std::vector<std::shared_ptr<const EndgameTable>>* out, std::string* error) {
  return decode_table_file(std::make_shared<const std::vector<std::uint8_t>>(data, data + size),
                           out, error);
}

bool decode_table_file(std::shared_ptr<const std::vector<std::uint8_t>> file,
                       std::vector<std::shared_ptr<const EndgameTable>>* out, std::string* error) {
  const std::uint8_t* data = file->data();
  std::size_t size = file->size();
  if (size < 24 || std::memcmp(data, kMagic, 8) != 0)
    return fail(error, "no N2048TBL magic (not a table file)");
  if (crc32(data, size - 4) != load_u32(data + size - 4))
    return fail(error, "checksum mismatch (the file is corrupt)");
  ByteReader r(data, size - 4, 8);
  std::uint32_t version = r.u32();
  if (version != kTableFormatVersion)
    return fail(error, "version " + std::to_string(version) + ", this reader knows " +
                           std::to_string(kTableFormatVersion));
  std::uint32_t count = r.u32();
  if (count < 1 || count > 16) return fail(error, "bad table count " + std::to_string(count));
  std::vector<std::shared_ptr<const EndgameTable>> tables;
  std::uint64_t total = 0;
  for (std::uint32_t t = 0; t < count; ++t) {
    if (!r.has(1)) return fail(error, "truncated");
    unsigned length = r.u8();
    if (length < 1 || length > 15 || !r.has(length + 5)) return fail(error, "bad formation name");
    std::string name(reinterpret_cast<const char*>(r.here()), length);
    r.skip(length);
    Formation f;
    if (!formation_by_name(name, &f)) {
      bool printable =
          std::all_of(name.begin(), name.end(), [](char c) { return c > ' ' && c < 127; });
      return fail(error, printable ? "unknown formation \"" + name + "\"" : "bad formation name");
    }
    int target = static_cast<int>(r.u8());
    if (target < 5 || target > 10) return fail(error, "bad target " + std::to_string(target));
    std::uint32_t layers = r.u32();
    if (layers < 1 || layers > 4096 || !r.has(4 * std::size_t{layers}))
      return fail(error, "bad layer count");
    std::vector<std::uint32_t> sizes(layers);
    std::uint64_t states = 0;
    for (auto& s : sizes) states += s = r.u32();
    total += states;
    std::vector<int> cells = free_cells(f);
    // In 64 bits, before anything is allocated (a state takes at least three
    // bytes: one of key, two of rate): a forged count cannot wrap.
    if (total > kMaxTableFileStates || states * 3 > r.left())
      return fail(error, "truncated or oversized (" + std::to_string(states) + " states claimed)");
    // Each key is checked here; the table keeps the file's bytes and an
    // index of every kBlock-th key (packed_states.h).
    constexpr std::uint32_t kBlock = PackedStates::kBlock;
    std::vector<PackedStates::Layer> packed(layers);
    std::vector<PackedStates::Block> blocks;
    blocks.reserve(states / kBlock + layers);
    std::uint32_t first_state = 0;
    for (std::uint32_t i = 0; i < layers; ++i) {
      packed[i] = {first_state, sizes[i], static_cast<std::uint32_t>(blocks.size())};
      first_state += sizes[i];
      std::uint64_t code = 0;
      for (std::uint32_t k = 0; k < sizes[i]; ++k) {
        std::uint64_t step;
        if (!r.varint(&step))
          return fail(error, "a key's number is cut short, padded or over 64 bits");
        if (k > 0 && step == 0)
          return fail(error, "keys out of order in layer " + std::to_string(i));
        if (step >> (4 * cells.size()) || (code += step) >> (4 * cells.size()))
          return fail(error, "a key has bits beyond its cells");
        Board key = f.wall_pattern;
        for (std::size_t c = 0; c < cells.size(); ++c) {
          int e = static_cast<int>(code >> (4 * c) & 0xF);
          if (e > largest_free(f, target))
            return fail(error, "a key holds a tile of the target or more");
          key |= Board(e) << (4 * cells[c]);
        }
        if (layer_of(f, key) != static_cast<int>(i)) return fail(error, "a key in the wrong layer");
        if (k % kBlock == 0) blocks.push_back({code, static_cast<std::uint32_t>(r.pos())});
      }
    }
    if (!r.has(2 * states)) return fail(error, "truncated in the rates");
    PackedStates states_of(f, file, r.pos(), r.pos() + states, std::move(packed),
                           std::move(blocks));
    r.skip(2 * states);
    tables.push_back(std::make_shared<EndgameTable>(f, target, std::move(states_of)));
  }
  if (r.left() != 0) return fail(error, "bytes after the last table");
  *out = std::move(tables);
  return true;
}

}  // namespace g2048::endgame
