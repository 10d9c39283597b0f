// Fuzz target: the network file (network_file.h): read_network_header and
// decode_network, on a file's bytes as they come, and the streaming reader
// (network_stream.h) against them. Every corrupt file must be
// refused with a message; a file that is accepted must give a network whose
// lookups stay inside its weights and that encodes back to the same network.
//
// Mutated files nearly always fail the checksum, so each input is also
// decoded with its checksum set right: that is where the header and weight
// reading get exercised. And a header alone must not be able to ask for more
// than kMaxNetworkWeights, whatever total size a caller is told (a streaming
// reader learns it from a gzip trailer, which anyone can write).
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "eval/network_eval.h"
#include "fuzz_check.h"
#include "network/network_file.h"
#include "network/network_stream.h"

using namespace g2048;

namespace {

bool network_message(const std::string& s) {
  return fuzz::one_line_message(s) && s.rfind("network file: ", 0) == 0;
}

// The largest weight of a 16-bit file, in steps.
double largest_code(const std::uint8_t* data, const NetworkHeader& h) {
  const std::size_t n = h.layout.weight_count();
  const std::uint8_t* high = data + h.header_bytes;
  int largest = 0;
  for (std::size_t i = 0; i < n; ++i)
    largest = std::max(largest,
                       std::abs(unzigzag(static_cast<std::uint16_t>(high[i] << 8 | high[n + i]))));
  return largest;
}

// The weights' bytes a header of this encoding announces.
std::uint64_t weight_bytes_of(const NetworkHeader& h) {
  const std::uint64_t count = h.layout.weight_count();
  if (is_sparse(h.encoding)) return count / 8 + h.code_bytes;
  return count * (h.encoding == WeightEncoding::kFloat32 ? 4 : 2);
}

bool same_header(const NetworkHeader& a, const NetworkHeader& b) {
  return a.layout == b.layout && a.encoding == b.encoding && a.scale == b.scale &&
         a.header_bytes == b.header_bytes && a.weight_bytes == b.weight_bytes && a.base == b.base &&
         a.levels == b.levels;
}

bool same_network(const DecodedNetwork& a, const DecodedNetwork& b) {
  if (a.encoding != b.encoding) return false;
  if (a.encoding == WeightEncoding::kFloat32)
    return a.floats.layout() == b.floats.layout() &&
           a.floats.weights().size() == b.floats.weights().size() &&
           std::memcmp(a.floats.weights().data(), b.floats.weights().data(),
                       a.floats.weights().size() * 4) == 0;
  return a.quantized.same_as(b.quantized);
}

// Lookups on a few boards whose largest tiles fall in every stage: ASan
// catches any index outside the weights.
void evaluate_some(const DecodedNetwork& d) {
  static const Board kBoards[4] = {0, 0x0123456789abcdefULL, 0x1111222233334444ULL,
                                   0xffffeeeeddddccccULL};
  QuantizedNetwork q = d.to_quantized();
  FUZZ_CHECK(q.size() == q.layout().weight_count(), "16-bit form: %zu weights", q.size());
  NetworkEval e(q);  // as the search reads the weights, downgrading included
  float many[4];
  e.evaluate_many(kBoards, 4, many);
  for (int k = 0; k < 4; ++k) {
    float one = e.evaluate(kBoards[k]);
    FUZZ_CHECK(std::memcmp(&one, &many[k], sizeof one) == 0, "board %d: %g vs %g", k, one, many[k]);
  }
  NTupleNetwork f = d.to_float();
  FUZZ_CHECK(f.weights().size() == f.layout().weight_count(), "float form: %zu weights",
             f.weights().size());
  for (Board b : kBoards) (void)f.evaluate(b);
}

// One file: the header reader and the decoder agree, and what they accept holds.
// Returns whether the file decoded.
bool check_file(const std::uint8_t* data, std::size_t size) {
  NetworkHeader h;
  std::string header_error;
  bool header_ok = read_network_header(data, size, size, &h, &header_error);
  FUZZ_CHECK(header_ok || network_message(header_error), "header message: %s",
             header_error.c_str());

  DecodedNetwork d;
  std::string error;
  bool ok = decode_network(data, size, &d, &error);
  FUZZ_CHECK(ok || network_message(error), "message: %s", error.c_str());
  FUZZ_CHECK(!ok || header_ok, "decoded a file whose header is refused");
  if (!header_ok) return ok;

  std::uint64_t count = h.layout.weight_count();
  FUZZ_CHECK(count <= kMaxNetworkWeights, "%llu weights", (unsigned long long)count);
  FUZZ_CHECK(h.weight_bytes == weight_bytes_of(h), "%zu weight bytes", h.weight_bytes);
  FUZZ_CHECK(h.header_bytes + h.weight_bytes + 4 == size, "sizes %zu + %zu + 4 vs %zu",
             h.header_bytes, h.weight_bytes, size);
  // The bindings read the header from the file's first bytes only.
  NetworkHeader head;
  std::string head_error;
  FUZZ_CHECK(read_network_header(data, h.header_bytes, size, &head, &head_error), "%s",
             head_error.c_str());
  FUZZ_CHECK(same_header(h, head), "another header from the first bytes only");
  FUZZ_CHECK(!read_network_header(data, h.header_bytes - 1, size, &head, &head_error),
             "read a header from fewer bytes than it has");
  // Once the header is right, the checksum is the one thing left to check,
  // but for a 16-bit file stepped again whose weights pass a float's range,
  // and a sparse file's codes, which must fit its bitmap.
  bool checksum_ok = crc32(data, size - 4) == load_u32(data + size - 4);
  bool too_large =
      checksum_ok && h.encoding == WeightEncoding::kInt16 && !weights_fit_twelve_bits(data, h) &&
      largest_code(data, h) * static_cast<double>(h.scale) > std::numeric_limits<float>::max();
  if (is_sparse(h.encoding))
    FUZZ_CHECK(!ok || checksum_ok, "decoded a sparse file with a wrong checksum");
  else
    FUZZ_CHECK(ok == (checksum_ok && !too_large),
               "header fine, checksum %d, too large %d, decoded %d: %s", checksum_ok, too_large, ok,
               error.c_str());
  FUZZ_CHECK(!too_large || error.find("beyond a float's range") != std::string::npos, "%s",
             error.c_str());
  if (!ok) return false;

  FUZZ_CHECK(d.encoding == h.encoding, "encoding");
  if (d.encoding != WeightEncoding::kFloat32) {
    FUZZ_CHECK(d.quantized.layout() == h.layout && d.quantized.size() == count, "16-bit network");
    // Weights beyond 12 bits are stepped again, more coarsely (encoding 2;
    // encodings 3 and 4 cannot hold them).
    if (is_sparse(d.encoding) || weights_fit_twelve_bits(data, h))
      FUZZ_CHECK(d.quantized.scale() == h.scale, "scale %g vs %g", d.quantized.scale(), h.scale);
    else
      FUZZ_CHECK(!(d.quantized.scale() < h.scale), "scale %g vs %g", d.quantized.scale(), h.scale);
  } else {
    FUZZ_CHECK(d.floats.layout() == h.layout && d.floats.weights().size() == count,
               "float network");
  }
  evaluate_some(d);

  // Written again, it reads back as the same network (the bytes may differ
  // where the reader ignores them: unused tuple cells, a float file's scale).
  std::vector<std::uint8_t> again =
      is_sparse(d.encoding)                  ? encode_network_sparse(d.quantized, d.base)
      : d.encoding == WeightEncoding::kInt16 ? encode_network(d.quantized)
                                             : encode_network(d.floats);
  FUZZ_CHECK(again.size() == size, "%zu bytes written back as %zu", size, again.size());
  DecodedNetwork d2;
  FUZZ_CHECK(decode_network(again.data(), again.size(), &d2, &error), "%s", error.c_str());
  FUZZ_CHECK(same_network(d, d2), "written back as a different network");
  return true;
}

// The header with the total size it declares itself (header + count x width
// + 4), as a caller that believes a claimed size would pass it: whatever the
// header says, it may not be accepted for more weights than the limit.
void check_claimed_size(const std::uint8_t* data, std::size_t size) {
  if (size < 28) return;
  std::uint32_t tuples = load_u32(data + 20), stages = load_u32(data + 24);
  if (tuples < 1 || tuples > 64 || stages < 1 || stages > 8) return;
  std::size_t at = 28 + 8 * std::size_t{tuples} + 4 * std::size_t{stages - 1};
  if (size < at + 8) return;
  std::uint64_t count = load_u32(data + at) | (std::uint64_t{load_u32(data + at + 4)} << 32);
  if (count > (std::uint64_t{1} << 60)) return;
  std::uint64_t claim = at + 8 + count * (load_u32(data + 12) == 1 ? 4 : 2) + 4;
  const std::uint32_t encoding = load_u32(data + 12);
  // Sparse: V follows the count, then encodings 4 and 6's base, then 5 and 6's levels.
  if (encoding >= 3 && encoding <= 6) {
    if (size < at + 16) return;
    std::uint64_t codes = load_u32(data + at + 8) | (std::uint64_t{load_u32(data + at + 12)} << 32);
    if (codes > (std::uint64_t{1} << 60)) return;
    const auto e = static_cast<WeightEncoding>(encoding);
    claim =
        at + 16 + (is_based(e) ? 4 : 0) + (has_levels(e) ? 4 * 2047 : 0) + count / 8 + codes + 4;
  }
  NetworkHeader h;
  std::string error;
  if (!read_network_header(data, size, static_cast<std::size_t>(claim), &h, &error)) {
    FUZZ_CHECK(network_message(error), "message: %s", error.c_str());
    return;
  }
  FUZZ_CHECK(h.layout.weight_count() <= kMaxNetworkWeights,
             "a %zu-byte header may ask for %llu weights (%llu bytes claimed)", size,
             (unsigned long long)h.layout.weight_count(), (unsigned long long)claim);
  FUZZ_CHECK(h.header_bytes + h.weight_bytes + 4 == claim, "claimed %llu bytes",
             (unsigned long long)claim);
}

// The streaming reader (the browser's path: pieces as a download arrives)
// accepts exactly the 16-bit files decode_network accepts whose weights fit 12
// bits (every sparse file it accepts), and reads the same weights; pieces of 1 to 97 bytes, their
// sizes taken from the file itself.
void check_stream(const std::uint8_t* data, std::size_t size) {
  DecodedNetwork whole;
  NetworkHeader h;
  std::string error;
  bool whole_ok = decode_network(data, size, &whole, &error) &&
                  whole.encoding != WeightEncoding::kFloat32 &&
                  read_network_header(data, size, size, &h, &error) &&
                  (is_sparse(whole.encoding) || weights_fit_twelve_bits(data, h));
  NetworkStreamReader reader(size);
  std::size_t piece = 1 + (size ? data[size / 2] % 97 : 0);
  bool ok = true;
  for (std::size_t at = 0; ok && at < size; at += piece)
    ok = reader.push(data + at, std::min(piece, size - at), &error);
  QuantizedNetwork streamed;
  ok = ok && reader.finish(&streamed, &error);
  FUZZ_CHECK(ok || network_message(error), "stream message: %s", error.c_str());
  FUZZ_CHECK(ok == whole_ok, "streamed %d, whole %d (%zu bytes, pieces of %zu)", ok, whole_ok, size,
             piece);
  if (!ok) return;
  FUZZ_CHECK(streamed.same_as(whole.quantized), "streamed another network");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bool ok = check_file(data, size);
  if (size >= 4) {
    std::vector<std::uint8_t> fixed(data, data + size);
    seal_checksum(fixed.data(), size);
    bool fixed_ok = check_file(fixed.data(), size);
    FUZZ_CHECK(!ok || fixed_ok, "a good file stopped decoding with its own checksum");
    check_stream(fixed.data(), size);
  }
  check_claimed_size(data, size);
  return 0;
}
