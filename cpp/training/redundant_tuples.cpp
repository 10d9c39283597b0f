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
    const std::string name = NTupleLayout::cells_spec(cells);
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
  std::string kept_spec;
  for (int t = 0; t < layout.tuple_count(); ++t) {
    if (is_redundant(layout, t)) continue;
    kept.push_back(t);
    kept_spec += (kept_spec.empty() ? "" : " ") + NTupleLayout::cells_spec(layout.tuple(t));
  }
  if (static_cast<int>(kept.size()) == layout.tuple_count()) return net;
  NTupleLayout folded_layout;
  std::string error;
  // Cannot fail: the kept tuples and stages come from a valid layout.
  NTupleLayout::parse(kept_spec, layout.stage_starts(), &folded_layout, &error);

  // Each redundant tuple goes to the first kept tuple holding its cells (one
  // exists: a tuple inside a redundant one lies inside that one's host too),
  // with where each of its cells sits in the host's index (4 bits a cell).
  struct Fold {
    int tuple, host;  // the host: an index into kept
    std::vector<int> shift;
  };
  std::vector<Fold> folds;
  for (int t = 0; t < layout.tuple_count(); ++t) {
    if (!is_redundant(layout, t)) continue;
    Fold f{t, 0, {}};
    while (!inside(layout.tuple(t), layout.tuple(kept[f.host]))) ++f.host;
    const std::vector<int>& host = layout.tuple(kept[f.host]);
    for (int c : layout.tuple(t))
      f.shift.push_back(4 *
                        static_cast<int>(std::find(host.begin(), host.end(), c) - host.begin()));
    folds.push_back(std::move(f));
  }

  NTupleNetwork folded(folded_layout);
  for (int s = 0; s < layout.stage_count(); ++s) {
    const float* from = net.weights().data() + layout.weights_per_stage() * s;
    float* to = folded.weights().data() + folded_layout.weights_per_stage() * s;
    for (std::size_t k = 0; k < kept.size(); ++k)
      std::copy_n(from + layout.tuple_offset(kept[k]),
                  std::size_t{1} << (4 * layout.tuple(kept[k]).size()),
                  to + folded_layout.tuple_offset(static_cast<int>(k)));
    for (const Fold& f : folds) {
      float* weights = to + folded_layout.tuple_offset(f.host);
      const float* small = from + layout.tuple_offset(f.tuple);
      const std::size_t entries = std::size_t{1} << (4 * layout.tuple(kept[f.host]).size());
      for (std::size_t i = 0; i < entries; ++i) {
        std::size_t sub = 0;
        for (std::size_t j = 0; j < f.shift.size(); ++j) sub |= ((i >> f.shift[j]) & 15) << (4 * j);
        weights[i] += small[sub];
      }
    }
  }
  return folded;
}

}  // namespace g2048
