// Carousel shaping: the cycle of episode starts, and the trainer with it.
#include "training/carousel.h"

#include <gtest/gtest.h>

#include <set>

#include "engine/board.h"
#include "training/td_trainer.h"

using namespace g2048;

namespace {

// A board whose largest tile is 2^exponent, told apart by a 2 in cell `mark`.
Board board_with(int exponent, int mark) { return with_cell(with_cell(0, 15, exponent), mark, 1); }

// A path whose largest tile grows 2^4, 2^5, 2^6 (two boards each), marked by `mark`.
std::vector<Board> growing_path(int mark) {
  return {board_with(4, mark),     board_with(4, mark + 1), board_with(5, mark),
          board_with(5, mark + 1), board_with(6, mark),     board_with(6, mark + 1)};
}

}  // namespace

TEST(Carousel, CyclesThroughANewGameAndEachStage) {
  Carousel carousel({5, 6});
  EXPECT_EQ(carousel.next(1).stage, 0);  // nothing kept yet: a new game
  carousel.record(growing_path(0), 0);
  Carousel::Start first = carousel.next(2);
  EXPECT_EQ(first.stage, 1);
  EXPECT_EQ(first.board, board_with(5, 0));  // where the 32 first stood
  Carousel::Start second = carousel.next(3);
  EXPECT_EQ(second.stage, 2);
  EXPECT_EQ(second.board, board_with(6, 0));
  Carousel::Start again = carousel.next(4);
  EXPECT_EQ(again.stage, 0);
  EXPECT_EQ(again.board, 0u);
  EXPECT_EQ(carousel.next(5).stage, 1);
}

TEST(Carousel, AStageWithoutBoardsSendsTheCycleBackToANewGame) {
  Carousel carousel({5, 7});
  carousel.record(growing_path(0), 0);  // made a 64, never a 128
  EXPECT_EQ(carousel.boards(1), 1u);
  EXPECT_EQ(carousel.boards(2), 0u);
  EXPECT_EQ(carousel.next(1).stage, 0);
  EXPECT_EQ(carousel.next(2).stage, 1);
  EXPECT_EQ(carousel.next(3).stage, 0);  // stage 2 has nothing
  EXPECT_EQ(carousel.next(4).stage, 1);
}

TEST(Carousel, KeepsOnlyTheTilesTheStartLacked) {
  Carousel carousel({5, 6});
  std::vector<Board> path = growing_path(0);
  carousel.record({path.begin() + 2, path.end()}, board_with(5, 3));
  EXPECT_EQ(carousel.boards(1), 0u);  // the start held a 32 already
  EXPECT_EQ(carousel.boards(2), 1u);
  carousel.record({}, 0);  // an empty episode keeps nothing
  EXPECT_EQ(carousel.boards(2), 1u);
}

TEST(Carousel, ItsRingKeepsTheLatestBoards) {
  Carousel carousel({5}, 2);
  for (int mark = 0; mark < 3; ++mark) carousel.record(growing_path(2 * mark), 0);
  EXPECT_EQ(carousel.boards(1), 2u);
  std::set<Board> picked;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Carousel::Start start = carousel.next(seed);
    if (start.stage == 1) picked.insert(start.board);
  }
  // The first path's board was overwritten; the other two are both picked.
  EXPECT_EQ(picked, (std::set<Board>{board_with(5, 2), board_with(5, 4)}));
}

TEST(Carousel, TheTrainerCountsOnlyNewGamesInItsWindows) {
  // One stage at 128: the starts alternate between new games and the first
  // 128s of earlier episodes (an untrained player makes 128 in every game),
  // so 200 episodes hold 100 new games: two windows of 50.
  auto train = [](std::vector<int> carousel, int* windows) {
    std::string error;
    NTupleLayout layout;
    EXPECT_TRUE(NTupleLayout::parse("0123 4567 0145", {}, &layout, &error)) << error;
    NTupleNetwork net(layout);
    TrainSettings s;
    s.games = 200;
    s.seed = 5;
    s.alpha = 0.5f;
    s.window = 50;
    s.carousel_exponents = carousel;
    TdTrainer trainer(&net, s);
    TrainWindow last = trainer.run(
        0, 0, 0, [windows](const TrainWindow&) { ++*windows; }, 0, nullptr);
    EXPECT_EQ(last.games, 200u);
    return net.weights();
  };
  int with = 0, again = 0, without = 0;
  FloatWeights a = train({7}, &with);
  EXPECT_EQ(with, 2);
  EXPECT_EQ(train({7}, &again), a);  // deterministic on one thread
  EXPECT_NE(train({}, &without), a);
  EXPECT_EQ(without, 4);
}
