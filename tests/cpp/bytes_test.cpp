// The file formats' bytes (engine/bytes.h): CRC-32 and little-endian numbers.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "engine/bytes.h"

namespace g2048 {
namespace {

std::vector<std::uint8_t> text_bytes(const std::string& s) { return {s.begin(), s.end()}; }

TEST(Bytes, Crc32IsTheIeeeCheckValueAndContinuesAcrossPieces) {
  std::vector<std::uint8_t> check = text_bytes("123456789");
  EXPECT_EQ(crc32(check.data(), check.size()), 0xCBF43926u);
  EXPECT_EQ(crc32(nullptr, 0), 0u);
  // Longer than the 8-byte steps, split at every point: the same CRC.
  std::vector<std::uint8_t> long_text = text_bytes("The quick brown fox jumps over the lazy dog");
  std::uint32_t whole = crc32(long_text.data(), long_text.size());
  EXPECT_EQ(whole, 0x414FA339u);
  for (std::size_t cut = 0; cut <= long_text.size(); ++cut)
    EXPECT_EQ(crc32(long_text.data() + cut, long_text.size() - cut, crc32(long_text.data(), cut)),
              whole);
}

TEST(Bytes, NumbersAreWrittenLittleEndianAndReadBack) {
  ByteWriter w;
  w.u8(0xAB);
  w.u32(0x01020304u);
  w.u64(0x1122334455667788ull);
  w.f32(-1.5f);
  w.varint(300);
  w.varint(0);
  const std::vector<std::uint8_t> want = {0xAB, 0x04, 0x03, 0x02, 0x01, 0x88, 0x77,
                                          0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00,
                                          0x00, 0xC0, 0xBF, 0xAC, 0x02, 0x00};
  EXPECT_EQ(w.out, want);
  ByteReader r(w.out.data(), w.out.size());
  EXPECT_EQ(r.u8(), 0xAB);
  EXPECT_EQ(r.u32(), 0x01020304u);
  EXPECT_EQ(r.u64(), 0x1122334455667788ull);
  EXPECT_EQ(r.f32(), -1.5f);
  std::uint64_t v = 0;
  EXPECT_TRUE(r.varint(&v));
  EXPECT_EQ(v, 300u);
  EXPECT_TRUE(r.varint(&v));
  EXPECT_EQ(v, 0u);
  EXPECT_EQ(r.left(), 0u);
  EXPECT_FALSE(r.has(1));
  EXPECT_EQ(load_u32(want.data() + 1), 0x01020304u);
}

TEST(Bytes, AVarintWithPaddingOrCutShortIsRefused) {
  const std::vector<std::uint8_t> padded = {0x81, 0x00};  // 1, spelled in two bytes
  std::uint64_t v = 0;
  ByteReader a(padded.data(), padded.size());
  EXPECT_FALSE(a.varint(&v));
  const std::vector<std::uint8_t> cut = {0x81};  // the next byte is missing
  ByteReader b(cut.data(), cut.size());
  EXPECT_FALSE(b.varint(&v));
  const std::vector<std::uint8_t> too_long(11, 0xFF);  // more than 64 bits
  ByteReader c(too_long.data(), too_long.size());
  EXPECT_FALSE(c.varint(&v));
}

}  // namespace
}  // namespace g2048
