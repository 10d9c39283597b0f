// Small helpers for the one-line JSON the CLI prints.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "engine/tiles.h"
#include "search/search_settings.h"

namespace g2048::cli {

inline std::string json_number(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

inline std::string json_board(const Tiles& t) { return "[" + board_text(t) + "]"; }

// The four directions' values; an illegal direction is null.
inline std::string json_values(const SearchResult& r) {
  std::string s = "[";
  for (int d = 0; d < 4; ++d) {
    if (d) s += ",";
    s += r.values[d] == kIllegal ? std::string("null") : json_number(r.values[d]);
  }
  return s + "]";
}

}  // namespace g2048::cli
