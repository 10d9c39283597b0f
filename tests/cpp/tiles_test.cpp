// The exact board: parsing, big tiles, spawns and the search's view of big tiles.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "engine/tiles.h"
#include "reference_rules.h"
#include "test_boards.h"

using namespace g2048;

namespace {

Tiles from_values(std::array<std::int64_t, 16> v) {
  Tiles t;
  std::string error;
  EXPECT_TRUE(tiles_from_values(v.data(), 16, &t, &error)) << error;
  return t;
}

}  // namespace

TEST(Tiles, RejectsMalformedBoardsWithAClearMessage) {
  Tiles t;
  std::string error;
  std::int64_t fifteen[15] = {};
  EXPECT_FALSE(tiles_from_values(fifteen, 15, &t, &error));
  EXPECT_NE(error.find("16 tile values, got 15"), std::string::npos) << error;
  for (std::int64_t bad : {3LL, 1LL, -2LL, 262144LL, 6LL, 131073LL}) {
    std::array<std::int64_t, 16> v{};
    v[5] = bad;
    error.clear();
    EXPECT_FALSE(tiles_from_values(v.data(), 16, &t, &error)) << bad;
    EXPECT_NE(error.find("bad tile value " + std::to_string(bad) + " at cell 5"), std::string::npos)
        << error;
  }
  EXPECT_FALSE(parse_board_text("0,0,2,x,0,0,0,0,0,0,0,0,0,0,0,0", &t, &error));
  EXPECT_NE(error.find("\"x\""), std::string::npos) << error;
  EXPECT_FALSE(parse_board_text("0,0,2", &t, &error));
  EXPECT_NE(error.find("got 3"), std::string::npos) << error;
  // One 131072 is a board; two are none (found by the fuzzer: they merged past the range).
  EXPECT_TRUE(parse_board_text("131072,65536,0,0,0,0,0,0,0,0,0,0,0,0,0,2", &t, &error)) << error;
  EXPECT_FALSE(parse_board_text("131072,131072,0,0,0,0,0,0,0,0,0,0,0,0,0,2", &t, &error));
  EXPECT_NE(error.find("at most one 131072"), std::string::npos) << error;
}

TEST(Tiles, ParsesCommasAndSpacesAndRoundTrips) {
  Tiles t;
  std::string error;
  ASSERT_TRUE(
      parse_board_text("0, 0 0,2  131072,65536,4,8,16,32,64,128,256,512,1024,2", &t, &error))
      << error;
  EXPECT_EQ(board_text(t), "0,0,0,2,131072,65536,4,8,16,32,64,128,256,512,1024,2");
  EXPECT_EQ(max_exponent(t), 17);
}

TEST(Tiles, BigTilesMergeExactly) {
  Tiles t = from_values({32768, 32768, 0, 0, 65536, 65536, 0, 0, 131072, 2, 2, 0, 0, 0, 0, 0});
  MoveOutcome m = apply_move(t, kLeft);
  ASSERT_TRUE(m.moved);
  EXPECT_EQ(board_text(m.tiles), "65536,0,0,0,131072,0,0,0,131072,4,0,0,0,0,0,0");
  EXPECT_EQ(m.gain, 65536u + 131072u + 4u);
}

TEST(Tiles, RandomBoardsWithBigTilesMatchTheReference) {
  std::mt19937_64 rng(11);
  for (int n = 0; n < 100000; ++n) {
    Tiles t = testing_boards::random_tiles(rng, n % 3 ? 17 : 14, 0.3);
    auto values = testing_boards::values_of(t);
    int mask = 0;
    for (int d = 0; d < 4; ++d) {
      reference::Moved ref = reference::move(values, d);
      MoveOutcome m = apply_move(t, d);
      ASSERT_EQ(testing_boards::values_of(m.tiles), ref.board);
      ASSERT_EQ(static_cast<std::int64_t>(m.gain), ref.gain);
      ASSERT_EQ(m.moved, ref.moved);
      if (ref.moved) mask |= 1 << d;
    }
    ASSERT_EQ(legal_moves_mask(t), mask);
  }
}

TEST(Spawn, OnlyIntoEmptyCellsEveryCellReachableAboutOneInTenIsAFour) {
  Rng rng(12345);
  Tiles start = from_values({2, 0, 4, 0, 0, 8, 0, 0, 16, 0, 0, 32, 0, 0, 64, 0});
  std::set<int> reached;
  int fours = 0, spawns = 200000;
  for (int n = 0; n < spawns; ++n) {
    Tiles t = start;
    ASSERT_TRUE(spawn(&t, rng));
    int changed = 0;
    for (int i = 0; i < 16; ++i) {
      if (t.exponent[i] == start.exponent[i]) continue;
      ++changed;
      ASSERT_EQ(start.exponent[i], 0) << "spawned onto a tile";
      ASSERT_TRUE(t.exponent[i] == 1 || t.exponent[i] == 2);
      fours += t.exponent[i] == 2;
      reached.insert(i);
    }
    ASSERT_EQ(changed, 1);
  }
  EXPECT_EQ(reached.size(), static_cast<std::size_t>(count_empty(start)));
  double share = static_cast<double>(fours) / spawns;
  EXPECT_NEAR(share, 0.1, 0.005);
}

TEST(Spawn, FullBoardSpawnsNothingAndNewGameHasTwoTiles) {
  Rng rng(1);
  Tiles full = from_values({2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2});
  Tiles copy = full;
  EXPECT_FALSE(spawn(&copy, rng));
  EXPECT_EQ(copy, full);
  EXPECT_TRUE(game_over(full));
  Tiles fresh = new_game(rng);
  EXPECT_EQ(count_empty(fresh), 14);
}

TEST(Spawn, SameSeedSameSequence) {
  Rng a(99), b(99), c(100);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    std::uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs = differs || x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(SearchBoard, KeepsOrderEqualityAndLegalMovesOfBigTiles) {
  std::mt19937_64 rng(13);
  for (int n = 0; n < 50000; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 17, n % 2 ? 0.2 : 0.0);
    if (max_exponent(t) <= 15) continue;
    std::set<int> distinct(t.exponent.begin(), t.exponent.end());
    distinct.erase(0);
    if (distinct.size() > 15) continue;  // cannot fit: only on full boards of distinct tiles
    Board b = to_search_board(t);
    for (int i = 0; i < 16; ++i) {
      ASSERT_EQ(cell(b, i) == 0, t.exponent[i] == 0);
      for (int j = 0; j < 16; ++j) {
        ASSERT_EQ(cell(b, i) < cell(b, j), t.exponent[i] < t.exponent[j]);
        ASSERT_EQ(cell(b, i) == cell(b, j), t.exponent[i] == t.exponent[j]);
      }
    }
    ASSERT_EQ(legal_moves_mask(b), legal_moves_mask(t));
  }
}

TEST(SearchBoard, SmallTilesAreUnchanged) {
  Tiles t =
      from_values({2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 0});
  EXPECT_EQ(to_search_board(t), to_bitboard(t));
}
