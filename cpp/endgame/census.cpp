#include "endgame/census.h"

#include <cstdio>

#include "endgame/formation.h"

namespace g2048::endgame {

namespace {

Formation named(const char* name) {
  Formation f;
  formation_by_name(name, &f);
  return f;
}

bool fits(const Formation& f, const Tiles& t) { return fit(f, t, kMaxExponent).symmetry >= 0; }

bool in_corner(const Tiles& t) {
  // The four largest in cells 10, 11, 14, 15 of some symmetry.
  for (int s = 0; s < 8; ++s) {
    const auto& map = kSymmetry[s];
    int smallest = kMaxExponent + 1, largest_other = 0;
    for (int i = 0; i < 16; ++i) {
      int e = t.exponent[map[i]];
      bool corner = i == 10 || i == 11 || i == 14 || i == 15;
      if (corner) smallest = std::min(smallest, e);
      else largest_other = std::max(largest_other, e);
    }
    if (smallest > 0 && largest_other < smallest) return true;
  }
  return false;
}

std::string shares(const std::uint64_t* counts, int n, std::uint64_t total) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    char v[32];
    std::snprintf(v, sizeof v, "%s%.4f", i ? "," : "", total ? double(counts[i]) / total : 0.0);
    out += v;
  }
  return out + "]";
}

}  // namespace

Shape shape_of(const Tiles& t) {
  static const Formation snake = named("snake"), block = named("block");
  if (fits(snake, t)) return Shape::kSnake;
  if (fits(block, t)) return Shape::kBlock;
  if (in_corner(t)) return Shape::kCorner;
  return Shape::kOther;
}

const char* shape_name(Shape s) {
  static const char* names[] = {"snake", "block", "corner", "other"};
  return names[static_cast<int>(s)];
}

int large_tiles(const Tiles& t) {
  int n = 0;
  for (auto e : t.exponent) n += e >= 10;
  return n;
}

void Census::add_position(const Tiles& t, bool from_table) {
  ++positions;
  ++shape[static_cast<int>(shape_of(t))];
  ++empty[count_empty(t)];
  ++large[large_tiles(t)];
  table_moves += from_table;
}

void Census::merge(const Census& o) {
  positions += o.positions;
  table_moves += o.table_moves;
  for (int i = 0; i < kShapes; ++i) shape[i] += o.shape[i], death[i] += o.death[i];
  for (int i = 0; i < 17; ++i) empty[i] += o.empty[i], large[i] += o.large[i];
}

std::string Census::json() const {
  std::uint64_t games = 0;
  for (auto d : death) games += d;
  std::string out = "{\"census\":true,\"positions\":" + std::to_string(positions) + ",\"shape\":{";
  for (int i = 0; i < kShapes; ++i) {
    char v[64];
    std::snprintf(v, sizeof v, "%s\"%s\":%.4f", i ? "," : "", shape_name(static_cast<Shape>(i)),
                  positions ? double(shape[i]) / positions : 0.0);
    out += v;
  }
  out += "},\"deathShape\":{";
  for (int i = 0; i < kShapes; ++i) {
    char v[64];
    std::snprintf(v, sizeof v, "%s\"%s\":%.4f", i ? "," : "", shape_name(static_cast<Shape>(i)),
                  games ? double(death[i]) / games : 0.0);
    out += v;
  }
  char hit[64];
  std::snprintf(hit, sizeof hit, "%.4f", positions ? double(table_moves) / positions : 0.0);
  return out + "},\"tableMoves\":" + hit +
         ",\"emptyCells\":" + shares(empty.data(), 17, positions) +
         ",\"largeTiles\":" + shares(large.data(), 17, positions) + "}";
}

}  // namespace g2048::endgame
