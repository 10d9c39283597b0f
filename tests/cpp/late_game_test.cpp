// The late-game search (SearchSettings::late_from, search/late_game.h): its
// walls (a chain from the corner of tiles that cannot merge within the
// horizon), its values against a plain brute force of the same rules, its
// fallback to the usual search, and its budget.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>

#include "eval/heuristic.h"
#include "eval/subgame_eval.h"
#include "search/expectimax_searcher.h"
#include "search/late_game.h"
#include "search/late_game_impl.h"

using namespace g2048;

namespace {

Board board_of(const std::array<std::int64_t, 16>& values) {
  Tiles t;
  EXPECT_TRUE(tiles_from_values(values.data(), 16, &t, nullptr));
  return to_search_board(t);
}

// A late board: the bottom row 16384 8192 4096 2048, a 1024 above the 2048,
// and small tiles in the top rows.
const std::array<std::int64_t, 16> kChain = {2, 4, 8, 2,    0,     2,    16,   4,
                                             0, 0, 0, 1024, 16384, 8192, 4096, 2048};

SearchSettings late_at(int depth) {
  SearchSettings s;
  s.depth = depth;
  s.late_from = 8192;
  s.table_bits = 16;
  return s;
}

TEST(LatePlan, TheChainFromTheCornerBySize) {
  LatePlan plan = plan_late_game(board_of(kChain), 8192);
  EXPECT_TRUE(plan.applies);
  EXPECT_EQ(plan.walls, 5);
  for (int i : {11, 12, 13, 14, 15}) EXPECT_EQ(plan.wall_mask >> (4 * i) & 0xF, 0xFu) << i;
  EXPECT_EQ(plan.wall_tiles >> (4 * 12) & 0xF, 14u);  // the 16384
  EXPECT_TRUE(plan.kept(board_of(kChain)));
}

TEST(LatePlan, NoneBelowTheTileOrOutOfTheCorner) {
  EXPECT_FALSE(plan_late_game(board_of(kChain), 32768).applies);
  EXPECT_FALSE(plan_late_game(board_of(kChain), 0).applies);
  auto middle = kChain;
  std::swap(middle[12], middle[9]);  // the 16384 leaves the corner
  EXPECT_FALSE(plan_late_game(board_of(middle), 8192).applies);
}

TEST(LatePlan, TilesThatCanMergeAreNoWallsAndABrokenChainNone) {
  auto longer = kChain;
  longer[7] = 256;  // a 256 next to the 1024 extends the chain
  EXPECT_EQ(plan_late_game(board_of(longer), 8192).walls, 6);
  auto twin = longer;
  twin[0] = 256;  // a second 256: the 256s may merge, the chain stops at the 1024
  EXPECT_EQ(plan_late_game(board_of(twin), 8192).walls, 5);
  auto close = kChain;
  // Tiles below the 1024 adding up to 996: the horizon reaches a second 1024,
  // and from it the whole chain could fold: no wall at all.
  close[0] = 512, close[1] = 256, close[2] = 128, close[3] = 64;
  EXPECT_FALSE(plan_late_game(board_of(close), 8192).applies);
  auto low = kChain;
  std::swap(low[11], low[3]);  // the 1024 away from the chain: a broken formation
  EXPECT_FALSE(plan_late_game(board_of(low), 8192).applies);
  auto apart = kChain;
  std::swap(apart[14], apart[1]);  // the 4096 away from it: broken too
  EXPECT_FALSE(plan_late_game(board_of(apart), 8192).applies);
  auto small = longer;
  std::swap(small[7], small[0]);  // a 256 away from the chain is no break
  EXPECT_EQ(plan_late_game(board_of(small), 8192).walls, 5);
}

TEST(LatePlan, FourBoundGrowsWithDepth) {
  EXPECT_EQ(four_bound(1), 1);
  for (int d = 2; d <= kLateMaxDepth; ++d) {
    EXPECT_GE(four_bound(d), four_bound(d - 1)) << d;
    EXPECT_LT(four_bound(d), d) << d;
  }
}

// The rules written out plainly: every move keeps the walls or is lost, no
// cut-off but the horizon's 4s and the open-board caps, no table.
struct Reference {
  std::function<float(Board)> value;  // of an after-state
  LatePlan plan;

  float max_node(Board b, int depth_left, int fours_left) const {
    float best = 0.0f;
    for (int d = 0; d < 4; ++d) {
      Board a = move(b, d);
      if (a == b || !plan.kept(a)) continue;
      best = std::max(best, depth_left == 0 ? value(a) : chance(a, depth_left, fours_left));
    }
    return best;
  }
  float chance(Board b, int depth_left, int fours_left) const {
    int empty = count_empty(b);
    if (empty > 5 && plan.walls < 4) depth_left = std::min(depth_left, 3);
    if (empty > 4) depth_left = std::min(depth_left, 4);
    float sum = 0.0f;
    for (int i = 0; i < 16; ++i) {
      if (cell(b, i) != 0) continue;
      Board two = with_cell(b, i, 1), four = with_cell(b, i, 2);
      if (fours_left > 0) {
        sum += 0.9f * max_node(two, depth_left - 1, fours_left);
        sum += 0.1f * max_node(four, depth_left - 1, fours_left - 1);
      } else {
        sum += max_node(two, depth_left - 1, 0);
      }
    }
    return sum / static_cast<float>(empty);
  }
};

std::vector<Board> late_boards(int count) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> small(0, 4);
  std::vector<Board> boards;
  while (static_cast<int>(boards.size()) < count) {
    auto values = kChain;
    for (int i = 0; i < 11; ++i) {
      int e = small(rng);
      values[i] = e ? std::int64_t{1} << e : 0;
    }
    Board b = board_of(values);
    if (legal_moves_mask(b)) boards.push_back(b);
  }
  return boards;
}

TEST(LateGameSearch, MatchesABruteForceOfItsRules) {
  Heuristic eval;
  LateGameSearch<Heuristic> search(eval);
  int compared = 0;
  for (Board b : late_boards(12)) {
    for (int depth : {1, 2}) {
      SearchResult r;
      if (!search.search(b, late_at(depth), &r)) continue;
      Reference ref{[&](Board a) { return eval.evaluate(a); }, plan_late_game(b, 8192)};
      for (int d = 0; d < 4; ++d) {
        Board a = move(b, d);
        if (a == b) {
          EXPECT_EQ(r.values[d], kIllegal);
          continue;
        }
        float want = ref.plan.kept(a) ? ref.chance(a, depth, four_bound(depth)) : 0.0f;
        EXPECT_NEAR(r.values[d], want, 1e-3 * std::max(1.0f, want)) << depth << " " << d;
        ++compared;
      }
      EXPECT_EQ(r.depth, depth);
      EXPECT_EQ(r.late_walls, 5);
    }
  }
  EXPECT_GE(compared, 20);  // the boards are late ones: the search applied
}

TEST(LateGameSearch, KeepsTheWallsWhenAMoveDoes) {
  ExpectimaxSearcher searcher(Heuristic{});
  SearchSettings s = late_at(0);
  s.depth = 0;
  s.nodes = 20000;
  for (Board b : late_boards(20)) {
    LatePlan plan = plan_late_game(b, 8192);
    bool can_keep = false;
    for (int d = 0; d < 4; ++d) can_keep = can_keep || (move(b, d) != b && plan.kept(move(b, d)));
    SearchResult r = searcher.search(b, s);
    ASSERT_GE(r.best, 0);
    if (can_keep && r.late_walls > 0) {
      EXPECT_TRUE(plan.kept(move(b, r.best)));
    } else if (!can_keep) {
      EXPECT_EQ(r.late_walls, 0) << "no move keeps them: the usual search plays";
    }
  }
}

TEST(LateGameSearch, FallsBackToTheUsualSearch) {
  ExpectimaxSearcher searcher(Heuristic{});
  SearchSettings plain;
  plain.depth = 2;
  SearchSettings late = plain;
  late.late_from = 8192;
  auto middle = kChain;
  std::swap(middle[12], middle[9]);  // no corner: no walls
  for (Board b :
       {board_of(middle), board_of({2, 4, 8, 16, 0, 0, 2, 4, 0, 0, 0, 2, 0, 0, 0, 4096})}) {
    SearchResult a = searcher.search(b, plain), c = searcher.search(b, late);
    EXPECT_EQ(c.late_walls, 0);
    EXPECT_EQ(a.values, c.values);
    EXPECT_EQ(a.nodes, c.nodes);
  }
}

// Every move moves a wall (up the 8192, right the 1024 and the 256): the usual
// search plays with what the late-game search left of the node budget, and the
// result counts both.
TEST(LateGameSearch, TheFallbackGetsWhatIsLeftOfTheBudget) {
  Board b = board_of({4, 2, 0, 0, 16, 4, 0, 0, 1024, 256, 4, 0, 2048, 4096, 8192, 16384});
  ASSERT_TRUE(plan_late_game(b, 8192).applies);
  Heuristic eval;
  SearchSettings late;
  late.nodes = 20000;
  late.late_from = 8192;
  LateGameSearch<Heuristic> alone(eval);
  SearchResult unused;
  ASSERT_FALSE(alone.search(b, late, &unused));
  std::uint64_t spent = alone.spent_nodes();
  ASSERT_GT(spent, 0u);

  ExpectimaxSearcher searcher(eval);
  SearchResult c = searcher.search(b, late);
  SearchSettings rest = late;
  rest.late_from = 0;
  rest.nodes = late.nodes - spent;
  ExpectimaxSearcher usual(eval);
  SearchResult u = usual.search(b, rest);
  EXPECT_EQ(c.late_walls, 0);
  EXPECT_EQ(c.values, u.values);
  EXPECT_EQ(c.nodes, u.nodes + spent);
}

TEST(LateGameSearch, ABudgetIsKeptAndRepeatable) {
  ExpectimaxSearcher searcher(Heuristic{});
  SearchSettings s;
  s.late_from = 8192;
  s.table_bits = 16;
  Board b = late_boards(1)[0];
  s.nodes = 5000;
  SearchResult small = searcher.search(b, s), again = searcher.search(b, s);
  s.nodes = 200000;
  SearchResult large = searcher.search(b, s);
  ASSERT_GT(small.late_walls, 0);
  EXPECT_EQ(small.values, again.values);
  EXPECT_EQ(small.nodes, again.nodes);
  EXPECT_LE(small.nodes, 2u * 5000 + 64);
  EXPECT_LE(large.nodes, 2u * 200000 + 64);
  EXPECT_GT(large.depth, small.depth);
}

// An evaluation whose values are the score to come (as the network's): the
// search adds each move's gain to them, but not to the sub-game heuristic's.
struct ScoringHeuristic {
  static constexpr const char* kName = "scoring";
  static constexpr bool kScoresMoves = true;
  static constexpr bool kCacheLeaves = false;
  static constexpr int kDefaultDepth = 0;
  Heuristic h;
  float evaluate(Board b) const { return h.evaluate(b); }
};

TEST(LatePlan, TheChainsEndAndItsBigTiles) {
  LatePlan plan = plan_late_game(board_of(kChain), 8192);
  EXPECT_EQ(plan.chain_end_tile, 10);  // the 1024
  EXPECT_EQ(plan.big_tiles, 5);
  auto pair = kChain;
  pair[0] = 256, pair[1] = 256, pair[2] = 512;  // the smallest big tile, a pair or not
  plan = plan_late_game(board_of(pair), 8192);
  EXPECT_EQ(plan.chain_end_tile, 8);
  EXPECT_EQ(plan.big_tiles, 8);
}

// Small tiles falling away from a wall score above the same tiles rising to
// it. A wall counts as the chain's end, not as its own tile: a line it splits
// costs as much as a tile of that end would (less for an end of 128 than for
// one of 4096).
TEST(SubgameEval, SmallTilesFallAwayFromTheWalls) {
  auto line = [](unsigned a, unsigned b, unsigned c, unsigned d) {
    return static_cast<std::uint16_t>(a | b << 4 | c << 8 | d << 12);
  };
  SubgameWeights w;
  SubgameEval at_1024(w, 10), at_128(w, 7), at_4096(w, 12);
  EXPECT_GT(at_1024.row_value(line(kWallCode, 9, 8, 7)),
            at_1024.row_value(line(kWallCode, 7, 8, 9)));
  EXPECT_GT(at_1024.row_value(line(7, 8, 9, kWallCode)),
            at_1024.row_value(line(9, 8, 7, kWallCode)));
  EXPECT_GT(at_128.row_value(line(6, kWallCode, 5, 4)),
            at_4096.row_value(line(6, kWallCode, 5, 4)));
  // However bad a board, it scores above a lost position's 0.
  SubgameWeights harsh;
  harsh.base = 0;
  EXPECT_GE(SubgameEval(harsh, 10).evaluate(board_of(kChain)), 1.0f);
  std::string error;
  EXPECT_TRUE(parse_subgame_weights("empty=100,min_big=5", &w, &error)) << error;
  EXPECT_EQ(w.empty, 100);
  EXPECT_EQ(w.min_big, 5);
  EXPECT_FALSE(parse_subgame_weights("wall=3", &w, &error));
  EXPECT_NE(error.find("unknown sub-game weight \"wall\""), std::string::npos) << error;
  EXPECT_FALSE(parse_subgame_weights("sum=x", &w, &error));
  EXPECT_EQ(w.empty, 100);  // a refused text changes nothing
}

// With late_subgame the search's values are the sub-game heuristic's on the
// masked board (no move's gain added), against the brute force; with too few
// big tiles (min_big) the search's own evaluation plays.
TEST(LateGameSearch, TheSubgameEvaluationMatchesABruteForce) {
  ScoringHeuristic eval;
  LateGameSearch<ScoringHeuristic> search(eval);
  SearchSettings s = late_at(2);
  s.late_subgame = true;
  s.late_weights.min_big = 5;
  int compared = 0;
  for (Board b : late_boards(8)) {
    SearchResult r;
    if (!search.search(b, s, &r)) continue;
    LatePlan plan = plan_late_game(b, 8192);
    SubgameEval sub(s.late_weights, plan.chain_end_tile);
    Reference ref{[&](Board a) { return sub.evaluate(a | plan.wall_mask); }, plan};
    EXPECT_TRUE(r.subgame_values);
    for (int d = 0; d < 4; ++d) {
      Board a = move(b, d);
      if (a == b) continue;
      float want = plan.kept(a) ? ref.chance(a, 2, four_bound(2)) : 0.0f;
      EXPECT_NEAR(r.values[d], want, 1e-3 * std::max(1.0f, want)) << d;
      ++compared;
    }
  }
  EXPECT_GE(compared, 10);
  s.late_weights.min_big = 6;  // kChain's boards have 5
  SearchResult own;
  ASSERT_TRUE(search.search(late_boards(1)[0], s, &own));
  EXPECT_FALSE(own.subgame_values);
}

TEST(LateGameSearch, SettingsAreChecked) {
  SearchSettings s;
  s.late_from = 3000;
  EXPECT_NE(validate_settings(s).find("power of two"), std::string::npos);
  s.late_from = 8192;
  EXPECT_EQ(validate_settings(s), "");
  s.late_drop = 1.0;
  EXPECT_NE(validate_settings(s).find("beam"), std::string::npos);
}

}  // namespace
