// The bytes of the project's file formats (the network file, the endgame
// table file, the trainer's checkpoints): little-endian numbers written to and
// read from memory, and the CRC-32 that closes each file. Natively and in wasm.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace g2048 {

// CRC-32 (IEEE, as zlib and gzip compute it) of size bytes, continuing from
// crc (the CRC of the bytes before them; 0 to start).
std::uint32_t crc32(const std::uint8_t* data, std::size_t size, std::uint32_t crc = 0);

// Appends little-endian numbers to out.
class ByteWriter {
 public:
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    out.insert(out.end(), b, b + n);
  }
  void u8(std::uint8_t v) { out.push_back(v); }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void f32(float v) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    u32(bits);
  }
  // A LEB128 number: 7 bits a byte, low first, the high bit set on all but the last.
  void varint(std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) u8(static_cast<std::uint8_t>((v & 0x7F) | 0x80));
    u8(static_cast<std::uint8_t>(v));
  }
  std::vector<std::uint8_t> out;
};

// Reads little-endian numbers from size bytes, from byte pos on. The caller
// checks has(n) before reading n bytes: the reads themselves do not.
class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size, std::size_t pos = 0)
      : data_(data), size_(size), pos_(pos) {}
  bool has(std::size_t n) const { return size_ - pos_ >= n; }
  std::size_t left() const { return size_ - pos_; }
  std::uint8_t u8() { return data_[pos_++]; }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= std::uint32_t{data_[pos_++]} << (8 * i);
    return v;
  }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t{data_[pos_++]} << (8 * i);
    return v;
  }
  float f32() {
    std::uint32_t bits = u32();
    float v;
    std::memcpy(&v, &bits, 4);
    return v;
  }
  // A LEB128 number of at most 64 bits in its shortest form; false where the
  // bytes end first, it runs longer, or it ends in a padding zero byte (then
  // one number would have two spellings, and a file two readings' bytes).
  bool varint(std::uint64_t* v) {
    *v = 0;
    for (int shift = 0; shift < 64 && has(1); shift += 7) {
      unsigned b = u8();
      *v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return b != 0 || shift == 0;
    }
    return false;
  }
  const std::uint8_t* here() const { return data_ + pos_; }
  void skip(std::size_t n) { pos_ += n; }
  std::size_t pos() const { return pos_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_;
};

// The little-endian 32-bit number at p (a file's closing checksum).
inline std::uint32_t load_u32(const std::uint8_t* p) { return ByteReader(p, 4).u32(); }

// Writes the closing checksum of a file of size bytes (size >= 4): the CRC-32
// of all but its last 4 bytes, into those 4. Tests and fuzz targets that edit
// a file's bytes call it so that only the edit, not the checksum, is judged.
inline void seal_checksum(std::uint8_t* data, std::size_t size) {
  const std::uint32_t crc = crc32(data, size - 4);
  for (int i = 0; i < 4; ++i) data[size - 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
}

}  // namespace g2048
