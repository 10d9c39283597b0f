// The n-tuple network, its file format and the TD trainer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

#include "engine/rng.h"
#include "network/network_file.h"
#include "network/network_io.h"
#include "search/expectimax_searcher.h"
#include "test_boards.h"
#include "training/td_trainer.h"

using namespace g2048;

namespace {

NTupleLayout layout_of(const std::string& spec, std::vector<int> stages = {}) {
  NTupleLayout layout;
  std::string error;
  EXPECT_TRUE(NTupleLayout::parse(spec, stages, &layout, &error)) << error;
  return layout;
}

// A network whose weights are all different, so any mix-up of features shows.
NTupleNetwork random_network(const std::string& spec, std::vector<int> stages = {}) {
  NTupleNetwork net(layout_of(spec, stages));
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-100, 100);
  for (float& w : net.weights()) w = u(rng);
  return net;
}

Board random_board(std::mt19937_64& rng, int max_exponent = 12) {
  return to_bitboard(testing_boards::random_tiles(rng, max_exponent));
}

// Cell (r, c) of the board rotated a quarter turn clockwise comes from (3 - c, r).
Board rotate(Board b) {
  Board out = 0;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out = with_cell(out, 4 * r + c, cell(b, 4 * (3 - c) + r));
  return out;
}
Board mirror(Board b) {
  Board out = 0;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out = with_cell(out, 4 * r + c, cell(b, 4 * r + 3 - c));
  return out;
}

}  // namespace

TEST(NTuple, ParsesShapesAndPresets) {
  NTupleLayout l = layout_of("4x6");
  EXPECT_EQ(l.tuple_count(), 4);
  EXPECT_EQ(l.weight_count(), 4u << 24);
  EXPECT_EQ(l.spec(), "012345 456789 012456 45689a");
  EXPECT_EQ(layout_of("0123,4567").weight_count(), 2u * 65536);
  EXPECT_EQ(layout_of("0123", {14}).weight_count(), 2u * 65536);
  NTupleLayout bad;
  std::string error;
  EXPECT_FALSE(NTupleLayout::parse("01g3", {}, &bad, &error));
  EXPECT_FALSE(NTupleLayout::parse("0113", {}, &bad, &error));
  EXPECT_FALSE(NTupleLayout::parse("01234567", {}, &bad, &error));
  EXPECT_FALSE(NTupleLayout::parse("", {}, &bad, &error));
  EXPECT_FALSE(NTupleLayout::parse("0123", {14, 13}, &bad, &error));
  EXPECT_NE(error.find("stage"), std::string::npos);
}

TEST(NTuple, SameValueForAllEightSymmetries) {
  NTupleNetwork net = random_network("0123 4567 0145 1256 569a");
  QuantizedNetwork q = QuantizedNetwork::from(net);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000; ++i) {
    Board b = random_board(rng);
    float v = net.evaluate(b);
    std::int64_t qv = static_cast<std::int64_t>(q.evaluate(b) / q.scale() + 0.5);
    Board s = b;
    for (int turn = 0; turn < 4; ++turn, s = rotate(s)) {
      for (Board t : {s, mirror(s)}) {
        EXPECT_NEAR(net.evaluate(t), v, 1e-2f * (1 + std::fabs(v)));
        EXPECT_EQ(static_cast<std::int64_t>(q.evaluate(t) / q.scale() + 0.5), qv);
      }
    }
  }
}

// feature_indices cuts each tuple's index from the symmetric boards in runs of
// cells: the same indices as the definition, each tuple's cells read one by one
// from the symmetric board, for tuples of 1, 2 and 3 runs (the unrolled paths),
// tuples of many runs (cells out of order: the general path), mixed lengths and
// stages.
TEST(NTuple, FeatureIndicesFollowTheDefinition) {
  struct Case {
    std::string spec;
    std::vector<int> stages;
  };
  for (const Case& c : {Case{"4x6", {}}, Case{"8x6", {}}, Case{"0123 4567 0145 1256 569a", {}},
                        Case{"012345 4567 0123456", {13}}, Case{"0123 4 569a 01259a", {}},
                        Case{"f0e1d2c 3210 7", {9, 12}}}) {
    NTupleLayout layout = layout_of(c.spec, c.stages);
    std::mt19937_64 rng(11);
    for (int i = 0; i < 500; ++i) {
      Board b = random_board(rng, 15);
      std::vector<std::size_t> got(layout.feature_count());
      layout.feature_indices(b, got.data());
      std::size_t base = layout.weights_per_stage() * layout.stage_of(b), f = 0;
      for (Board s : board_symmetries(b)) {
        std::size_t offset = 0;
        for (int t = 0; t < layout.tuple_count(); ++t) {
          std::size_t index = 0;
          const std::vector<int>& cells = layout.tuple(t);
          for (std::size_t k = 0; k < cells.size(); ++k)
            index |= static_cast<std::size_t>(cell(s, cells[k])) << (4 * k);
          ASSERT_EQ(got[f++], base + offset + index) << c.spec << " feature " << f - 1;
          offset += std::size_t{1} << (4 * cells.size());
        }
      }
    }
  }
}

// A small network's weights come from calloc, a large one's (the shipped 4x6,
// 134 MB) from the block aligned for large pages: both zeroed, of the layout's
// size, and writable to the last weight.
TEST(QuantizedNetwork, AllocatesZeroedWeightsSmallAndLarge) {
  for (const char* spec : {"0123 4567", "4x6"}) {
    NTupleLayout layout = layout_of(spec);
    QuantizedNetwork q;
    ASSERT_TRUE(QuantizedNetwork::allocate(layout, 0.5f, &q)) << spec;
    ASSERT_EQ(q.size(), layout.weight_count());
    bool zero = true;
    for (std::size_t i = 0; i < q.size(); ++i) zero = zero && q.weight(i) == 0;
    EXPECT_TRUE(zero) << spec;
    q.set(q.size() - 1, 7);
    EXPECT_EQ(q.weight(q.size() - 1), 7);
    EXPECT_EQ(q.weight(q.size() - 2), 0);
    EXPECT_EQ(q.memory_bytes(), q.size() * 3 / 2 + 2);
    EXPECT_EQ(q.scale(), 0.5f);
  }
}

TEST(NTuple, StagesPickWeightsByLargestTile) {
  NTupleNetwork net(layout_of("0123", {11}));  // stage 1 from 2048 up
  Board small = with_cell(0, 0, 10), big = with_cell(0, 0, 11);
  net.add(big, 1.0f);
  EXPECT_EQ(net.evaluate(small), 0.0f);  // stage 0's weights are untouched
  EXPECT_GT(net.evaluate(big), 0.0f);
  EXPECT_EQ(net.layout().stage_of(small), 0);
  EXPECT_EQ(net.layout().stage_of(big), 1);
}

TEST(NTuple, PromotionCopiesEachStageFromTheOneItStartedIn) {
  NTupleNetwork one = random_network("0123 4567", {11});  // stages: below 2048, from 2048
  NTupleNetwork three;
  std::string error;
  ASSERT_TRUE(NTupleNetwork::with_stages(one, {11, 14}, &three, &error)) << error;
  EXPECT_EQ(three.layout().stage_count(), 3);
  EXPECT_EQ(three.weights().size(), 3 * one.layout().weights_per_stage());
  std::mt19937_64 rng(5);
  for (int i = 0; i < 500; ++i) {
    Board b = random_board(rng, 15);
    EXPECT_EQ(three.evaluate(b), one.evaluate(b)) << std::hex << b;
  }
  // The new stage is a copy: training it leaves the stage it came from alone.
  Board late = with_cell(with_cell(0, 0, 14), 5, 3), mid = with_cell(with_cell(0, 0, 12), 5, 3);
  three.add(late, 10.0f);
  EXPECT_EQ(three.evaluate(mid), one.evaluate(mid));
  EXPECT_NE(three.evaluate(late), one.evaluate(late));
  EXPECT_FALSE(NTupleNetwork::with_stages(one, {14, 11}, &three, &error));
  EXPECT_NE(error.find("increasing"), std::string::npos) << error;
}

TEST(NTuple, QuantisedValuesAreCloseToTheFloats) {
  NTupleNetwork net = random_network("0123 4567 0145 1256");
  QuantizedNetwork q = QuantizedNetwork::from(net);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 1000; ++i) {
    Board b = random_board(rng);
    // 32 features, each off by at most half a step.
    EXPECT_NEAR(q.evaluate(b), net.evaluate(b), 32 * q.scale());
  }
}

// A log scale: small weights in steps far finer than one linear step, each
// weight on its nearer level, and the search's sums read the levels.
TEST(NTuple, ALogScaleRoundsSmallWeightsFinerAndKeepsItsLevels) {
  NTupleNetwork net(layout_of("0123 4567 0145 1256"));
  std::mt19937 rng(9);
  std::normal_distribution<float> small(0, 300), large(0, 30000);
  for (std::size_t i = 0; i < net.weights().size(); ++i)
    net.weights()[i] = i % 10 ? small(rng) : large(rng);
  const QuantizedNetwork linear = QuantizedNetwork::from(net);
  const QuantizedNetwork log = QuantizedNetwork::from_log_scale(net, 1000.0f);
  ASSERT_NE(log.levels(), nullptr);
  EXPECT_EQ(linear.levels(), nullptr);
  EXPECT_LT(log.finest_step(), linear.finest_step() / 4);
  double small_error_linear = 0, small_error_log = 0;
  for (std::size_t i = 0; i < net.weights().size(); ++i) {
    const float w = net.weights()[i];
    const std::int32_t q = log.weight(i);
    ASSERT_TRUE(q == 0 || (q < 0) == (w < 0)) << i;
    // Nearer to its own level than to either neighbour's.
    const float v = log.value(q);
    if (std::abs(q) < PackedWeights::kMax) {
      EXPECT_LE(std::fabs(w - v), std::fabs(w - log.value(q + 1)) + 1e-3f) << i;
      EXPECT_LE(std::fabs(w - v), std::fabs(w - log.value(q - 1)) + 1e-3f) << i;
    }
    if (std::fabs(w) < 500) {
      small_error_linear += std::fabs(w - linear.value(linear.weight(i)));
      small_error_log += std::fabs(w - v);
    }
  }
  EXPECT_LT(small_error_log, small_error_linear / 4);
  // Written out as values and read onto the same levels: the same codes.
  NTupleNetwork values(net.layout());
  for (std::size_t i = 0; i < log.size(); ++i) values.weights()[i] = log.value(log.weight(i));
  EXPECT_TRUE(QuantizedNetwork::on_levels(values, *log.levels(), log.scale()).same_as(log));
  // The int16 writer has no table: it writes the values as floats.
  const std::vector<std::uint8_t> bytes = encode_network(log);
  DecodedNetwork d;
  std::string error;
  ASSERT_TRUE(decode_network(bytes.data(), bytes.size(), &d, &error)) << error;
  EXPECT_EQ(d.encoding, WeightEncoding::kFloat32);
  EXPECT_EQ(d.floats.weights(), values.weights());
  // The search's sums, one board and four at a time, are the levels' sums.
  const NetworkEval eval(log, false);
  std::mt19937_64 boards(3);
  for (int i = 0; i < 200; ++i) {
    Board four[4];
    float many[4];
    for (Board& b : four) b = random_board(boards);
    eval.evaluate_many(four, 4, many);
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(eval.evaluate(four[k]), log.evaluate(four[k]));
      EXPECT_EQ(many[k], log.evaluate(four[k]));
      EXPECT_NEAR(log.evaluate(four[k]), values.evaluate(four[k]),
                  1e-3 * std::fabs(values.evaluate(four[k])) + 1);
    }
  }
}

TEST(NetworkFile, RoundTripsBothEncodings) {
  NTupleNetwork net = random_network("0123 4567 01245", {12, 14});
  std::vector<std::uint8_t> bytes = encode_network(net);
  DecodedNetwork d;
  std::string error;
  ASSERT_TRUE(decode_network(bytes.data(), bytes.size(), &d, &error)) << error;
  ASSERT_EQ(d.encoding, WeightEncoding::kFloat32);
  EXPECT_TRUE(d.floats.layout() == net.layout());
  EXPECT_EQ(d.floats.weights(), net.weights());

  QuantizedNetwork q = QuantizedNetwork::from(net);
  bytes = encode_network(q);
  ASSERT_TRUE(decode_network(bytes.data(), bytes.size(), &d, &error)) << error;
  ASSERT_EQ(d.encoding, WeightEncoding::kInt16);
  EXPECT_TRUE(d.quantized.layout() == net.layout());
  EXPECT_TRUE(d.quantized.same_as(q));
}

// Two 12-bit codes share a byte: setting one leaves its neighbours whole, and
// every weight from -2048 to 2047 reads back as written, at even and odd places.
TEST(QuantizedNetwork, PacksEveryTwelveBitWeight) {
  QuantizedNetwork q;
  ASSERT_TRUE(QuantizedNetwork::allocate(layout_of("012"), 1.0f, &q));  // 4096 weights
  for (std::size_t i = 0; i < q.size(); ++i) q.set(i, static_cast<std::int32_t>(i) - 2048);
  for (std::size_t i = 0; i < q.size(); ++i)
    ASSERT_EQ(q.weight(i), static_cast<std::int32_t>(i) - 2048) << i;
  for (std::size_t i = 0; i < q.size(); ++i)
    q.set(i, i % 2 ? PackedWeights::kMax : PackedWeights::kMin);
  q.set(100, 0);
  q.set(101, -1);
  EXPECT_EQ(q.weight(99), PackedWeights::kMax);
  EXPECT_EQ(q.weight(100), 0);
  EXPECT_EQ(q.weight(101), -1);
  EXPECT_EQ(q.weight(102), PackedWeights::kMin);
}

// Pruning zeroes the weights within K steps of zero, and only those: the
// smaller file keeps every other weight as it was.
TEST(QuantizedNetwork, PruneZeroesOnlyTheWeightsNearZero) {
  NTupleNetwork net = random_network("0123 4567");  // weights within +-100
  const QuantizedNetwork before = QuantizedNetwork::from(net, 10.0f);
  QuantizedNetwork q = QuantizedNetwork::from(net, 10.0f);
  EXPECT_EQ(q.prune(0), 0u);
  EXPECT_TRUE(q.same_as(before));
  std::size_t small = 0;
  for (std::size_t i = 0; i < before.size(); ++i)
    small += before.weight(i) != 0 && std::abs(before.weight(i)) <= 3;
  ASSERT_GT(small, 0u);
  EXPECT_EQ(q.prune(3), small);
  for (std::size_t i = 0; i < q.size(); ++i) {
    std::int32_t was = before.weight(i);
    EXPECT_EQ(q.weight(i), std::abs(was) <= 3 ? 0 : was) << "weight " << i;
  }
  EXPECT_EQ(q.prune(3), 0u);  // nothing left to zero
}

// The search's store holds 12 bits: a network whose largest weight needs more
// at the asked step gets a coarser one, and a 16-bit file with such weights
// (a finer step than this project writes) is read stepped again, within a step.
TEST(QuantizedNetwork, WidensTheStepToFitTwelveBits) {
  NTupleNetwork net = random_network("0123 4567");  // weights within +-100
  net.weights()[5] = 3000.0f;
  QuantizedNetwork q = QuantizedNetwork::from(net, 1.0f);
  EXPECT_NEAR(q.scale(), 3000.0f / PackedWeights::kMax, 1e-3f);
  EXPECT_EQ(q.weight(5), PackedWeights::kMax);

  // A 16-bit file at step 1 (weights up to 3000): written by hand.
  std::vector<std::uint8_t> bytes = encode_network(QuantizedNetwork::from(net, 2.0f));
  NetworkHeader h;
  std::string error;
  ASSERT_TRUE(read_network_header(bytes.data(), bytes.size(), bytes.size(), &h, &error)) << error;
  const std::size_t n = h.layout.weight_count();
  for (std::size_t i = 0; i < n; ++i) {
    std::uint16_t z = zigzag(static_cast<std::int16_t>(std::lround(net.weights()[i])));
    bytes[h.header_bytes + i] = static_cast<std::uint8_t>(z >> 8);
    bytes[h.header_bytes + n + i] = static_cast<std::uint8_t>(z);
  }
  const float one = 1.0f;
  std::memcpy(&bytes[16], &one, 4);
  seal_checksum(bytes.data(), bytes.size());
  DecodedNetwork d;
  ASSERT_TRUE(decode_network(bytes.data(), bytes.size(), &d, &error)) << error;
  EXPECT_GT(d.quantized.scale(), 1.0f);
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_NEAR(d.quantized.weight(i) * d.quantized.scale(), std::lround(net.weights()[i]),
                d.quantized.scale() / 2 + 1e-3f);

  // The same codes at a scale that carries the weight of 3000 past a float's
  // range (where the coarser step would be infinite): refused with a message.
  const float huge = std::numeric_limits<float>::max() / 1000;
  std::memcpy(&bytes[16], &huge, 4);
  seal_checksum(bytes.data(), bytes.size());
  EXPECT_FALSE(decode_network(bytes.data(), bytes.size(), &d, &error));
  EXPECT_NE(error.find("beyond a float's range"), std::string::npos) << error;
}

TEST(NetworkFile, RejectsEveryCorruption) {
  QuantizedNetwork q = QuantizedNetwork::from(random_network("0123 4567"));
  const std::vector<std::uint8_t> good = encode_network(q);
  DecodedNetwork d;
  std::string error;
  // Truncated anywhere.
  for (std::size_t n : {std::size_t{0}, std::size_t{5}, std::size_t{27}, std::size_t{40},
                        good.size() / 2, good.size() - 1}) {
    EXPECT_FALSE(decode_network(good.data(), n, &d, &error)) << n;
    EXPECT_NE(error.find("network file"), std::string::npos);
  }
  // A flipped bit in the header, the tuples, the weights or the checksum.
  for (std::size_t at : {std::size_t{0}, std::size_t{9}, std::size_t{13}, std::size_t{21},
                         std::size_t{29}, std::size_t{60}, good.size() / 2, good.size() - 1}) {
    std::vector<std::uint8_t> bad = good;
    bad[at] ^= 0x10;
    EXPECT_FALSE(decode_network(bad.data(), bad.size(), &d, &error)) << at;
  }
  // Extra bytes and a foreign file.
  std::vector<std::uint8_t> longer = good;
  longer.push_back(0);
  EXPECT_FALSE(decode_network(longer.data(), longer.size(), &d, &error));
  const char gzip[] = "\x1f\x8b\x08\x00 not ours, long enough to be read as a header......";
  EXPECT_FALSE(
      decode_network(reinterpret_cast<const std::uint8_t*>(gzip), sizeof gzip, &d, &error));
  EXPECT_NE(error.find("magic"), std::string::npos);
}

// A header alone, 16-bit weights, in the documented format, with its checksum.
std::vector<std::uint8_t> forged_header(const std::vector<std::string>& tuples,
                                        const std::vector<int>& stage_starts, std::uint64_t count) {
  std::vector<std::uint8_t> out = {'N', '2', '0', '4', '8', 'N', 'E', 'T'};
  auto u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  u32(kNetworkFormatVersion);
  u32(2);           // 16-bit weights
  u32(0x3f800000);  // scale 1.0f
  u32(static_cast<std::uint32_t>(tuples.size()));
  u32(static_cast<std::uint32_t>(stage_starts.size() + 1));
  for (const std::string& t : tuples) {
    out.push_back(static_cast<std::uint8_t>(t.size()));
    for (std::size_t k = 0; k < 7; ++k)
      out.push_back(k < t.size() ? static_cast<std::uint8_t>(std::stoi(t.substr(k, 1), nullptr, 16))
                                 : 255);
  }
  for (int s : stage_starts) u32(static_cast<std::uint32_t>(s));
  u32(static_cast<std::uint32_t>(count));
  u32(static_cast<std::uint32_t>(count >> 32));
  u32(crc32(out.data(), out.size()));
  return out;
}

TEST(NetworkFile, AHeaderCannotAskForMoreThanTheWeightLimit) {
  NetworkHeader h;
  std::string error;
  // Five 7-cell tuples: 5 x 2^28 weights, 2.5 GB. Refused from the header
  // alone, even by a reader told a total size that fits it (a streaming
  // reader believes a gzip trailer's size).
  std::vector<std::uint8_t> big =
      forged_header({"0123456", "0123456", "0123456", "0123456", "0123456"}, {}, 5ull << 28);
  std::size_t claimed = big.size() + (std::size_t{5} << 29);
  EXPECT_FALSE(read_network_header(big.data(), big.size(), claimed, &h, &error));
  EXPECT_NE(error.find("more than a network file may hold"), std::string::npos) << error;
  // Sixteen of them make 2^32 weights: 0 in a 32-bit size_t (WebAssembly),
  // where this file of a header and a checksum used to decode as a network
  // with no weights, whose lookups then read far outside them.
  std::vector<std::uint8_t> wraps = forged_header(std::vector<std::string>(16, "0123456"), {}, 0);
  DecodedNetwork d;
  EXPECT_FALSE(decode_network(wraps.data(), wraps.size(), &d, &error));
  EXPECT_NE(error.find("more than a network file may hold"), std::string::npos) << error;
  // The limit itself: 8 tuples of 6 cells in 8 stages, 2^30 weights.
  std::vector<std::uint8_t> most = forged_header(
      {"012456", "456789", "012345", "234569", "01259a", "345678", "134567", "01489a"},
      {2, 4, 6, 8, 10, 12, 14}, kMaxNetworkWeights);
  ASSERT_TRUE(read_network_header(most.data(), most.size() - 4,
                                  most.size() + (std::size_t{1} << 31), &h, &error))
      << error;
  EXPECT_EQ(h.weight_bytes, std::size_t{1} << 31);
}

TEST(NetworkFile, GzipFilesOnDiskRoundTrip) {
  QuantizedNetwork q = QuantizedNetwork::from(random_network("0123 4567"));
  std::string path = ::testing::TempDir() + "ntuple_test.n2048.gz", error;
  ASSERT_TRUE(write_network_bytes(path, encode_network(q), &error)) << error;
  DecodedNetwork d;
  ASSERT_TRUE(load_network(path, &d, &error)) << error;
  EXPECT_TRUE(d.quantized.same_as(q));
  std::remove(path.c_str());
  EXPECT_FALSE(load_network(path, &d, &error));
  EXPECT_NE(error.find("cannot open"), std::string::npos);
}

TEST(TdTrainer, AnUpdateMovesTheValueTowardItsTarget) {
  NTupleNetwork net(layout_of("0123 4567"));
  TrainSettings s;
  s.alpha = 0.5f;
  TdTrainer trainer(&net, s);
  Board b = 0x0000000000001121ULL;
  for (float target : {1000.0f, -50.0f, 0.0f}) {
    float before = net.evaluate(b);
    float after = trainer.update_toward(b, target);
    EXPECT_FLOAT_EQ(after, net.evaluate(b));
    EXPECT_LT(std::fabs(target - after), std::fabs(target - before));
  }
  // A whole game: the last afterstate targets 0, the others reward + next value.
  NTupleNetwork fresh(layout_of("0123 4567"));
  TdTrainer t2(&fresh, s);
  TrainedGame g = t2.play_and_learn(42);
  EXPECT_GT(g.moves, 10u);
  EXPECT_GT(g.score, 0u);
  // Every weight starts at 0; after one game some rose (rewards) and none is NaN.
  int raised = 0;
  for (float w : fresh.weights()) {
    ASSERT_FALSE(std::isnan(w));
    raised += w > 0;
  }
  EXPECT_GT(raised, 0);
}

// The trainer as its definition reads, slowly: each board's value summed one
// feature at a time from cells read off the symmetric boards, every value
// computed afresh (nothing kept between the choice of a move and its update).
// The fast trainer (indices kept from the choice, runs of cells, prefetches)
// must learn the same network to the bit.
class ReferenceTrainer {
 public:
  ReferenceTrainer(NTupleNetwork* net, float alpha, float lambda, bool coherence,
                   bool forward = false)
      : net_(net),
        step_(alpha / net->layout().feature_count()),
        lambda_(lambda),
        coherence_(coherence),
        forward_(forward),
        sums_(coherence ? net->weights().size() : 0, {0.0f, 0.0f}) {}

  void play_and_learn(std::uint64_t seed) {
    Rng rng(seed);
    Board b = 0;
    spawn(&b, rng);
    spawn(&b, rng);
    std::vector<Board> path;
    std::vector<std::uint32_t> rewards;
    for (;;) {
      int best = -1;
      float best_value = 0;
      for (int d = 0; d < 4; ++d) {
        Board after = move(b, d);
        if (after == b) continue;
        float v = static_cast<float>(move_gain(b, d)) + value(after);
        if (best < 0 || v > best_value) best = d, best_value = v;
      }
      if (best < 0) break;
      Board after = move(b, best);
      // Online: the previous afterstate learns from this move right away.
      if (forward_ && !path.empty())
        learn(path.back(), static_cast<float>(move_gain(b, best)) + value(after));
      path.push_back(after);
      rewards.push_back(move_gain(b, best));
      b = path.back();
      spawn(&b, rng);
    }
    if (forward_) {
      if (!path.empty()) learn(path.back(), 0);
      return;
    }
    float target = 0;
    for (std::size_t i = path.size(); i-- > 0;) {
      learn(path[i], target);
      float updated = value(path[i]);
      target = static_cast<float>(rewards[i]) + (1.0f - lambda_) * updated + lambda_ * target;
    }
  }

 private:
  void learn(Board b, float target) {
    float error = target - value(b);
    for (std::size_t w : indices(b)) {
      float rate = 1.0f;
      if (coherence_) {
        std::array<float, 2>& c = sums_[w];
        rate = c[1] > 0 ? std::fabs(c[0]) / c[1] : 1.0f;
        c[0] += error;
        c[1] += std::fabs(error);
      }
      net_->weights()[w] += step_ * rate * error;
    }
  }

  std::vector<std::size_t> indices(Board b) const {
    const NTupleLayout& layout = net_->layout();
    std::vector<std::size_t> out;
    std::size_t base = layout.weights_per_stage() * layout.stage_of(b);
    for (Board s : board_symmetries(b)) {
      std::size_t offset = 0;
      for (int t = 0; t < layout.tuple_count(); ++t) {
        std::size_t index = 0;
        for (std::size_t k = 0; k < layout.tuple(t).size(); ++k)
          index |= static_cast<std::size_t>(cell(s, layout.tuple(t)[k])) << (4 * k);
        out.push_back(base + offset + index);
        offset += std::size_t{1} << (4 * layout.tuple(t).size());
      }
    }
    return out;
  }
  float value(Board b) const {
    float sum = 0;
    for (std::size_t w : indices(b)) sum += net_->weights()[w];
    return sum;
  }
  // The k-th empty cell, k = below(empty), then a 4 when below(10) == 0.
  static void spawn(Board* b, Rng& rng) {
    int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(count_empty(*b))));
    int exponent = rng.below(10) == 0 ? 2 : 1;
    for (int i = 0; i < 16; ++i)
      if (cell(*b, i) == 0 && k-- == 0) {
        *b = with_cell(*b, i, exponent);
        return;
      }
  }

  NTupleNetwork* net_;
  float step_, lambda_;
  bool coherence_, forward_;
  std::vector<std::array<float, 2>> sums_;
};

TEST(TdTrainer, LearnsTheSameNetworkAsTheReferenceTrainer) {
  struct Case {
    std::string spec;
    std::vector<int> stages;
    float alpha, lambda, init;
    bool coherence, forward;
  };
  for (const Case& c : {Case{"0123 4567 0145 1256", {}, 0.1f, 0.0f, 0.0f, false, false},
                        Case{"012345 4567 159d", {8}, 1.0f, 0.5f, 0.0f, true, false},
                        Case{"0123 3210 0145", {}, 0.1f, 0.0f, 5000.0f, false, false},
                        Case{"0123 3210 0145", {}, 0.1f, 0.0f, 5000.0f, false, true},
                        Case{"012345 4567 159d", {8}, 1.0f, 0.0f, 0.0f, true, true}}) {
    NTupleNetwork fast(layout_of(c.spec, c.stages), c.init), slow = fast;
    TrainSettings s;
    s.alpha = c.alpha;
    s.lambda = c.lambda;
    s.coherence = c.coherence;
    s.forward = c.forward;
    TdTrainer trainer(&fast, s);
    ReferenceTrainer reference(&slow, c.alpha, c.lambda, c.coherence, c.forward);
    std::uint64_t moves = 0;
    for (std::uint64_t g = 0; g < 60; ++g) {
      moves += trainer.play_and_learn(TdTrainer::game_seed(3, g)).moves;
      reference.play_and_learn(TdTrainer::game_seed(3, g));
    }
    EXPECT_GT(moves, 60u * 50) << c.spec;
    ASSERT_TRUE(fast.weights() == slow.weights()) << c.spec << (c.forward ? " forward" : "");
  }
}

TEST(TdTrainer, OnlineAndBackwardPlayTheSameGameWhenNothingIsLearnt) {
  // With alpha 0 the weights never change, so both orders of learning play
  // the same game and keep the same halfway board for a restart.
  NTupleNetwork net(layout_of("0123 4567 0145"), 3000.0f);
  for (std::uint64_t seed : {5, 6, 7}) {
    TrainedGame games[2];
    for (bool forward : {false, true}) {
      TrainSettings s;
      s.alpha = 0.0f;
      s.forward = forward;
      TdTrainer trainer(&net, s);
      games[forward] = trainer.play_and_learn(TdTrainer::game_seed(1, seed));
    }
    EXPECT_GT(games[0].moves, 40u);
    EXPECT_NE(games[0].halfway, Board{0});
    EXPECT_EQ(games[0].moves, games[1].moves);
    EXPECT_EQ(games[0].score, games[1].score);
    EXPECT_EQ(games[0].halfway, games[1].halfway);
  }
}

TEST(TdTrainer, DeterministicForASeedOnOneThread) {
  auto train = [] {
    NTupleNetwork net(layout_of("0123 4567 0145"));
    TrainSettings s;
    s.games = 200;
    s.seed = 9;
    s.coherence = true;
    s.alpha = 1.0f;
    TdTrainer trainer(&net, s);
    TrainWindow w = trainer.run(0, 0, 0, nullptr, 0, nullptr);
    return std::make_pair(w.moves, net.weights());
  };
  auto a = train(), b = train();
  EXPECT_EQ(a.first, b.first);
  EXPECT_EQ(a.second, b.second);
}

TEST(TdTrainer, LearnsToBeatItsUntrainedSelf) {
  // Seconds of training on small tuples: the greedy 1-ply player of the
  // trained network scores clearly more than the untrained one on the same seeds.
  NTupleNetwork net(layout_of("0123 4567 0145 1256"));
  TrainSettings s;
  s.games = 3000;
  s.alpha = 1.0f;
  s.coherence = true;
  s.window = 500;
  auto average = [&](const NTupleNetwork& n) {
    NTupleNetwork copy = n;  // play_and_learn learns: measure on a copy
    TdTrainer player(&copy, TrainSettings());
    double sum = 0;
    for (std::uint64_t g = 0; g < 100; ++g) sum += player.play_and_learn(100000 + g).score;
    return sum / 100;
  };
  double untrained = average(net);
  TdTrainer trainer(&net, s);
  TrainWindow last = trainer.run(0, 0, 0, nullptr, 0, nullptr);
  EXPECT_EQ(last.games, 3000u);
  double trained = average(net);
  EXPECT_GT(trained, 2 * untrained) << "untrained " << untrained << ", trained " << trained;
}

TEST(TdTrainer, LambdaChangesTheTargetsAndStillLearns) {
  // TD(0.5) on the same seeds as TD(0): other weights, and the greedy player of
  // the network still scores clearly more than the untrained one.
  auto train = [](float lambda, std::uint64_t games) {
    NTupleNetwork net(layout_of("0123 4567 0145 1256"));
    TrainSettings s;
    s.games = games;
    s.alpha = 1.0f;
    s.coherence = true;
    s.lambda = lambda;
    TdTrainer trainer(&net, s);
    trainer.run(0, 0, 0, nullptr, 0, nullptr);
    return net;
  };
  auto average = [](const NTupleNetwork& n) {
    NTupleNetwork copy = n;  // play_and_learn learns: measure on a copy
    TdTrainer player(&copy, TrainSettings());
    double sum = 0;
    for (std::uint64_t g = 0; g < 100; ++g) sum += player.play_and_learn(100000 + g).score;
    return sum / 100;
  };
  EXPECT_NE(train(0.5f, 20).weights(), train(0.0f, 20).weights());
  double untrained = average(NTupleNetwork(layout_of("0123 4567 0145 1256")));
  double trained = average(train(0.5f, 3000));
  EXPECT_GT(trained, 2 * untrained) << "untrained " << untrained << ", trained " << trained;
}

TEST(TdTrainer, PlayUntilStopsAtTheFirstTileOfTheExponent) {
  NTupleNetwork net(layout_of("0123 4567"));
  TdTrainer trainer(&net, TrainSettings());
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Board b = trainer.play_until(seed, 7);
    ASSERT_NE(b, 0u) << "seed " << seed;
    EXPECT_EQ(max_exponent(b), 7) << std::hex << b;
  }
  EXPECT_EQ(trainer.play_until(1, 15, 3), 0u);  // no untrained game makes 32768
}

TEST(TdTrainer, LateGameTrainingTeachesOnlyTheLateStage) {
  // Stage 1 from 256: episodes that start at the first 256 never see an
  // earlier board, so stage 0's weights stay as they were.
  NTupleNetwork net = random_network("0123 4567 0145", {8});
  FloatWeights before = net.weights();
  TrainSettings s;
  s.games = 100;
  s.alpha = 0.5f;
  s.start_exponent = 8;
  s.start_reuse = 3;
  TdTrainer trainer(&net, s);
  TrainWindow w = trainer.run(0, 0, 0, nullptr, 0, nullptr);
  EXPECT_EQ(w.games, 100u);
  std::size_t per_stage = net.layout().weights_per_stage();
  EXPECT_TRUE(std::equal(before.begin(), before.begin() + per_stage, net.weights().begin()));
  EXPECT_FALSE(
      std::equal(before.begin() + per_stage, before.end(), net.weights().begin() + per_stage));
}

TEST(NetworkSearch, AddsMoveGainsAndAgreesAtDepthOne) {
  // With a network of all-zero weights every afterstate is worth 0, so a
  // search's root values are the moves' gains plus expected future gains.
  auto q = std::make_shared<const QuantizedNetwork>(
      QuantizedNetwork::from(NTupleNetwork(layout_of("0123 4567"))));
  ExpectimaxSearcher searcher{NetworkEval(*q)};
  Tiles t = from_bitboard(0x0000000000001111ULL);  // one row of four 2s
  SearchSettings s;
  s.depth = 1;
  s.table_bits = 12;
  SearchResult r = searcher.search(t, s);
  EXPECT_GE(r.values[kLeft], 8.0);  // merges two pairs: +8 at once
  EXPECT_EQ(r.values[kUp], kIllegal);
}

TEST(NetworkFile, ZigzagCodesEverySixteenBitValue) {
  for (int v = -32768; v <= 32767; ++v) {
    auto q = static_cast<std::int16_t>(v);
    ASSERT_EQ(unzigzag(zigzag(q)), q) << v;
  }
  EXPECT_EQ(zigzag(0), 0);
  EXPECT_EQ(zigzag(-1), 1);
  EXPECT_EQ(zigzag(1), 2);
  EXPECT_LT(zigzag(-127), 256);  // small values of either sign: high byte 0
}

TEST(NTuple, AMinimumStepCoarsensTheWeights) {
  NTupleNetwork net = random_network("0123 4567");  // weights within +-100
  QuantizedNetwork fine = QuantizedNetwork::from(net), coarse = QuantizedNetwork::from(net, 8.0f);
  EXPECT_LT(fine.scale(), 100.0f / PackedWeights::kMax + 1e-6f);  // 12 bits span +-100
  EXPECT_EQ(coarse.scale(), 8.0f);
  for (std::size_t i = 0; i < coarse.size(); ++i)
    ASSERT_NEAR(coarse.weight(i) * 8.0f, net.weights()[i], 4.0f + 1e-3f);
}

namespace {
// Cells as exponents, row-major from the top-left.
Board board_of(std::initializer_list<int> exponents) {
  Board b = 0;
  int i = 0;
  for (int e : exponents) b = with_cell(b, i++, e);
  return b;
}
}  // namespace

TEST(TileDowngrading, HalvesTheTilesAboveTheLargestMissingOne) {
  float scale = 0.0f;
  // 16384, 4096, 2048 ... (no 8192): the 16384 becomes an 8192, value doubled.
  Board late = board_of({14, 12, 11, 10, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1});
  EXPECT_EQ(downgraded(late, &scale),
            board_of({13, 12, 11, 10, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(scale, 2.0f);
  // The largest missing tile is 1024: everything above it moves down one.
  Board chain = board_of({14, 13, 12, 11, 9, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(downgraded(chain, &scale),
            board_of({13, 12, 11, 10, 9, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  // A 32768 and two 16384s: equal tiles stay equal, and the steps go on
  // until the largest tile is an 8192 (the 8192, then the 2048 the largest
  // missing tile).
  Board pair = board_of({15, 14, 14, 12, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(downgraded(pair, &scale),
            board_of({13, 12, 12, 11, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(scale, 4.0f);
  // A 32768 over a chain down to 1024: two steps, the 512 then the 256 the
  // largest missing tile.
  Board long_chain = board_of({15, 14, 13, 12, 11, 10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(downgraded(long_chain, &scale),
            board_of({13, 12, 11, 10, 9, 8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(scale, 4.0f);
  // A 32768 whose step leaves a full chain from 16384 down to 2: one step.
  Board one_step = board_of({15, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0});
  EXPECT_EQ(downgraded(one_step, &scale),
            board_of({14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0}));
  EXPECT_EQ(scale, 2.0f);
}

TEST(TileDowngrading, LeavesEarlierBoardsAndFullChainsAlone) {
  float scale = 0.0f;
  Board mid = board_of({13, 11, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});  // 8192 at most
  EXPECT_EQ(downgraded(mid, &scale), mid);
  EXPECT_EQ(scale, 1.0f);
  // 16384 down to 2: no tile is missing.
  Board full = board_of({14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0});
  EXPECT_EQ(downgraded(full, &scale), full);
  EXPECT_EQ(scale, 1.0f);
}

namespace {
// Calls f(board, the board downgraded, its factor) for 2000 random boards with
// tiles up to 32768.
template <class F>
void for_random_boards_downgraded(std::uint64_t seed, F&& f) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 2000; ++i) {
    Board b = random_board(rng, 15);
    float scale = 1.0f;
    Board seen = downgraded(b, &scale);
    f(b, seen, scale);
  }
}
}  // namespace

TEST(TileDowngrading, TheNetworkEvaluatesTheDowngradedBoardTwice) {
  QuantizedNetwork weights = QuantizedNetwork::from(random_network("0123 4567 0145 1256 569a"));
  NetworkEval plain(weights, false), downgrading(weights);
  ASSERT_TRUE(downgrading.downgrades());
  ASSERT_FALSE(plain.downgrades());
  int changed = 0;
  for_random_boards_downgraded(9, [&](Board b, Board seen, float scale) {
    changed += seen != b;
    EXPECT_EQ(downgrading.evaluate(b), plain.evaluate(seen) * scale);
    // One batch gives the values one by one, and every symmetry the same value.
    Board batch[4] = {b, mirror(b), rotate(b), rotate(rotate(mirror(b)))};
    float values[4];
    downgrading.evaluate_many(batch, 4, values);
    for (float v : values) EXPECT_EQ(v, downgrading.evaluate(b));
  });
  EXPECT_GT(changed, 100);  // the random boards do reach the late stage
}

TEST(TileDowngrading, AStagedNetworkReadsALateBoardInItsOwnStage) {
  // Stage 1 from 16384 up. A 16384 board with a gap downgrades to an 8192
  // board, but its stage stays the 16384's: the late stage answers for it.
  QuantizedNetwork weights = QuantizedNetwork::from(random_network("0123 4567 0145", {14}));
  NetworkEval plain(weights, false), downgrading(weights);
  const NTupleLayout& layout = weights.layout();
  int downgraded_in_late_stage = 0;
  Board previous = 0;
  for_random_boards_downgraded(11, [&](Board b, Board seen, float scale) {
    std::size_t index[kMaxTuples * 8];
    layout.feature_indices_in_stage(seen, layout.stage_of(b), index, [](std::size_t) {});
    std::int32_t sum = 0;
    for (int f = 0; f < layout.feature_count(); ++f) sum += weights.weight(index[f]);
    EXPECT_EQ(downgrading.evaluate(b), static_cast<float>(sum) * weights.scale() * scale);
    if (seen != b && layout.stage_of(seen) != layout.stage_of(b)) {
      ++downgraded_in_late_stage;
      EXPECT_NE(downgrading.evaluate(b), plain.evaluate(seen) * scale);
    }
    EXPECT_EQ(plain.evaluate(b), weights.evaluate(b));  // no downgrading: the stored value
    // A batch of boards of both stages gives each its own stage's value.
    Board batch[2] = {b, previous};
    float values[2];
    downgrading.evaluate_many(batch, 2, values);
    EXPECT_EQ(values[0], downgrading.evaluate(b));
    EXPECT_EQ(values[1], downgrading.evaluate(previous));
    previous = b;
  });
  EXPECT_GT(downgraded_in_late_stage, 100);
}
