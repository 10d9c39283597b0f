// A plain, obviously-correct 2048 move in tile values, written without the
// engine's tables or bit tricks, to check the engine against.
#pragma once

#include <array>
#include <cstdint>

namespace reference {

using Values = std::array<std::int64_t, 16>;

struct Line {
  std::array<std::int64_t, 4> v;
  std::int64_t gain;
};

// Slides four values towards index 0; each pair merges once, the first pair first.
inline Line slide(std::array<std::int64_t, 4> in) {
  std::array<std::int64_t, 4> packed{0, 0, 0, 0};
  int n = 0;
  for (auto x : in)
    if (x != 0) packed[n++] = x;
  Line out{{0, 0, 0, 0}, 0};
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n && packed[i] == packed[i + 1]) {
      out.v[k++] = 2 * packed[i];
      out.gain += 2 * packed[i];
      ++i;
    } else {
      out.v[k++] = packed[i];
    }
  }
  return out;
}

struct Moved {
  Values board;
  std::int64_t gain;
  bool moved;
};

// dir: 0 up, 1 right, 2 down, 3 left. Cell (r, c) is index 4r + c.
inline Moved move(const Values& b, int dir) {
  Moved m{b, 0, false};
  for (int j = 0; j < 4; ++j) {
    int idx[4];
    for (int k = 0; k < 4; ++k) {
      if (dir == 0) idx[k] = 4 * k + j;
      else if (dir == 2) idx[k] = 4 * (3 - k) + j;
      else if (dir == 3) idx[k] = 4 * j + k;
      else idx[k] = 4 * j + (3 - k);
    }
    std::array<std::int64_t, 4> line;
    for (int k = 0; k < 4; ++k) line[k] = b[idx[k]];
    Line out = slide(line);
    m.gain += out.gain;
    for (int k = 0; k < 4; ++k) m.board[idx[k]] = out.v[k];
  }
  m.moved = m.board != b;
  return m;
}

inline bool game_over(const Values& b) {
  for (int d = 0; d < 4; ++d)
    if (move(b, d).moved) return false;
  return true;
}

}  // namespace reference
