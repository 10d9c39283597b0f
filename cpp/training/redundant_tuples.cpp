#include "training/redundant_tuples.h"

#include <algorithm>

namespace g2048 {

namespace {

bool inside(const std::vector<int>& small, const std::vector<int>& large) {
  return std::all_of(small.begin(), small.end(), [&](int c) {
    return std::find(large.begin(), large.end(), c) != large.end();
  });
}

// Whether tuple t is redundant: its cells lie in a larger tuple, or in an
// earlier tuple of the same cells.
bool is_redundant(const NTupleLayout& layout, int t) {
  const std::vector<int>& cells = layout.tuple(t);
  for (int h = 0; h < layout.tuple_count(); ++h) {
    if (h == t || !inside(cells, layout.tuple(h))) continue;
    if (layout.tuple(h).size() > cells.size() || h < t) return true;
  }
  return false;
}

std::string spec_of(const std::vector<std::vector<int>>& tuples) {
  std::string s;
  for (const auto& cells : tuples) {
    if (!s.empty()) s += ' ';
    for (int c : cells) s += "0123456789abcdef"[c];
  }
  return s;
}

// The tuple's weights start at this offset within a stage (tuples in order,
// 16^length weights each, as NTupleLayout lays them out).
std::size_t tuple_offset(const NTupleLayout& layout, int t) {
  std::size_t offset = 0;
  for (int k = 0; k < t; ++k) offset += std::size_t{1} << (4 * layout.tuple(k).size());
  return offset;
}

}  // namespace

int redundant_tuple_count(const NTupleLayout& layout) {
  int n = 0;
  for (int t = 0; t < layout.tuple_count(); ++t) n += is_redundant(layout, t);
  return n;
}

bool with_redundant_tuples(const NTupleNetwork& net, const std::string& spec, NTupleNetwork* out,
                           std::string* error) {
  const NTupleLayout& old_layout = net.layout();
  NTupleLayout added;
  if (!NTupleLayout::parse(spec, {}, &added, error)) return false;
  for (int t = 0; t < added.tuple_count(); ++t) {
    const std::vector<int>& cells = added.tuple(t);
    const std::string name = spec_of({cells});
    bool hosted = false;
    for (int h = 0; h < old_layout.tuple_count(); ++h) {
      if (old_layout.tuple(h) == cells) {
        *error = "redundant tuple " + name + " is already in the network";
        return false;
      }
      hosted = hosted ||
               (inside(cells, old_layout.tuple(h)) && old_layout.tuple(h).size() > cells.size());
    }
    if (!hosted) {
      *error = "redundant tuple " + name + " must lie inside one of the network's larger tuples (" +
               old_layout.spec() + ")";
      return false;
    }
  }
  NTupleLayout layout;
  if (!NTupleLayout::parse(old_layout.spec() + " " + added.spec(), old_layout.stage_starts(),
                           &layout, error))
    return false;
  NTupleNetwork result(layout);
  const std::size_t old_per_stage = old_layout.weights_per_stage();
  for (int s = 0; s < layout.stage_count(); ++s)
    std::copy_n(net.weights().begin() + old_per_stage * s, old_per_stage,
                result.weights().begin() + layout.weights_per_stage() * s);
  *out = std::move(result);
  return true;
}

NTupleNetwork fold_redundant_tuples(const NTupleNetwork& net) {
  const NTupleLayout& layout = net.layout();
  std::vector<int> kept;  // the old index of each tuple that stays
  for (int t = 0; t < layout.tuple_count(); ++t)
    if (!is_redundant(layout, t)) kept.push_back(t);
  if (static_cast<int>(kept.size()) == layout.tuple_count()) return net;
  std::vector<std::vector<int>> kept_cells;
  for (int t : kept) kept_cells.push_back(layout.tuple(t));
  NTupleLayout folded_layout;
  std::string error;
  // Cannot fail: the kept tuples and stages come from a valid layout.
  NTupleLayout::parse(spec_of(kept_cells), layout.stage_starts(), &folded_layout, &error);
  NTupleNetwork folded(folded_layout);
  for (int s = 0; s < layout.stage_count(); ++s) {
    const float* from = net.weights().data() + layout.weights_per_stage() * s;
    float* to = folded.weights().data() + folded_layout.weights_per_stage() * s;
    for (std::size_t k = 0; k < kept.size(); ++k) {
      const std::vector<int>& host = layout.tuple(kept[k]);
      const std::size_t entries = std::size_t{1} << (4 * host.size());
      float* weights = to + tuple_offset(folded_layout, static_cast<int>(k));
      std::copy_n(from + tuple_offset(layout, kept[k]), entries, weights);
      for (int t = 0; t < layout.tuple_count(); ++t) {
        if (!is_redundant(layout, t)) continue;
        // The first kept tuple holding t's cells takes its weights.
        auto first = std::find_if(kept.begin(), kept.end(),
                                  [&](int h) { return inside(layout.tuple(t), layout.tuple(h)); });
        if (first == kept.end() || *first != kept[k]) continue;
        // Where each of t's cells sits in the host's index (4 bits a cell).
        std::vector<int> shift;
        for (int c : layout.tuple(t))
          shift.push_back(4 *
                          static_cast<int>(std::find(host.begin(), host.end(), c) - host.begin()));
        const float* small = from + tuple_offset(layout, t);
        for (std::size_t i = 0; i < entries; ++i) {
          std::size_t sub = 0;
          for (std::size_t j = 0; j < shift.size(); ++j) sub |= ((i >> shift[j]) & 15) << (4 * j);
          weights[i] += small[sub];
        }
      }
    }
  }
  return folded;
}

}  // namespace g2048
