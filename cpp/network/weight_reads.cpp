#include "network/weight_reads.h"

#include <cstring>

#include "engine/bytes.h"
#include "network/network_file.h"

namespace g2048 {

namespace {
const char kReadsMagic[8] = {'N', '2', '0', '4', '8', 'R', 'D', 'S'};
}

std::size_t WeightReads::count() const {
  std::size_t n = 0;
  for (std::size_t w = 0; w < (size_ + 63) / 64; ++w)
    n += static_cast<std::size_t>(__builtin_popcountll(words_[w].load(std::memory_order_relaxed)));
  return n;
}

void WeightReads::merge(const WeightReads& o) {
  for (std::size_t w = 0; w < (size_ + 63) / 64; ++w)
    words_[w].fetch_or(o.words_[w].load(std::memory_order_relaxed), std::memory_order_relaxed);
}

std::vector<std::uint8_t> WeightReads::encode() const {
  ByteWriter w;
  w.bytes(kReadsMagic, 8);
  w.u64(size_);
  w.out.reserve(w.out.size() + (size_ + 7) / 8 + 4);
  for (std::size_t byte = 0; byte < (size_ + 7) / 8; ++byte) {
    const std::uint64_t word = words_[byte / 8].load(std::memory_order_relaxed);
    w.u8(static_cast<std::uint8_t>(word >> (8 * (byte % 8))));
  }
  w.u32(crc32(w.out.data(), w.out.size()));
  return w.out;
}

bool WeightReads::decode(const std::uint8_t* data, std::size_t size,
                         std::unique_ptr<WeightReads>* out, std::string* error) {
  auto fail = [&](const std::string& why) {
    *error = "reads file: " + why;
    return false;
  };
  if (size < 20 || std::memcmp(data, kReadsMagic, 8) != 0)
    return fail("not a reads file (no N2048RDS magic; written by ai2048 selfplay --reads)");
  ByteReader r(data + 8, size - 8);
  const std::uint64_t weights = r.u64();
  if (weights == 0 || weights > kMaxNetworkWeights) return fail("weight count out of range");
  if (size != 16 + (weights + 7) / 8 + 4) return fail("its size does not match its weight count");
  if (crc32(data, size - 4) != load_u32(data + size - 4))
    return fail("checksum mismatch (the file is corrupt)");
  auto reads = std::make_unique<WeightReads>(static_cast<std::size_t>(weights));
  const std::uint8_t* bits = data + 16;
  for (std::size_t i = 0; i < weights; ++i)
    if (bits[i / 8] >> (i % 8) & 1) reads->mark(i);
  *out = std::move(reads);
  return true;
}

}  // namespace g2048
