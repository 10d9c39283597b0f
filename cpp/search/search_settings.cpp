#include "search/search_settings.h"

#include <cmath>

namespace g2048 {

std::string validate_settings(const SearchSettings& s) {
  int budgets = (s.depth != 0) + (s.nodes != 0) + (s.time_ms != 0);
  if (budgets > 1) return "give only one of depth, nodes and time";
  if (s.depth < 0 || s.depth > kMaxSearchDepth)
    return "depth must be from 1 to " + std::to_string(kMaxSearchDepth) + ", got " +
           std::to_string(s.depth);
  // Above 1e7 ms (about 3 hours a move) the clock's tick count could overflow.
  if (!(s.time_ms >= 0 && s.time_ms <= kMaxTimeMs))
    return "time budget must be from 0 to 1e7 milliseconds";
  if (s.min_depth < 0 || s.max_depth > kMaxSearchDepth || s.min_depth > s.max_depth)
    return "min and max depth must satisfy 0 <= min <= max <= " + std::to_string(kMaxSearchDepth);
  if (s.crowded_max_depth < 0 || s.crowded_max_depth > kMaxSearchDepth)
    return "crowded boards' max depth must be from 1 to " + std::to_string(kMaxSearchDepth) +
           " (or 0: max depth), got " + std::to_string(s.crowded_max_depth);
  if (!(s.prob_cutoff >= 0 && s.prob_cutoff < 1))
    return "probability cut-off must be at least 0 and below 1";
  if (s.table_bits < 10 || s.table_bits > 26)
    return "table bits must be from 10 to 26, got " + std::to_string(s.table_bits);
  if (s.threads < 1 || s.threads > kMaxThreads)
    return "threads must be from 1 to " + std::to_string(kMaxThreads) + ", got " +
           std::to_string(s.threads);
  if (s.late_from != 0 &&
      (s.late_from < 4 || s.late_from > 65536 || (s.late_from & (s.late_from - 1))))
    return "late-game search's tile must be a power of two from 4 to 65536 (or 0: off), got " +
           std::to_string(s.late_from);
  if (!(s.late_drop >= 0 && s.late_drop < 1))
    return "late-game beam must be a share from 0 to below 1";
  if (s.phase && !s.nodes && !(s.time_ms > 0))
    return "phase allocation spreads a node or time budget: give nodes or a time";
  return "";
}

}  // namespace g2048
