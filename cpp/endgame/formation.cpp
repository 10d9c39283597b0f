#include "endgame/formation.h"

#include <algorithm>

namespace g2048::endgame {

namespace {

constexpr std::array<std::uint8_t, 16> cells_of(int s) {
  std::array<std::uint8_t, 16> m{};
  for (int i = 0; i < 16; ++i) {
    int r = i / 4, c = i % 4;
    if (s & 4) std::swap(r, c);  // transpose
    if (s & 1) c = 3 - c;        // mirror left-right
    if (s & 2) r = 3 - r;        // mirror top-bottom
    m[i] = static_cast<std::uint8_t>(4 * r + c);
  }
  return m;
}

Formation make(const std::string& name, std::uint16_t walls) {
  Formation f;
  f.name = name;
  f.wall_cells = walls;
  for (int i = 0; i < 16; ++i) {
    if (!(walls >> i & 1)) continue;
    f.wall_mask |= Board{0xF} << (4 * i);
    // A checkerboard of 15 and 14: neighbouring walls differ, so they never merge.
    f.wall_pattern |= Board((i / 4 + i % 4) % 2 ? 14 : 15) << (4 * i);
  }
  return f;
}

}  // namespace

const std::array<std::array<std::uint8_t, 16>, 8> kSymmetry = {
    cells_of(0), cells_of(1), cells_of(2), cells_of(3),
    cells_of(4), cells_of(5), cells_of(6), cells_of(7)};

const std::vector<std::string>& formation_names() {
  static const std::vector<std::string> names = {"snake", "block", "snake-end", "snake5"};
  return names;
}

std::string formation_names_text() {
  std::string out;
  for (const auto& n : formation_names()) out += (out.empty() ? "" : ", ") + n;
  return out;
}

bool formation_by_name(const std::string& name, Formation* out) {
  if (name == "snake") *out = make(name, 0xFC00);        // cells 10-15
  else if (name == "block") *out = make(name, 0xEE00);   // cells 9-11, 13-15
  else if (name == "snake5") *out = make(name, 0xF800);  // cells 11-15
  else if (name == "snake-end") {
    *out = make(name, 0xFC00);
    out->end_cell = 10;
    out->success_cells = (1 << 6) | (1 << 9);
  } else return false;
  return true;
}

int layer_of(const Formation& f, Board key) {
  int sum = 0;
  for (int i = 0; i < 16; ++i) {
    if (f.wall_cells >> i & 1) continue;
    int e = cell(key, i);
    if (e) sum += 1 << (e - 1);
  }
  return sum;
}

std::vector<int> free_cells(const Formation& f) {
  std::vector<int> cells;
  for (int i = 0; i < 16; ++i)
    if (!(f.wall_cells >> i & 1)) cells.push_back(i);
  return cells;
}

Fit fit(const Formation& f, const Tiles& t, int max_target) {
  for (int s = 0; s < 8; ++s) {
    const auto& map = kSymmetry[s];
    int smallest_wall = kMaxExponent + 1, largest = 0, at_end = 0;
    for (int i = 0; i < 16; ++i) {
      int e = t.exponent[map[i]];
      if (f.wall_cells >> i & 1) smallest_wall = std::min(smallest_wall, e);
      else largest = std::max(largest, e);
    }
    if (f.end_cell >= 0) at_end = t.exponent[map[f.end_cell]];
    if (smallest_wall == 0 || smallest_wall > max_target) continue;
    if (f.success_cells) {
      // The chain ends at end_cell; free tiles up to the target, but not one
      // already beside the end (the search merges it).
      if (at_end != smallest_wall || largest > smallest_wall) continue;
      bool ready = false;
      for (int i = 0; i < 16; ++i)
        if ((f.success_cells >> i & 1) && t.exponent[map[i]] >= smallest_wall) ready = true;
      if (ready) continue;
    } else if (largest >= smallest_wall) {
      continue;
    }
    Fit out;
    out.symmetry = s;
    out.target = smallest_wall;
    out.key = f.wall_pattern;
    for (int i = 0; i < 16; ++i)
      if (!(f.wall_cells >> i & 1)) out.key |= Board(t.exponent[map[i]]) << (4 * i);
    return out;
  }
  return Fit{};
}

AfterMove after_move(const Formation& f, const Fit& before_fit, const Tiles& before,
                     const Tiles& after) {
  const auto& map = kSymmetry[before_fit.symmetry];
  AfterMove out;
  Board key = f.wall_pattern;
  bool reached = false;
  for (int i = 0; i < 16; ++i) {
    int e = after.exponent[map[i]];
    bool wall = f.wall_cells >> i & 1;
    if (wall) {
      if (e != before.exponent[map[i]]) return out;  // a wall moved or merged
      continue;
    }
    if (e > largest_free(f, before_fit.target)) {
      if (!f.success_cells) reached = true;
      else return out;  // past the target: no move of the table
    } else if (f.success_cells && (f.success_cells >> i & 1) && e >= before_fit.target) {
      reached = true;
    }
    key |= Board(e) << (4 * i);
  }
  if (reached) out.kind = AfterMove::kReached;
  else out.kind = AfterMove::kKey, out.key = key;
  return out;
}

}  // namespace g2048::endgame
