#include "network/ntuple.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace g2048 {

namespace {

// Reverses the 4 cells of every row: the board mirrored left to right.
Board mirror_rows(Board b) {
  return ((b & 0x000F000F000F000FULL) << 12) | ((b & 0x00F000F000F000F0ULL) << 4) |
         ((b & 0x0F000F000F000F00ULL) >> 4) | ((b & 0xF000F000F000F000ULL) >> 12);
}

// Reverses the 4 rows: the board flipped top to bottom.
Board flip_rows(Board b) {
  return (b << 48) | ((b & 0x00000000FFFF0000ULL) << 16) | ((b & 0x0000FFFF00000000ULL) >> 16) |
         (b >> 48);
}

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

std::array<Board, 8> board_symmetries(Board b) {
  Board m = mirror_rows(b), f = flip_rows(b), mf = flip_rows(m);
  return {b, m, f, mf, transpose(b), transpose(m), transpose(f), transpose(mf)};
}

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
  layout.index_features();
  *out = std::move(layout);
  return true;
}

void NTupleLayout::index_features() {
  // Where each cell of symmetry s comes from: a board whose cell i holds i,
  // seen in symmetry s, holds at cell c the cell of b that lands there.
  Board numbered = 0;
  for (int i = 0; i < 16; ++i) numbered |= static_cast<Board>(i) << (4 * i);
  std::array<Board, 8> symmetric = board_symmetries(numbered);
  shifts_.assign(static_cast<std::size_t>(feature_count()) * kMaxTupleLength, 0);
  lengths_.clear();
  feature_offsets_.clear();
  uniform_length_ = static_cast<int>(tuples_[0].size());
  for (int s = 0; s < 8; ++s) {
    for (std::size_t t = 0; t < tuples_.size(); ++t) {
      const std::vector<int>& cells = tuples_[t];
      std::size_t f = lengths_.size();
      for (std::size_t k = 0; k < cells.size(); ++k)
        shifts_[f * kMaxTupleLength + k] =
            static_cast<std::uint8_t>(4 * cell(symmetric[s], cells[k]));
      lengths_.push_back(static_cast<int>(cells.size()));
      feature_offsets_.push_back(offsets_[t]);
      if (static_cast<int>(cells.size()) != uniform_length_) uniform_length_ = 0;
    }
  }
}

std::string NTupleLayout::spec() const {
  std::string s;
  for (const auto& cells : tuples_) {
    if (!s.empty()) s += ' ';
    for (int c : cells) s += "0123456789abcdef"[c];
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
  std::size_t bytes = n * sizeof(std::int16_t);
  void* block = nullptr;
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  // 2 MB pages for a large network (the shipped one: 134 MB): a leaf's
  // lookups land all over the block, and with 4 KB pages nearly every one
  // missed the TLB too. Natively 1.13-1.21x the nodes a second (alternated
  // `ai2048 bench --depth 3` runs). The advice is a hint: where the kernel
  // gives no large pages, nothing changes.
  constexpr std::size_t kLargePage = std::size_t{2} << 20;
  if (bytes >= kLargePage) {
    std::size_t rounded = (bytes + kLargePage - 1) / kLargePage * kLargePage;
    block = std::aligned_alloc(kLargePage, rounded);
    if (block) {
      madvise(block, rounded, MADV_HUGEPAGE);
      std::memset(block, 0, rounded);
    }
  }
#endif
  if (!block) block = std::calloc(n, sizeof(std::int16_t));
  if (!block) return false;
  out->layout_ = layout;
  out->weights_ = std::shared_ptr<std::int16_t>(static_cast<std::int16_t*>(block), std::free);
  out->size_ = n;
  out->scale_ = scale;
  return true;
}

QuantizedNetwork QuantizedNetwork::from(const NTupleNetwork& net, float min_step) {
  float largest = 0.0f;
  for (float w : net.weights()) largest = std::max(largest, std::fabs(w));
  QuantizedNetwork q;
  // Native callers only (the trainer, the CLI): out of memory is fatal there.
  float step = std::max(min_step, largest / 32767.0f);
  if (!allocate(net.layout(), step > 0 ? step : 1.0f, &q)) std::abort();
  for (std::size_t i = 0; i < q.size_; ++i) {
    long v = std::lround(net.weights()[i] / q.scale_);
    q.weights()[i] = static_cast<std::int16_t>(std::clamp(v, -32767L, 32767L));
  }
  return q;
}

}  // namespace g2048
