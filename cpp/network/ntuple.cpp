#include "network/ntuple.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace g2048 {

namespace {

struct Preset {
  const char* name;
  const char* tuples;
};
// Shapes published by Yeh et al. (4x6) and Matsuzaki (8x6); the small ones
// (rows, columns and squares) are for tests and quick experiments.
constexpr Preset kPresets[] = {
    {"4x6", "012345 456789 012456 45689a"},
    {"8x6", "012456 456789 012345 234569 01259a 345678 134567 01489a"},
    {"5x4", "0123 4567 0145 1256 569a"},
    {"4x4", "0123 4567 0145 1256"},
};

// The words of a spec (separated by spaces or commas). No iostreams: they
// would double the size of the WebAssembly module.
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text + " ") {
    if (c == ' ' || c == ',' || c == '\t' || c == '\n') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return out;
}

}  // namespace

bool NTupleLayout::parse(const std::string& spec_text, const std::vector<int>& stage_starts,
                         NTupleLayout* out, std::string* error) {
  std::string spec = spec_text;
  for (const Preset& p : kPresets)
    if (spec == p.name) spec = p.tuples;
  NTupleLayout layout;
  for (const std::string& word : words_of(spec)) {
    if (word.size() > static_cast<std::size_t>(kMaxTupleLength)) {
      *error = "tuple \"" + word + "\" has more than " + std::to_string(kMaxTupleLength) + " cells";
      return false;
    }
    std::vector<int> cells;
    for (char c : word) {
      int v = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
              : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
              : (c >= 'A' && c <= 'F')                    ? c - 'A' + 10
                                                          : -1;
      if (v < 0) {
        *error = "tuple \"" + word + "\": cells are hex digits 0-f";
        return false;
      }
      if (std::find(cells.begin(), cells.end(), v) != cells.end()) {
        *error = "tuple \"" + word + "\" names a cell twice";
        return false;
      }
      cells.push_back(v);
    }
    layout.tuples_.push_back(cells);
  }
  if (layout.tuples_.empty() || layout.tuples_.size() > static_cast<std::size_t>(kMaxTuples)) {
    *error = "a network needs 1 to " + std::to_string(kMaxTuples) +
             " tuples (hex cell digits, or a preset: 4x6, 8x6, 5x4, 4x4), got \"" + spec_text +
             "\"";
    return false;
  }
  if (stage_starts.size() + 1 > static_cast<std::size_t>(kMaxStages)) {
    *error = "at most " + std::to_string(kMaxStages) + " stages";
    return false;
  }
  for (std::size_t s = 0; s < stage_starts.size(); ++s) {
    if (stage_starts[s] < 1 || stage_starts[s] > 15 ||
        (s > 0 && stage_starts[s] <= stage_starts[s - 1])) {
      *error = "stage starts must be increasing tile exponents from 1 to 15";
      return false;
    }
  }
  layout.stage_starts_ = stage_starts;
  for (const auto& cells : layout.tuples_) {
    layout.offsets_.push_back(layout.per_stage_);
    layout.per_stage_ += std::size_t{1} << (4 * cells.size());
  }
  layout.index_runs();
  *out = std::move(layout);
  return true;
}

void NTupleLayout::index_runs() {
  std::vector<std::vector<Run>> per_tuple;
  runs_per_tuple_ = 1;
  for (const std::vector<int>& cells : tuples_) {
    std::vector<Run> runs;
    for (std::size_t k = 0; k < cells.size(); ++k) {
      bool continues = k > 0 && cells[k] == cells[k - 1] + 1;
      if (!continues) {
        Run run;
        run.from = static_cast<std::uint8_t>(4 * cells[k]);
        run.to = static_cast<std::uint8_t>(4 * k);
        runs.push_back(run);
      }
      runs.back().mask = (runs.back().mask << 4) | 0xF;
    }
    runs_per_tuple_ = std::max(runs_per_tuple_, static_cast<int>(runs.size()));
    per_tuple.push_back(runs);
  }
  runs_.clear();
  for (std::vector<Run>& runs : per_tuple) {
    runs.resize(static_cast<std::size_t>(runs_per_tuple_));  // padded with empty runs
    runs_.insert(runs_.end(), runs.begin(), runs.end());
  }
}

std::string NTupleLayout::cells_spec(const std::vector<int>& cells) {
  std::string s;
  for (int c : cells) s += "0123456789abcdef"[c];
  return s;
}

std::string NTupleLayout::spec() const {
  std::string s;
  for (const auto& cells : tuples_) {
    if (!s.empty()) s += ' ';
    s += cells_spec(cells);
  }
  return s;
}

NTupleNetwork::NTupleNetwork(const NTupleLayout& layout, float initial_value)
    : layout_(layout),
      weights_(layout.weight_count(), initial_value / static_cast<float>(layout.feature_count())) {}

bool NTupleNetwork::with_stages(const NTupleNetwork& from, const std::vector<int>& stage_starts,
                                NTupleNetwork* out, std::string* error) {
  NTupleLayout layout;
  if (!NTupleLayout::parse(from.layout().spec(), stage_starts, &layout, error)) return false;
  NTupleNetwork net(layout);
  const std::size_t per_stage = layout.weights_per_stage();
  for (int s = 0; s < layout.stage_count(); ++s) {
    // A board whose largest tile is the new stage's first: 2^start in cell 0.
    int first = s == 0 ? 0 : stage_starts[s - 1];
    int old_stage = from.layout().stage_of(Board(first));
    std::copy_n(from.weights().begin() + per_stage * old_stage, per_stage,
                net.weights().begin() + per_stage * s);
  }
  *out = std::move(net);
  return true;
}

bool QuantizedNetwork::allocate(const NTupleLayout& layout, float scale, QuantizedNetwork* out) {
  std::size_t n = layout.weight_count();
  // Natively 1.13-1.21x the nodes a second in large pages (alternated
  // `ai2048 bench --depth 3` runs; engine/large_pages.h).
  void* block = allocate_zeroed_large(PackedWeights::bytes_for(n));
  if (!block) return false;
  out->layout_ = layout;
  out->bytes_ = std::shared_ptr<std::uint8_t>(static_cast<std::uint8_t*>(block), std::free);
  out->size_ = n;
  out->scale_ = scale;
  return true;
}

QuantizedNetwork QuantizedNetwork::from(const NTupleNetwork& net, float min_step) {
  float largest = 0.0f;
  for (float w : net.weights()) largest = std::max(largest, std::fabs(w));
  QuantizedNetwork q;
  // Native callers only (the trainer, the CLI): out of memory is fatal there.
  float step = std::max(min_step, largest / static_cast<float>(PackedWeights::kMax));
  if (!allocate(net.layout(), step > 0 ? step : 1.0f, &q)) std::abort();
  const long top = PackedWeights::kMax;
  for (std::size_t i = 0; i < q.size_; ++i)
    q.set(i, static_cast<std::int32_t>(
                 std::clamp(std::lround(net.weights()[i] / q.scale_), -top, top)));
  return q;
}

bool WeightLevels::make(const std::vector<std::int32_t>& positive, WeightLevels* out,
                        std::string* error) {
  if (positive.size() != static_cast<std::size_t>(PackedWeights::kMax)) {
    *error = "a table of levels has 2047 levels, not " + std::to_string(positive.size());
    return false;
  }
  std::int32_t previous = 0;
  for (std::int32_t level : positive) {
    if (level <= previous || level > kMaxLevel) {
      *error = "the levels must rise, from at least 1 to at most 2^24";
      return false;
    }
    previous = level;
  }
  WeightLevels levels;
  for (int q = 1; q <= PackedWeights::kMax; ++q) {
    levels.table_[2048 + q] = positive[q - 1];
    levels.table_[2048 - q] = -positive[q - 1];
  }
  levels.table_[0] = -positive.back();  // code -2048
  *out = levels;
  return true;
}

QuantizedNetwork QuantizedNetwork::from_log_scale(const NTupleNetwork& net, float knee) {
  double largest = 0.0;
  for (float w : net.weights()) largest = std::max(largest, std::fabs(static_cast<double>(w)));
  if (!(largest > 0) || !(knee > 0)) return from(net);
  // The top level a little under 2^22: steps far finer than any code's, with
  // room for the nudges below that keep every level above the one before.
  const double unit = largest / (1 << 22);
  const double d = std::log1p(largest / knee) / PackedWeights::kMax;
  std::vector<std::int32_t> positive;
  std::int32_t previous = 0;
  for (int q = 1; q <= PackedWeights::kMax; ++q) {
    auto level = static_cast<std::int32_t>(std::llround(knee * std::expm1(q * d) / unit));
    previous = std::max(level, previous + 1);
    positive.push_back(previous);
  }
  WeightLevels levels;
  std::string error;
  if (!WeightLevels::make(positive, &levels, &error)) std::abort();  // cannot: built rising
  return on_levels(net, levels, static_cast<float>(unit));
}

QuantizedNetwork QuantizedNetwork::on_levels(const NTupleNetwork& net, const WeightLevels& levels,
                                             float scale) {
  QuantizedNetwork q;
  // Native callers only (the CLI): out of memory is fatal there.
  if (!allocate(net.layout(), scale, &q)) std::abort();
  q.set_levels(levels);
  const std::int32_t* top = levels.zero() + PackedWeights::kMax;
  for (std::size_t i = 0; i < q.size_; ++i) {
    const float w = net.weights()[i];
    const double m = std::fabs(static_cast<double>(w)) / scale;
    // The first level above m, and the one below it: the nearer of the two.
    const std::int32_t* above =
        std::upper_bound(levels.zero(), top + 1, m, [](double v, std::int32_t l) { return v < l; });
    std::int32_t code = static_cast<std::int32_t>(above - levels.zero());
    if (above > top || m - above[-1] < above[0] - m) --code;
    q.set(i, w < 0 ? -code : code);
  }
  return q;
}

std::size_t QuantizedNetwork::prune(int steps) {
  std::size_t zeroed = 0;
  for (std::size_t i = 0; i < size_ && steps > 0; ++i) {
    std::int32_t q = weight(i);
    if (q != 0 && q >= -steps && q <= steps) {
      set(i, 0);
      ++zeroed;
    }
  }
  return zeroed;
}

bool QuantizedNetwork::same_as(const QuantizedNetwork& o) const {
  if (!(layout_ == o.layout_) || size_ != o.size_ || scale_ != o.scale_) return false;
  if (!levels_ != !o.levels_ || (levels_ && !(*levels_ == *o.levels_))) return false;
  for (std::size_t i = 0; i < size_; ++i)
    if (weight(i) != o.weight(i)) return false;
  return true;
}

}  // namespace g2048
