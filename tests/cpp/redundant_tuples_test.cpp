// Redundant tuples (training/redundant_tuples.h): added at zero, trained
// beside the large tuples, folded into them with every board's value kept.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "test_boards.h"
#include "training/redundant_tuples.h"
#include "training/td_trainer.h"

using namespace g2048;

namespace {

NTupleNetwork network_of(const std::string& spec, std::vector<int> stages, unsigned seed) {
  NTupleLayout layout;
  std::string error;
  EXPECT_TRUE(NTupleLayout::parse(spec, stages, &layout, &error)) << error;
  NTupleNetwork net(layout);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-100, 100);
  for (float& w : net.weights()) w = u(rng);
  return net;
}

// Every board of a seeded sample (tiles up to 32768, so both stages serve)
// has the same value in a and b, to float rounding.
void expect_same_values(const NTupleNetwork& a, const NTupleNetwork& b) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 2000; ++i) {
    Board board = to_bitboard(testing_boards::random_tiles(rng, 15));
    ASSERT_NEAR(a.evaluate(board), b.evaluate(board), 0.05f) << "board " << i;
  }
}

}  // namespace

TEST(RedundantTuples, FoldingKeepsEveryBoardsValueWithTheLargeTuplesAlone) {
  // Two stages; small tuples in other cell orders than their hosts', in each
  // of the three hosts, and one (the cell 4) inside the first two: it goes to
  // the first.
  NTupleNetwork net = network_of("01234 45678 89abc 3210 014 4 567 a98 9c", {11}, 3);
  EXPECT_EQ(redundant_tuple_count(net.layout()), 6);
  NTupleNetwork folded = fold_redundant_tuples(net);
  EXPECT_EQ(folded.layout().spec(), "01234 45678 89abc");
  EXPECT_EQ(folded.layout().stage_starts(), net.layout().stage_starts());
  EXPECT_EQ(redundant_tuple_count(folded.layout()), 0);
  expect_same_values(net, folded);
  // Without redundant tuples there is nothing to fold.
  NTupleNetwork again = fold_redundant_tuples(folded);
  EXPECT_EQ(again.weights(), folded.weights());
}

TEST(RedundantTuples, AnEqualTupleFoldsIntoTheFirst) {
  NTupleNetwork net = network_of("0123 3210 4567", {}, 5);
  EXPECT_EQ(redundant_tuple_count(net.layout()), 1);
  NTupleNetwork folded = fold_redundant_tuples(net);
  EXPECT_EQ(folded.layout().spec(), "0123 4567");
  expect_same_values(net, folded);
}

TEST(RedundantTuples, AddedAtZeroAndRefusedWhereTheyCannotFold) {
  NTupleNetwork net = network_of("01234 45678", {12}, 7);
  NTupleNetwork extended;
  std::string error;
  ASSERT_TRUE(with_redundant_tuples(net, "0123 5678 014", &extended, &error)) << error;
  EXPECT_EQ(extended.layout().spec(), "01234 45678 0123 5678 014");
  EXPECT_EQ(extended.layout().stage_starts(), net.layout().stage_starts());
  expect_same_values(net, extended);
  // Folding zeros back gives the network it started from, weight for weight.
  EXPECT_EQ(fold_redundant_tuples(extended).weights(), net.weights());

  EXPECT_FALSE(with_redundant_tuples(net, "0123 89ab", &extended, &error));
  EXPECT_NE(error.find("89ab must lie inside"), std::string::npos) << error;
  EXPECT_FALSE(with_redundant_tuples(net, "45678", &extended, &error));
  EXPECT_NE(error.find("already in the network"), std::string::npos) << error;
  EXPECT_FALSE(with_redundant_tuples(net, "01 zz", &extended, &error));
  EXPECT_NE(error.find("hex digits"), std::string::npos) << error;
}

TEST(RedundantTuples, TheTrainerLearnsThemAndTheFoldPlaysAsTrained) {
  NTupleNetwork net = network_of("0123 4567 0145 1256", {}, 9);
  for (float& w : net.weights()) w = 0;
  NTupleNetwork extended;
  std::string error;
  ASSERT_TRUE(with_redundant_tuples(net, "01 56 015", &extended, &error)) << error;
  TrainSettings s;
  s.seed = 4;
  TdTrainer trainer(&extended, s);
  for (std::uint64_t g = 0; g < 30; ++g) trainer.play_and_learn(TdTrainer::game_seed(4, g));
  // The small tuples learnt something.
  const std::size_t large = net.weights().size();
  double moved = 0;
  for (std::size_t i = large; i < extended.weights().size(); ++i)
    moved += std::fabs(extended.weights()[i]);
  EXPECT_GT(moved, 0);
  expect_same_values(extended, fold_redundant_tuples(extended));
}
