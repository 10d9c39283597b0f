// The weights a search reads (selfplay --reads, network --keep-read): every
// other weight may take any value without changing a search's result.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "eval/evaluation.h"
#include "network/weight_reads.h"
#include "search/expectimax_searcher.h"
#include "test_boards.h"

using namespace g2048;

namespace {

std::shared_ptr<QuantizedNetwork> random_quantized(const std::string& spec) {
  NTupleLayout layout;
  std::string error;
  EXPECT_TRUE(NTupleLayout::parse(spec, {}, &layout, &error)) << error;
  auto q = std::make_shared<QuantizedNetwork>();
  EXPECT_TRUE(QuantizedNetwork::allocate(layout, 3.0f, q.get()));
  std::mt19937 rng(23);
  std::uniform_int_distribution<int> w(-600, 600);
  for (std::size_t i = 0; i < q->size(); ++i) q->set(i, w(rng));
  return q;
}

// A copy of its own (copies of a QuantizedNetwork share their weights).
std::shared_ptr<QuantizedNetwork> copy_of(const QuantizedNetwork& net) {
  auto q = std::make_shared<QuantizedNetwork>();
  EXPECT_TRUE(QuantizedNetwork::allocate(net.layout(), net.scale(), q.get()));
  for (std::size_t i = 0; i < net.size(); ++i) q->set(i, net.weight(i));
  return q;
}

std::vector<SearchResult> search_all(std::shared_ptr<const QuantizedNetwork> net,
                                     std::shared_ptr<WeightReads> reads,
                                     const std::vector<Tiles>& boards) {
  EvaluationSettings e;
  e.name = NetworkEval::kName;
  e.network = std::move(net);
  e.reads = std::move(reads);
  ExpectimaxSearcher searcher(make_evaluator(e));
  SearchSettings s;
  s.depth = 2;
  std::vector<SearchResult> out;
  for (const Tiles& t : boards) out.push_back(searcher.search(t, s));
  return out;
}

std::vector<Tiles> sample_boards() {
  std::mt19937_64 rng(31);
  std::vector<Tiles> boards;
  for (int i = 0; i < 6; ++i) boards.push_back(testing_boards::random_tiles(rng, 11, 0.4));
  return boards;
}

bool same_values(const std::vector<SearchResult>& a, const std::vector<SearchResult>& b) {
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k].best != b[k].best) return false;
    for (int d = 0; d < 4; ++d)
      if (a[k].values[d] != b[k].values[d]) return false;
  }
  return true;
}

}  // namespace

TEST(WeightReads, WeightsNoSearchReadChangeNoResult) {
  const auto net = random_quantized("0123 4567 0145 1256");
  const std::vector<Tiles> boards = sample_boards();
  auto reads = std::make_shared<WeightReads>(net->size());
  const std::vector<SearchResult> recorded = search_all(net, reads, boards);
  const std::size_t read = reads->count();
  EXPECT_GT(read, 0u);
  EXPECT_LT(read, net->size());

  // Every unread weight changed: the same values to the bit.
  auto unread_changed = copy_of(*net);
  for (std::size_t i = 0; i < net->size(); ++i)
    if (!reads->read(i)) unread_changed->set(i, PackedWeights::kMax);
  EXPECT_TRUE(same_values(recorded, search_all(unread_changed, nullptr, boards)));
  // The read ones changed instead: the values move (the test can fail).
  auto read_changed = copy_of(*net);
  for (std::size_t i = 0; i < net->size(); ++i)
    if (reads->read(i)) read_changed->set(i, PackedWeights::kMax);
  EXPECT_FALSE(same_values(recorded, search_all(read_changed, nullptr, boards)));
}

TEST(WeightReads, TheFileRoundTripsAndRefusesDamage) {
  WeightReads reads(1000);
  for (std::size_t i : {0, 7, 63, 64, 500, 999}) reads.mark(i);
  std::vector<std::uint8_t> bytes = reads.encode();
  std::unique_ptr<WeightReads> back;
  std::string error;
  ASSERT_TRUE(WeightReads::decode(bytes.data(), bytes.size(), &back, &error)) << error;
  EXPECT_EQ(back->size(), 1000u);
  EXPECT_EQ(back->count(), 6u);
  for (std::size_t i = 0; i < 1000; ++i) EXPECT_EQ(back->read(i), reads.read(i)) << i;

  WeightReads more(1000);
  more.mark(1);
  more.merge(reads);
  EXPECT_EQ(more.count(), 7u);

  std::vector<std::uint8_t> flipped = bytes;
  flipped[20] ^= 1;
  EXPECT_FALSE(WeightReads::decode(flipped.data(), flipped.size(), &back, &error));
  EXPECT_NE(error.find("checksum"), std::string::npos) << error;
  std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 1);
  EXPECT_FALSE(WeightReads::decode(cut.data(), cut.size(), &back, &error));
  EXPECT_NE(error.find("size"), std::string::npos) << error;
  const std::string words = "not a reads file, only words";
  EXPECT_FALSE(WeightReads::decode(reinterpret_cast<const std::uint8_t*>(words.data()),
                                   words.size(), &back, &error));
  EXPECT_NE(error.find("magic"), std::string::npos) << error;
}
