#include "network/network_file.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "network/network_stream.h"

namespace g2048 {

namespace {

const char kMagic[8] = {'N', '2', '0', '4', '8', 'N', 'E', 'T'};

void write_header(ByteWriter& w, const NTupleLayout& layout, WeightEncoding encoding, float scale) {
  w.bytes(kMagic, 8);
  w.u32(kNetworkFormatVersion);
  w.u32(static_cast<std::uint32_t>(encoding));
  w.f32(scale);
  w.u32(static_cast<std::uint32_t>(layout.tuple_count()));
  w.u32(static_cast<std::uint32_t>(layout.stage_count()));
  for (int t = 0; t < layout.tuple_count(); ++t) {
    const std::vector<int>& cells = layout.tuple(t);
    w.u8(static_cast<std::uint8_t>(cells.size()));
    for (int k = 0; k < kMaxTupleLength; ++k)
      w.u8(k < static_cast<int>(cells.size()) ? static_cast<std::uint8_t>(cells[k]) : 255);
  }
  for (int start : layout.stage_starts()) w.u32(static_cast<std::uint32_t>(start));
  w.u64(layout.weight_count());
}

void finish(ByteWriter& w) { w.u32(crc32(w.out.data(), w.out.size())); }

bool fail(std::string* error, const std::string& why) {
  *error = "network file: " + why;
  return false;
}

}  // namespace

std::vector<std::uint8_t> encode_network(const NTupleNetwork& net) {
  ByteWriter w;
  write_header(w, net.layout(), WeightEncoding::kFloat32, 1.0f);
  w.out.reserve(w.out.size() + net.weights().size() * 4 + 4);
  for (float v : net.weights()) w.f32(v);
  finish(w);
  return w.out;
}

std::vector<std::uint8_t> encode_network(const QuantizedNetwork& net) {
  if (net.levels()) {
    NTupleNetwork floats(net.layout());
    for (std::size_t i = 0; i < net.size(); ++i) floats.weights()[i] = net.value(net.weight(i));
    return encode_network(floats);
  }
  ByteWriter w;
  write_header(w, net.layout(), WeightEncoding::kInt16, net.scale());
  w.out.reserve(w.out.size() + net.size() * 2 + 4);
  const PackedWeights weights = net.weights();
  auto code = [&](std::size_t i) { return zigzag(static_cast<std::int16_t>(weights[i])); };
  for (std::size_t i = 0; i < net.size(); ++i) w.u8(static_cast<std::uint8_t>(code(i) >> 8));
  for (std::size_t i = 0; i < net.size(); ++i) w.u8(static_cast<std::uint8_t>(code(i)));
  finish(w);
  return w.out;
}

std::vector<std::uint8_t> encode_network_sparse(const QuantizedNetwork& net, int base) {
  const std::size_t n = net.size();
  std::vector<std::uint8_t> bitmap(n / 8, 0), codes;  // counts are multiples of 16
  const PackedWeights weights = net.weights();
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint16_t z = zigzag(static_cast<std::int16_t>(weights[i] - base));
    if (z == 0) continue;
    bitmap[i / 8] = static_cast<std::uint8_t>(bitmap[i / 8] | 1u << (i % 8));
    if (z < 255) {
      codes.push_back(static_cast<std::uint8_t>(z));
    } else {
      codes.push_back(255);
      codes.push_back(static_cast<std::uint8_t>(z >> 8));
      codes.push_back(static_cast<std::uint8_t>(z));
    }
  }
  ByteWriter w;
  const WeightLevels* levels = net.levels();
  WeightEncoding encoding =
      levels ? (base ? WeightEncoding::kSparse12BasedLevels : WeightEncoding::kSparse12Levels)
             : (base ? WeightEncoding::kSparse12Based : WeightEncoding::kSparse12);
  write_header(w, net.layout(), encoding, net.scale());
  w.u64(codes.size());
  if (base) w.u32(static_cast<std::uint32_t>(base));
  if (levels)
    for (int q = 1; q <= PackedWeights::kMax; ++q) w.u32(static_cast<std::uint32_t>((*levels)(q)));
  w.out.reserve(w.out.size() + bitmap.size() + codes.size() + 4);
  w.out.insert(w.out.end(), bitmap.begin(), bitmap.end());
  w.out.insert(w.out.end(), codes.begin(), codes.end());
  finish(w);
  return w.out;
}

bool read_network_header(const std::uint8_t* data, std::size_t available, std::size_t size,
                         NetworkHeader* out, std::string* error) {
  ByteReader r(data, std::min(available, size));
  if (!r.has(28))
    return fail(error, "too short to be a network (" + std::to_string(size) + " bytes)");
  if (std::memcmp(r.here(), kMagic, 8) != 0)
    return fail(error,
                "not a network file (no N2048NET magic; a gzip file must be decompressed first)");
  r.skip(8);
  std::uint32_t version = r.u32();
  if (version != kNetworkFormatVersion)
    return fail(error, "format version " + std::to_string(version) +
                           " is not supported (this build reads " +
                           std::to_string(kNetworkFormatVersion) + ")");
  std::uint32_t encoding = r.u32();
  if (encoding < static_cast<std::uint32_t>(WeightEncoding::kFloat32) ||
      encoding > static_cast<std::uint32_t>(WeightEncoding::kSparse12BasedLevels))
    return fail(error, "unknown weight encoding " + std::to_string(encoding));
  float scale = r.f32();
  if (!(scale > 0) || !std::isfinite(scale))
    return fail(error, "the scale is not a positive number");
  std::uint32_t tuples = r.u32(), stages = r.u32();
  if (tuples < 1 || tuples > static_cast<std::uint32_t>(kMaxTuples))
    return fail(error, "tuple count " + std::to_string(tuples) + " out of range");
  if (stages < 1 || stages > static_cast<std::uint32_t>(kMaxStages))
    return fail(error, "stage count " + std::to_string(stages) + " out of range");
  if (!r.has(std::size_t{8} * tuples + 4 * (stages - 1) + 8))
    return fail(error, "truncated header");
  std::string spec;
  std::uint64_t per_stage = 0;  // at most 64 x 16^7: no overflow in 64 bits
  for (std::uint32_t t = 0; t < tuples; ++t) {
    int length = r.u8();
    if (length < 1 || length > kMaxTupleLength) return fail(error, "bad tuple length");
    per_stage += std::uint64_t{1} << (4 * length);
    if (t) spec += ' ';
    for (int k = 0; k < kMaxTupleLength; ++k) {
      int c = r.u8();
      if (k >= length) continue;
      if (c > 15) return fail(error, "bad cell number in a tuple");
      spec += "0123456789abcdef"[c];
    }
  }
  if (per_stage * stages > kMaxNetworkWeights)
    return fail(error, "the tuples make " + std::to_string(per_stage * stages) +
                           " weights, more than a network file may hold (2^30)");
  std::vector<int> starts;
  for (std::uint32_t s = 1; s < stages; ++s)
    starts.push_back(static_cast<int>(std::min(r.u32(), 255u)));
  NTupleLayout layout;
  std::string why;
  if (!NTupleLayout::parse(spec, starts, &layout, &why)) return fail(error, why);
  std::uint64_t count = r.u64();
  if (count != layout.weight_count()) return fail(error, "weight count does not match the tuples");
  // In 64 bits: up to 4 x 2^30 bytes, more than a 32-bit size_t holds.
  std::uint64_t body = 0, codes = 0;
  std::int32_t base = 0;
  std::optional<WeightLevels> levels;
  const auto kind = static_cast<WeightEncoding>(encoding);
  if (is_sparse(kind)) {
    const std::size_t level_bytes = has_levels(kind) ? 4 * PackedWeights::kMax : 0;
    if (!r.has((is_based(kind) ? 12 : 8) + level_bytes)) return fail(error, "truncated header");
    codes = r.u64();
    if (is_based(kind)) {
      base = static_cast<std::int32_t>(r.u32());
      if (base < PackedWeights::kMin || base > PackedWeights::kMax || base == 0)
        return fail(error,
                    "the base " + std::to_string(base) + " is not a 12-bit weight other than 0");
    }
    if (has_levels(kind)) {
      std::vector<std::int32_t> positive;
      for (int q = 1; q <= PackedWeights::kMax; ++q) {
        const std::uint32_t level = r.u32();  // checked before a cast could make it negative
        if (level > static_cast<std::uint32_t>(WeightLevels::kMaxLevel))
          return fail(error, "a level beyond 2^24");
        positive.push_back(static_cast<std::int32_t>(level));
      }
      std::string why;
      if (!WeightLevels::make(positive, &levels.emplace(), &why)) return fail(error, why);
      // The largest value must be a float, as a weight times the scale is.
      if (!(static_cast<double>(positive.back()) * scale <= std::numeric_limits<float>::max()))
        return fail(error, "the top level times the scale is beyond a float's range");
    }
    // At most three bytes a weight: a forged count cannot overflow the sum.
    if (codes > 3 * count) return fail(error, "more code bytes than the weights can use");
    body = count / 8 + codes;
  } else {
    body = count * (encoding == static_cast<std::uint32_t>(WeightEncoding::kFloat32) ? 4 : 2);
  }
  std::uint64_t rest = size - r.pos();
  if (rest != body + 4)
    return fail(error, rest < body + 4 ? "truncated weights (" + std::to_string(size) + " bytes)"
                                       : "bytes after the checksum");
  out->layout = std::move(layout);
  out->encoding = static_cast<WeightEncoding>(encoding);
  out->scale = scale;
  out->header_bytes = r.pos();
  out->weight_bytes = static_cast<std::size_t>(body);  // less than size: fits
  out->code_bytes = static_cast<std::size_t>(codes);
  out->base = base;
  out->levels = std::move(levels);
  return true;
}

bool weights_fit_twelve_bits(const std::uint8_t* data, const NetworkHeader& h) {
  const std::uint8_t* high = data + h.header_bytes;
  return std::all_of(high, high + h.weight_bytes / 2, [](std::uint8_t b) { return b < 16; });
}

bool decode_network(const std::uint8_t* data, std::size_t size, DecodedNetwork* out,
                    std::string* error) {
  NetworkHeader h;
  if (!read_network_header(data, size, size, &h, error)) return false;
  if (is_sparse(h.encoding)) {
    // One reader of the sparse form: the browser's, given the whole file (it
    // checks the checksum too).
    NetworkStreamReader reader(size);
    QuantizedNetwork q;
    if (!reader.push(data, size, error) || !reader.finish(&q, error)) return false;
    out->encoding = h.encoding;
    out->quantized = std::move(q);
    out->floats = NTupleNetwork();
    out->base = h.base;
    return true;
  }
  if (crc32(data, size - 4) != load_u32(data + size - 4))
    return fail(error, "checksum mismatch (the file is corrupt)");
  ByteReader r(data + h.header_bytes, h.weight_bytes);
  out->encoding = h.encoding;
  if (h.encoding == WeightEncoding::kFloat32) {
    NTupleNetwork net(h.layout);
    for (float& w : net.weights()) w = r.f32();
    out->floats = std::move(net);
    out->quantized = QuantizedNetwork();
  } else {
    const std::size_t n = h.layout.weight_count();
    const std::uint8_t* high = data + h.header_bytes;
    const std::uint8_t* low = high + n;
    // The search holds 12 bits a weight: a file with larger weights (a finer
    // step than any this project writes) is read as floats and stepped again.
    QuantizedNetwork q;
    NTupleNetwork floats;
    if (weights_fit_twelve_bits(data, h)) {
      if (!QuantizedNetwork::allocate(h.layout, h.scale, &q)) return fail(error, "out of memory");
      for (std::size_t i = 0; i < n; ++i)
        q.set(i, unzigzag(static_cast<std::uint16_t>(high[i] << 8 | low[i])));
    } else {
      floats = NTupleNetwork(h.layout);
      for (std::size_t i = 0; i < n; ++i) {
        // In double, the product is exact; rounded once, as float arithmetic
        // would. A huge scale can carry a weight past a float's range, where
        // the step would become infinite: such a file is refused.
        const double w = unzigzag(static_cast<std::uint16_t>(high[i] << 8 | low[i])) *
                         static_cast<double>(h.scale);
        if (!(std::fabs(w) <= std::numeric_limits<float>::max()))
          return fail(error, "a weight times the scale is beyond a float's range");
        floats.weights()[i] = static_cast<float>(w);
      }
      q = QuantizedNetwork::from(floats);
    }
    out->quantized = std::move(q);
    out->floats = NTupleNetwork();
  }
  return true;
}

QuantizedNetwork DecodedNetwork::to_quantized() const {
  return encoding != WeightEncoding::kFloat32 ? quantized : QuantizedNetwork::from(floats);
}

NTupleNetwork DecodedNetwork::to_float() const {
  if (encoding == WeightEncoding::kFloat32) return floats;
  NTupleNetwork net(quantized.layout());
  for (std::size_t i = 0; i < net.weights().size(); ++i)
    net.weights()[i] = quantized.value(quantized.weight(i));
  return net;
}

}  // namespace g2048
