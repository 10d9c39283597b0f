#include "network/network_stream.h"

#include <algorithm>

namespace g2048 {

namespace {
// Enough for any header (64 tuples, 8 stages, a table of levels: under 9 KB).
constexpr std::size_t kHeadBytes = 16384;
constexpr const char* kTooWide =
    "network file: a weight is beyond the 12 bits the search holds (write the file again "
    "with ai2048 network FILE --out FILE2)";
}  // namespace

bool NetworkStreamReader::fail(std::string* error, const std::string& message) {
  failed_ = true;
  if (error) *error = message;
  return false;
}

bool NetworkStreamReader::push(const std::uint8_t* data, std::size_t size, std::string* error) {
  if (failed_) return fail(error, "network file: the reader already failed");
  if (size > total_ - pos_) return fail(error, "network file: more bytes than its size");
  if (!started_) {
    std::size_t want = std::min(total_, kHeadBytes) - head_.size();
    std::size_t take = std::min(want, size);
    head_.insert(head_.end(), data, data + take);
    pos_ += take;
    data += take;
    size -= take;
    if (head_.size() < std::min(total_, kHeadBytes)) return true;
    if (!start_weights(error)) return false;
  }
  take_weights(data, size, pos_);
  pos_ += size;
  return true;
}

// The header is in: allocate the weights, then feed them the head's bytes
// that follow the header.
bool NetworkStreamReader::start_weights(std::string* error) {
  std::string why;  // already says "network file: ..."
  if (!read_network_header(head_.data(), head_.size(), total_, &header_, &why))
    return fail(error, why);
  if (header_.encoding == WeightEncoding::kFloat32)
    return fail(
        error,
        "network file: the browser takes 16-bit weights (write it with ai2048 network --out)");
  if (!QuantizedNetwork::allocate(header_.layout, header_.scale, &net_))
    return fail(error,
                "network file: not enough memory for " +
                    std::to_string(PackedWeights::bytes_for(header_.layout.weight_count()) >> 20) +
                    " MB of weights");
  if (header_.levels) net_.set_levels(*header_.levels);
  started_ = true;
  crc_ = crc32(head_.data(), header_.header_bytes);
  std::vector<std::uint8_t> head;
  head.swap(head_);
  std::size_t body_at = header_.header_bytes;
  take_weights(head.data() + body_at, head.size() - body_at, body_at);
  return true;
}

// Bytes at file offset `from` onwards: the weights (either encoding's), then
// the checksum, hashed and kept here for both.
void NetworkStreamReader::take_weights(const std::uint8_t* data, std::size_t size,
                                       std::size_t from) {
  const std::size_t crc_begin = header_.header_bytes + header_.weight_bytes, end = from + size;
  if (from < crc_begin) {
    const std::size_t body = std::min(end, crc_begin) - from;
    if (is_sparse(header_.encoding)) take_sparse(data, body, from);
    else take_planes(data, body, from);
  }
  for (std::size_t at = std::max(from, crc_begin); at < end; ++at)
    tail_[at - crc_begin] = data[at - from];
  std::size_t hashed = std::min(size, crc_begin > from ? crc_begin - from : 0);
  crc_ = crc32(data, hashed, crc_);
}

// Encoding 2's bytes at file offset `from` onwards: the high plane, then the
// low plane (each weight's zigzag code split in two). A code is put together
// in its weight's packed place: its high half byte first, then with its low
// byte it becomes the weight.
void NetworkStreamReader::take_planes(const std::uint8_t* data, std::size_t size,
                                      std::size_t from) {
  const std::size_t n = net_.size();
  const std::size_t body_begin = header_.header_bytes, low_begin = body_begin + n,
                    crc_begin = low_begin + n;
  const PackedWeights packed = net_.weights();
  const std::size_t end = from + size;
  // Each plane's part of this piece in one plain loop.
  std::uint8_t wide = 0;
  for (std::size_t at = std::max(from, body_begin); at < std::min(end, low_begin); ++at) {
    const std::uint8_t high = data[at - from];
    wide |= high;
    net_.set(at - body_begin, (high & 0x0F) << 8);
  }
  if (wide >= 16) too_wide_ = true;
  for (std::size_t at = std::max(from, low_begin); at < std::min(end, crc_begin); ++at) {
    const std::size_t i = at - low_begin;
    const auto code = static_cast<std::uint16_t>((packed[i] & 0xF00) | data[at - from]);
    net_.set(i, unzigzag(code));
  }
}

// Encodings 3 to 6: the bytes at file offset `from` onwards: the bitmap, then the codes.
void NetworkStreamReader::take_sparse(const std::uint8_t* data, std::size_t size,
                                      std::size_t from) {
  const std::size_t bitmap_begin = header_.header_bytes,
                    codes_begin = bitmap_begin + net_.size() / 8;
  const std::size_t end = from + size;
  for (std::size_t at = std::max(from, bitmap_begin); at < std::min(end, codes_begin); ++at) {
    const std::uint8_t bits = data[at - from];
    const std::size_t first = (at - bitmap_begin) * 8;  // counts are multiples of 16
    for (int b = 0; b < 8; ++b) {
      if (!(bits >> b & 1)) continue;
      net_.set(first + b, 1);
      ++marked_;
    }
  }
  for (std::size_t at = std::max(from, codes_begin); at < end; ++at) {
    const std::uint8_t byte = data[at - from];
    if (escape_left_ == 2) {
      escape_high_ = byte;
      escape_left_ = 1;
    } else if (escape_left_ == 1) {
      escape_left_ = 0;
      const auto z = static_cast<std::uint16_t>(escape_high_ << 8 | byte);
      const std::uint16_t top = header_.base ? 8191 : 4095;
      if (z < 255 || z > top)
        bad_codes_ = header_.base
                         ? "network file: an escaped weight code out of range (255 to 8191)"
                         : "network file: an escaped weight code out of range (255 to 4095)";
      else place_code(z);
    } else if (byte == 255) {
      escape_left_ = 2;
    } else if (byte == 0) {
      bad_codes_ = "network file: a weight marked in use has code 0";
    } else {
      place_code(byte);
    }
  }
}

// The next marked place takes the code (plus the base); the places before it
// are final, the unmarked ones the base.
void NetworkStreamReader::place_code(std::uint16_t z) {
  const std::size_t n = net_.size();
  const PackedWeights packed = net_.weights();
  while (cursor_ < n && packed[cursor_] == 0) net_.set(cursor_++, header_.base);
  if (cursor_ == n) {
    bad_codes_ = "network file: more weight codes than the bitmap marks";
    return;
  }
  const std::int32_t weight = header_.base + unzigzag(z);
  if (weight < PackedWeights::kMin || weight > PackedWeights::kMax) {
    bad_codes_ = "network file: a weight beyond 12 bits (its code plus the base)";
    return;
  }
  net_.set(cursor_++, weight);
  ++placed_;
}

bool NetworkStreamReader::finish(QuantizedNetwork* out, std::string* error) {
  if (failed_) return fail(error, "network file: the reader already failed");
  if (!started_ || pos_ != total_)
    return fail(error, "network file: truncated (" + std::to_string(pos_) + " of " +
                           std::to_string(total_) + " bytes)");
  if (crc_ != load_u32(tail_))
    return fail(error, "network file: checksum mismatch (the file is corrupt)");
  if (too_wide_) return fail(error, kTooWide);
  if (is_sparse(header_.encoding)) {
    if (bad_codes_) return fail(error, bad_codes_);
    if (escape_left_ || placed_ != marked_)
      return fail(error, "network file: " + std::to_string(placed_) + " weight codes for " +
                             std::to_string(marked_) + " weights in use");
    // The unmarked places after the last code (every marked one is placed).
    if (header_.base)
      for (std::size_t i = cursor_; i < net_.size(); ++i) net_.set(i, header_.base);
  }
  *out = std::move(net_);
  failed_ = true;  // handed out: the reader is spent
  return true;
}

}  // namespace g2048
