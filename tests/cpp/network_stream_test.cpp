// Reading a network file in pieces (as the browser's download arrives) gives
// exactly what reading it whole gives, and refuses what the whole reader refuses.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "network/network_file.h"
#include "network/network_stream.h"
#include "session/engine_session.h"

using namespace g2048;

namespace {

std::vector<std::uint8_t> sample_file(const std::string& spec, std::vector<int> stages = {}) {
  NTupleLayout layout;
  std::string error;
  EXPECT_TRUE(NTupleLayout::parse(spec, stages, &layout, &error)) << error;
  NTupleNetwork net(layout);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-3000, 3000);
  for (float& w : net.weights()) w = u(rng);
  return encode_network(QuantizedNetwork::from(net));
}

// A network most of whose weights are zero, as a trained one's are, with
// codes of one byte and escaped ones (steps beyond +-127), in 12-bit steps.
QuantizedNetwork sparse_network(const std::string& spec) {
  NTupleLayout layout;
  std::string error;
  EXPECT_TRUE(NTupleLayout::parse(spec, {}, &layout, &error)) << error;
  NTupleNetwork net(layout);
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> kind(0, 9), small(-127, 127), large(-2047, 2047);
  for (float& w : net.weights()) {
    int k = kind(rng);
    w = static_cast<float>(k < 7 ? 0 : k < 9 ? small(rng) : large(rng));
  }
  net.weights()[0] = 2047.0f;  // the step stays 1
  return QuantizedNetwork::from(net, 1.0f);
}

// Pushes the bytes in pieces of random sizes (1 byte to max_piece).
bool read_in_pieces(const std::vector<std::uint8_t>& bytes, std::size_t max_piece, unsigned seed,
                    QuantizedNetwork* out, std::string* error) {
  NetworkStreamReader reader(bytes.size());
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> piece(1, max_piece);
  for (std::size_t at = 0; at < bytes.size();) {
    std::size_t len = std::min(piece(rng), bytes.size() - at);
    if (!reader.push(bytes.data() + at, len, error)) return false;
    at += len;
  }
  return reader.finish(out, error);
}

}  // namespace

TEST(NetworkStream, PiecesOfAnySizeGiveTheWholeFilesNetwork) {
  const std::vector<std::uint8_t> bytes = sample_file("0123 4567 01245", {12});
  DecodedNetwork whole;
  std::string error;
  ASSERT_TRUE(decode_network(bytes.data(), bytes.size(), &whole, &error)) << error;
  for (std::size_t max_piece :
       {std::size_t{1}, std::size_t{7}, std::size_t{300}, std::size_t{5000}, bytes.size()}) {
    QuantizedNetwork q;
    ASSERT_TRUE(read_in_pieces(bytes, max_piece, 3, &q, &error)) << max_piece << ": " << error;
    EXPECT_TRUE(q.same_as(whole.quantized)) << max_piece;
  }
}

TEST(NetworkStream, RefusesCorruptTruncatedAndOversizedInput) {
  const std::vector<std::uint8_t> good = sample_file("0123 4567");
  QuantizedNetwork q;
  std::string error;
  for (std::size_t at : {std::size_t{0}, std::size_t{13}, std::size_t{29}, good.size() / 3,
                         good.size() * 2 / 3, good.size() - 1}) {
    std::vector<std::uint8_t> bad = good;
    bad[at] ^= 0x04;
    EXPECT_FALSE(read_in_pieces(bad, 999, 5, &q, &error)) << at;
    EXPECT_NE(error.find("network file"), std::string::npos) << error;
  }
  // Fewer bytes than announced.
  NetworkStreamReader short_reader(good.size());
  ASSERT_TRUE(short_reader.push(good.data(), good.size() - 10, &error)) << error;
  EXPECT_FALSE(short_reader.finish(&q, &error));
  EXPECT_NE(error.find("truncated"), std::string::npos) << error;
  // More bytes than announced.
  NetworkStreamReader long_reader(good.size() - 1);
  EXPECT_FALSE(long_reader.push(good.data(), good.size(), &error));
  // A size that does not fit the header.
  std::vector<std::uint8_t> longer = good;
  longer.push_back(0);
  EXPECT_FALSE(read_in_pieces(longer, 100, 1, &q, &error));
  // 16-bit weights only.
  NTupleLayout layout;
  ASSERT_TRUE(NTupleLayout::parse("0123", {}, &layout, &error));
  std::vector<std::uint8_t> floats = encode_network(NTupleNetwork(layout));
  EXPECT_FALSE(read_in_pieces(floats, 100, 1, &q, &error));
  EXPECT_NE(error.find("16-bit"), std::string::npos) << error;
  // A weight beyond the search's 12 bits (a high byte of 16 or more), the
  // checksum set right: refused with a message.
  NetworkHeader h;
  ASSERT_TRUE(read_network_header(good.data(), good.size(), good.size(), &h, &error)) << error;
  std::vector<std::uint8_t> wide = good;
  wide[h.header_bytes + 3] = 0x10;
  seal_checksum(wide.data(), wide.size());
  EXPECT_FALSE(read_in_pieces(wide, 999, 2, &q, &error));
  EXPECT_NE(error.find("12 bits"), std::string::npos) << error;
}

TEST(NetworkStream, TheSparseEncodingHoldsTheSameNetworkInFewerBytes) {
  const QuantizedNetwork net = sparse_network("0123 4567 01245");
  const std::vector<std::uint8_t> planes = encode_network(net), sparse = encode_network_sparse(net);
  EXPECT_LT(sparse.size(), planes.size());
  std::string error;
  NetworkHeader h;
  ASSERT_TRUE(read_network_header(sparse.data(), sparse.size(), sparse.size(), &h, &error))
      << error;
  EXPECT_EQ(h.encoding, WeightEncoding::kSparse12);
  EXPECT_EQ(h.header_bytes + h.weight_bytes + 4, sparse.size());
  DecodedNetwork whole;
  ASSERT_TRUE(decode_network(sparse.data(), sparse.size(), &whole, &error)) << error;
  EXPECT_EQ(whole.encoding, WeightEncoding::kSparse12);
  EXPECT_TRUE(whole.quantized.same_as(net));
  EXPECT_TRUE(whole.to_quantized().same_as(net));
  for (std::size_t max_piece :
       {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{300}, sparse.size()}) {
    QuantizedNetwork q;
    ASSERT_TRUE(read_in_pieces(sparse, max_piece, 4, &q, &error)) << max_piece << ": " << error;
    EXPECT_TRUE(q.same_as(net)) << max_piece;
  }
  // Written again, the same bytes.
  EXPECT_EQ(encode_network_sparse(whole.quantized), sparse);
}

TEST(NetworkStream, RefusesSparseCodesThatDoNotFitTheirBitmap) {
  const QuantizedNetwork net = sparse_network("0123 4567");
  const std::vector<std::uint8_t> good = encode_network_sparse(net);
  std::string error;
  NetworkHeader h;
  ASSERT_TRUE(read_network_header(good.data(), good.size(), good.size(), &h, &error)) << error;
  const std::size_t bitmap = h.header_bytes, codes = bitmap + net.size() / 8;
  ASSERT_EQ(good[codes], 255);  // weight 0's code (2047 steps), escaped
  // Each fault with its checksum set right, read whole and in pieces.
  auto refused = [&](std::vector<std::uint8_t> bad, const std::string& says) {
    seal_checksum(bad.data(), bad.size());
    QuantizedNetwork q;
    DecodedNetwork d;
    std::string why;
    EXPECT_FALSE(decode_network(bad.data(), bad.size(), &d, &why)) << says;
    EXPECT_NE(why.find(says), std::string::npos) << why;
    EXPECT_FALSE(read_in_pieces(bad, 7, 9, &q, &why)) << says;
    EXPECT_NE(why.find(says), std::string::npos) << why;
  };
  std::size_t zero_bit = 0;  // a weight not in use
  while (net.weight(zero_bit) != 0) ++zero_bit;
  std::vector<std::uint8_t> more_marks = good;
  more_marks[bitmap + zero_bit / 8] ^= static_cast<std::uint8_t>(1u << (zero_bit % 8));
  refused(more_marks, "weight codes for");
  std::vector<std::uint8_t> fewer_marks = good;
  fewer_marks[bitmap + 1] = 0;  // weights 8 to 15 out of use, their codes still there
  ASSERT_NE(good[bitmap + 1], 0);
  refused(fewer_marks, "more weight codes than the bitmap marks");
  std::vector<std::uint8_t> zero_code = good;
  zero_code[codes + 3] = 0;
  refused(zero_code, "code 0");
  std::vector<std::uint8_t> narrow_escape = good;
  narrow_escape[codes + 1] = 0;
  narrow_escape[codes + 2] = 7;  // 7 needs no escape
  refused(narrow_escape, "out of range");
  std::vector<std::uint8_t> wide_escape = good;
  wide_escape[codes + 1] = 0x10;  // 4096 and up: beyond 12 bits
  refused(wide_escape, "out of range");
  // More code bytes than three a weight: refused by the header alone (V is
  // its last field).
  std::vector<std::uint8_t> huge = good;
  const std::uint64_t too_many = 3 * std::uint64_t{net.size()} + 1;
  std::memcpy(&huge[h.header_bytes - 8], &too_many, 8);
  EXPECT_FALSE(read_network_header(huge.data(), huge.size(), huge.size(), &h, &error));
  EXPECT_NE(error.find("code bytes"), std::string::npos) << error;
}

// Encoding 4: the weights left out of the bitmap hold the base, as an
// optimistic network's unread weights hold its initial value.
TEST(NetworkStream, TheBasedEncodingLeavesOutTheWeightsAtItsBase) {
  QuantizedNetwork net = sparse_network("0123 4567 01245");
  const int base = 72;
  std::size_t at_base = 0;
  for (std::size_t i = 0; i < net.size(); ++i) {
    if (net.weight(i) == 0) net.set(i, base), ++at_base;
  }
  // Weights far below the base: codes past 4095 once the base is taken away.
  net.set(5, PackedWeights::kMin);
  net.set(net.size() - 1, PackedWeights::kMin);
  const std::vector<std::uint8_t> around_zero = encode_network_sparse(net),
                                  based = encode_network_sparse(net, base);
  EXPECT_LT(based.size() + at_base / 2, around_zero.size());
  std::string error;
  NetworkHeader h;
  ASSERT_TRUE(read_network_header(based.data(), based.size(), based.size(), &h, &error)) << error;
  EXPECT_EQ(h.encoding, WeightEncoding::kSparse12Based);
  EXPECT_EQ(h.base, base);
  DecodedNetwork whole;
  ASSERT_TRUE(decode_network(based.data(), based.size(), &whole, &error)) << error;
  EXPECT_EQ(whole.base, base);
  EXPECT_TRUE(whole.quantized.same_as(net));
  for (std::size_t max_piece : {std::size_t{1}, std::size_t{5}, std::size_t{300}}) {
    QuantizedNetwork q;
    ASSERT_TRUE(read_in_pieces(based, max_piece, 6, &q, &error)) << max_piece << ": " << error;
    EXPECT_TRUE(q.same_as(net)) << max_piece;
  }
  EXPECT_EQ(encode_network_sparse(whole.quantized, base), based);
  // A base of 0 is encoding 3's, and a base beyond 12 bits no weight: refused.
  for (std::int32_t bad_base : {0, 2048, -2049}) {
    std::vector<std::uint8_t> bad = based;
    std::memcpy(&bad[h.header_bytes - 4], &bad_base, 4);
    seal_checksum(bad.data(), bad.size());
    EXPECT_FALSE(decode_network(bad.data(), bad.size(), &whole, &error)) << bad_base;
    EXPECT_NE(error.find("base"), std::string::npos) << error;
  }
  // A code that carries a weight past 12 bits once the base is added.
  QuantizedNetwork low = sparse_network("0123");
  low.set(3, PackedWeights::kMin);
  std::vector<std::uint8_t> past = encode_network_sparse(low, -1);
  ASSERT_TRUE(read_network_header(past.data(), past.size(), past.size(), &h, &error)) << error;
  const std::int32_t lower = -2;  // weight 3 becomes -2049
  std::memcpy(&past[h.header_bytes - 4], &lower, 4);
  seal_checksum(past.data(), past.size());
  EXPECT_FALSE(decode_network(past.data(), past.size(), &whole, &error));
  EXPECT_NE(error.find("beyond 12 bits"), std::string::npos) << error;
}

TEST(NetworkStream, TheSessionReadsANetworkInPiecesAndKeepsItsOwnOnAFault) {
  // The browser's load (networkBegin, networkPush..., networkFinish) is the
  // session's: the network read is the one it plays; a fault ends the reading
  // and keeps the network in use.
  const std::vector<std::uint8_t> bytes = sample_file("0123 4567");
  EngineSession session;
  std::string error;
  EXPECT_FALSE(session.reading_network());
  EXPECT_FALSE(session.push_network(bytes.data(), 1, &error));  // nothing begun
  EXPECT_FALSE(session.finish_network(&error));
  session.begin_network(bytes.size());
  EXPECT_TRUE(session.reading_network());
  for (std::size_t at = 0; at < bytes.size(); at += 1000)
    ASSERT_TRUE(session.push_network(bytes.data() + at,
                                     std::min<std::size_t>(1000, bytes.size() - at), &error))
        << error;
  EXPECT_EQ(session.network_received(), bytes.size());
  ASSERT_TRUE(session.finish_network(&error)) << error;
  EXPECT_FALSE(session.reading_network());
  ASSERT_NE(session.network(), nullptr);
  const QuantizedNetwork* loaded = session.network().get();
  EXPECT_EQ(loaded->layout().spec(), "0123 4567");
  EvaluationSettings network;
  EXPECT_EQ(session.evaluation(NetworkEval::kName, &network), "");
  EXPECT_EQ(network.network.get(), loaded);

  // A damaged file: refused at the end, the network before kept.
  std::vector<std::uint8_t> damaged = bytes;
  damaged[damaged.size() / 2] ^= 1;
  session.begin_network(damaged.size());
  ASSERT_TRUE(session.push_network(damaged.data(), damaged.size(), &error)) << error;
  EXPECT_FALSE(session.finish_network(&error));
  EXPECT_NE(error, "");
  EXPECT_FALSE(session.reading_network());
  EXPECT_EQ(session.network().get(), loaded);
}

// Encodings 5 and 6: the codes stand for the levels of a table in the header
// (a log scale); the table travels with the codes, whole or in pieces.
TEST(NetworkStream, TheLevelsEncodingCarriesItsTableOfLevels) {
  NTupleLayout layout;
  std::string error;
  ASSERT_TRUE(NTupleLayout::parse("0123 4567 01245", {}, &layout, &error)) << error;
  NTupleNetwork floats(layout);
  std::mt19937 rng(23);
  std::uniform_int_distribution<int> kind(0, 9);
  std::normal_distribution<float> small(0, 300), large(0, 30000);
  for (float& w : floats.weights()) {
    const int k = kind(rng);
    w = k < 6 ? 0.0f : k < 9 ? small(rng) : large(rng);
  }
  const QuantizedNetwork net = QuantizedNetwork::from_log_scale(floats, 1000.0f);
  ASSERT_NE(net.levels(), nullptr);
  for (std::int32_t base : {0, -3}) {
    const std::vector<std::uint8_t> bytes = encode_network_sparse(net, base);
    NetworkHeader h;
    ASSERT_TRUE(read_network_header(bytes.data(), bytes.size(), bytes.size(), &h, &error)) << error;
    EXPECT_EQ(h.encoding,
              base ? WeightEncoding::kSparse12BasedLevels : WeightEncoding::kSparse12Levels);
    ASSERT_TRUE(h.levels.has_value());
    EXPECT_TRUE(*h.levels == *net.levels());
    DecodedNetwork whole;
    ASSERT_TRUE(decode_network(bytes.data(), bytes.size(), &whole, &error)) << error;
    EXPECT_TRUE(whole.quantized.same_as(net));
    for (std::size_t max_piece : {std::size_t{1}, std::size_t{3}, std::size_t{300}, bytes.size()}) {
      QuantizedNetwork q;
      ASSERT_TRUE(read_in_pieces(bytes, max_piece, 8, &q, &error)) << max_piece << ": " << error;
      EXPECT_TRUE(q.same_as(net)) << max_piece;
    }
    EXPECT_EQ(encode_network_sparse(whole.quantized, base), bytes);
  }
  // The same codes on a linear scale are another network.
  QuantizedNetwork linear;
  ASSERT_TRUE(QuantizedNetwork::allocate(layout, net.scale(), &linear));
  for (std::size_t i = 0; i < net.size(); ++i) linear.set(i, net.weight(i));
  EXPECT_FALSE(linear.same_as(net));

  // Levels that do not rise, or rise past 2^24, the checksum set right: refused.
  const std::vector<std::uint8_t> good = encode_network_sparse(net);
  NetworkHeader h;
  ASSERT_TRUE(read_network_header(good.data(), good.size(), good.size(), &h, &error)) << error;
  const std::size_t table = h.header_bytes - 4 * 2047;  // code 1's level
  auto refused = [&](std::size_t at, std::uint32_t level) {
    std::vector<std::uint8_t> bad = good;
    std::memcpy(&bad[at], &level, 4);
    seal_checksum(bad.data(), bad.size());
    DecodedNetwork d;
    QuantizedNetwork q;
    std::string why;
    EXPECT_FALSE(decode_network(bad.data(), bad.size(), &d, &why)) << level;
    EXPECT_NE(why.find("level"), std::string::npos) << why;
    EXPECT_FALSE(read_in_pieces(bad, 5, 3, &q, &why)) << level;
    EXPECT_NE(why.find("level"), std::string::npos) << why;
  };
  refused(table, 0);                                                    // level(1) = level(0)
  refused(table + 4 * 10, static_cast<std::uint32_t>((*h.levels)(9)));  // level(11) = level(9)
  refused(table + 4 * 2046, (1u << 24) + 1);                            // the top beyond 2^24
  refused(table + 4 * 2046, 0xFFFFFFFFu);  // negative as a signed level
  // Cut inside the table: a truncated header.
  std::vector<std::uint8_t> cut(good.begin(), good.begin() + static_cast<long>(table + 100));
  DecodedNetwork d;
  EXPECT_FALSE(decode_network(cut.data(), cut.size(), &d, &error));
  EXPECT_NE(error.find("truncated"), std::string::npos) << error;
}
