// Fuzz target: the endgame table file (endgame/table_file.h). Every corrupt
// file must be refused with a one-line message; a file that is accepted must
// give tables whose every key sits in its layer, in order, below the target,
// whose lookups find each key and no other, and that encode back to the same
// bytes.
//
// Mutated files nearly always fail the checksum, so each input is also
// decoded with its checksum set right: that is where the counts, keys and
// layers get exercised.
#include <algorithm>
#include <string>
#include <vector>

#include "endgame/table_file.h"
#include "engine/bytes.h"  // seal_checksum
#include "fuzz_check.h"

using namespace g2048;
using namespace g2048::endgame;

namespace {

bool table_message(const std::string& s) {
  return fuzz::one_line_message(s) && s.rfind("table file: ", 0) == 0;
}

void check_file(const std::uint8_t* data, std::size_t size) {
  std::vector<std::shared_ptr<const EndgameTable>> tables;
  std::string error;
  bool ok = decode_table_file(data, size, &tables, &error);
  FUZZ_CHECK(ok || table_message(error), "message: %s", error.c_str());
  if (!ok) return;
  std::uint64_t states = 0;
  std::vector<const EndgameTable*> pointers;
  for (const auto& t : tables) {
    pointers.push_back(t.get());
    states += t->states();
    for (std::size_t i = 0; i < t->layers().size(); ++i) {
      const TableLayer& l = t->layers()[i];
      FUZZ_CHECK(l.keys.size() == l.rates.size(), "layer %zu sizes", i);
      for (std::size_t k = 0; k < l.keys.size(); ++k) {
        FUZZ_CHECK(layer_of(t->formation(), l.keys[k]) == static_cast<int>(i), "key layer");
        FUZZ_CHECK(k == 0 || l.keys[k - 1] < l.keys[k], "keys out of order");
        FUZZ_CHECK(l.rates[k] >= 0 && l.rates[k] <= 1, "rate %g", l.rates[k]);
        FUZZ_CHECK(t->rate(l.keys[k]) == l.rates[k], "lookup of a key it holds");
        // A key one step from it (cell 0, always free): found where held, else absent.
        Board other = l.keys[k] ^ 1;
        auto near = static_cast<std::size_t>(layer_of(t->formation(), other));
        float expected = -1.0f;
        if (near < t->layers().size()) {
          const TableLayer& n = t->layers()[near];
          auto at = std::lower_bound(n.keys.begin(), n.keys.end(), other);
          if (at != n.keys.end() && *at == other) expected = n.rates[at - n.keys.begin()];
        }
        FUZZ_CHECK(expected < 0 ? t->rate(other) < 0 : t->rate(other) == expected,
                   "lookup of a neighbouring key");
      }
    }
  }
  FUZZ_CHECK(states <= kMaxTableFileStates, "%llu states", (unsigned long long)states);
  std::vector<std::uint8_t> again = encode_table_file(pointers);
  FUZZ_CHECK(again.size() == size && std::equal(again.begin(), again.end(), data),
             "%zu bytes written back as %zu or other bytes", size, again.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_file(data, size);
  if (size >= 4) {
    std::vector<std::uint8_t> fixed(data, data + size);
    seal_checksum(fixed.data(), size);
    check_file(fixed.data(), size);
  }
  return 0;
}
