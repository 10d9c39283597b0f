// The expectimax searcher: legal choices, sound choices, determinism, budgets.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "players/selfplay.h"
#include "reference_rules.h"
#include "search/expectimax_searcher.h"
#include "test_boards.h"

using namespace g2048;

namespace {

SearchSettings fixed_depth(int depth) {
  SearchSettings s;
  s.depth = depth;
  s.table_bits = 16;
  return s;
}

Tiles from_values(std::array<std::int64_t, 16> v) {
  Tiles t;
  std::string error;
  EXPECT_TRUE(tiles_from_values(v.data(), 16, &t, &error)) << error;
  return t;
}

// True when every spawn after the move leaves no legal move.
bool loses_at_once(const Tiles& t, int dir) {
  MoveOutcome m = apply_move(t, dir);
  if (!m.moved) return false;
  for (int i = 0; i < 16; ++i) {
    if (m.tiles.exponent[i] != 0) continue;
    for (std::uint8_t e : {1, 2}) {
      Tiles next = m.tiles;
      next.exponent[i] = e;
      if (!game_over(next)) return false;
    }
  }
  return true;
}

}  // namespace

TEST(Search, SingleLegalMoveIsChosen) {
  // Boards with exactly one legal move: a full bottom row with nothing to merge
  // moves only up; mirrored and turned, only down, left and right.
  const Tiles boards[4] = {
      from_values({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 8, 16}),
      from_values({2, 0, 0, 0, 4, 0, 0, 0, 8, 0, 0, 0, 16, 0, 0, 0}),
      from_values({2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
      from_values({0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 8, 0, 0, 0, 16}),
  };
  ExpectimaxSearcher searcher;
  for (int only = 0; only < 4; ++only) {
    ASSERT_EQ(legal_moves_mask(boards[only]), 1 << only) << only;
    for (int depth : {1, 3}) {
      SearchResult r = searcher.search(boards[only], fixed_depth(depth));
      EXPECT_EQ(r.best, only) << depth;
      for (int d = 0; d < 4; ++d) EXPECT_EQ(r.values[d] == kIllegal, d != only) << d;
    }
  }
}

TEST(Search, NoLegalMoveGivesNoDirection) {
  ExpectimaxSearcher searcher;
  Tiles full = from_values({2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2});
  EXPECT_EQ(searcher.search(full, fixed_depth(2)).best, -1);
}

TEST(Search, AvoidsAMoveThatLosesAtOnce) {
  // Nearly full random boards where one legal move surely loses and another does not.
  std::mt19937_64 rng(21);
  ExpectimaxSearcher searcher;
  int found = 0;
  for (int n = 0; n < 2000000 && found < 30; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 7, 0.04);
    int mask = legal_moves_mask(t);
    bool losing = false, safe = false;
    for (int d = 0; d < 4; ++d) {
      if (!(mask & (1 << d))) continue;
      (loses_at_once(t, d) ? losing : safe) = true;
    }
    if (!losing || !safe) continue;
    ++found;
    for (int depth : {1, 3}) {
      SearchResult r = searcher.search(t, fixed_depth(depth));
      EXPECT_FALSE(loses_at_once(t, r.best)) << board_text(t) << " depth " << depth;
    }
  }
  EXPECT_GE(found, 10) << "too few test positions found";
}

TEST(Search, ReturnsOnlyLegalDirectionsOnRandomBoards) {
  std::mt19937_64 rng(22);
  ExpectimaxSearcher searcher;
  SearchSettings s = fixed_depth(2);
  for (int n = 0; n < 3000; ++n) {
    Tiles t = testing_boards::random_tiles(rng, n % 2 ? 17 : 11, 0.15);
    int mask = legal_moves_mask(t);
    SearchResult r = searcher.search(t, s);
    if (mask == 0) {
      EXPECT_EQ(r.best, -1);
      continue;
    }
    ASSERT_GE(r.best, 0);
    ASSERT_TRUE(mask & (1 << r.best)) << board_text(t);
    for (int d = 0; d < 4; ++d) ASSERT_EQ(r.values[d] == kIllegal, !(mask & (1 << d)));
  }
}

TEST(Search, BigTileBoardsGetALegalSoundMove) {
  ExpectimaxSearcher searcher;
  // Two 65536s side by side, a 131072 and smaller tiles: every setting must answer legally.
  Tiles t = from_values({131072, 65536, 65536, 2, 32768, 32768, 4, 0, 16384, 8, 0, 0, 2, 0, 0, 0});
  for (const SearchSettings& s : {fixed_depth(1), fixed_depth(3)}) {
    SearchResult r = searcher.search(t, s);
    ASSERT_GE(r.best, 0);
    EXPECT_TRUE(apply_move(t, r.best).moved);
  }
  // Left merges the two 65536s into 131072 next to the other 131072: the search should take it.
  SearchResult r = searcher.search(t, fixed_depth(2));
  EXPECT_EQ(r.best, kLeft);
}

TEST(Search, SameSeedAndSettingsGiveTheSameGame) {
  auto play = [](std::uint64_t seed) {
    ExpectimaxSearcher searcher;
    SearchSettings s = fixed_depth(1);
    std::vector<int> moves;
    GameRecord g = play_game(
        seed, [&](const Tiles& t) { return searcher.search(t, s); },
        [&](const TurnRecord& turn) { moves.push_back(turn.dir); });
    return std::make_pair(g.score, moves);
  };
  auto a = play(5), b = play(5), c = play(6);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_GT(a.second.size(), 100u);
}

TEST(Search, GamesEndOnlyWhenNoMoveIsLeftAndEveryTurnIsExact) {
  ExpectimaxSearcher searcher;
  SearchSettings s = fixed_depth(1);
  Tiles last;
  std::uint64_t score = 0;
  GameRecord g = play_game(
      77, [&](const Tiles& t) { return searcher.search(t, s); },
      [&](const TurnRecord& turn) {
        reference::Moved ref = reference::move(testing_boards::values_of(turn.before), turn.dir);
        ASSERT_TRUE(ref.moved);
        ASSERT_EQ(static_cast<std::int64_t>(turn.gain), ref.gain);
        int spawned = 0;
        auto after = testing_boards::values_of(turn.after);
        for (int i = 0; i < 16; ++i) {
          if (after[i] == ref.board[i]) continue;
          ASSERT_EQ(ref.board[i], 0);
          ASSERT_TRUE(after[i] == 2 || after[i] == 4);
          ++spawned;
        }
        ASSERT_EQ(spawned, 1);
        score += turn.gain;
        last = turn.after;
      });
  EXPECT_TRUE(game_over(last));
  EXPECT_EQ(g.score, score);
}

TEST(Search, RootMovesSearchedApartGiveTheSameValues) {
  // What a root-parallel pool computes equals the single search, move by move.
  std::mt19937_64 rng(23);
  ExpectimaxSearcher whole, part;
  for (int n = 0; n < 40; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 10, 0.4);
    if (game_over(t)) continue;
    SearchSettings s = fixed_depth(2);
    SearchResult r = whole.search(t, s);
    Board b = to_search_board(t);
    for (int d = 0; d < 4; ++d) {
      RootMoveValue v = part.search_root_move(b, RootTask{d, 2}, s);
      ASSERT_EQ(v.value, r.values[d]) << board_text(t) << " dir " << d;
    }
  }
}

TEST(Search, NodeBudgetIsDeterministicAndDeepens) {
  Tiles t = from_values({2, 4, 8, 16, 0, 2, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0});
  SearchSettings s;
  s.nodes = 200000;
  ExpectimaxSearcher a, b;
  SearchResult ra = a.search(t, s), rb = b.search(t, s);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.values, rb.values);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_GE(ra.depth, 2);
  // A depth is abandoned past twice the budget (checked every few nodes).
  EXPECT_LE(ra.nodes, 2 * s.nodes + 20000);
}

TEST(Search, TimeBudgetAnswersLegally) {
  Tiles t = from_values({2, 4, 8, 16, 0, 2, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0});
  SearchSettings s;
  s.time_ms = 20;
  ExpectimaxSearcher searcher;
  SearchResult r = searcher.search(t, s);
  ASSERT_GE(r.best, 0);
  EXPECT_TRUE(apply_move(t, r.best).moved);
  EXPECT_GE(r.depth, 1);
}

TEST(Search, ChosenDepthFollowsDistinctTiles) {
  SearchSettings s;  // clamp(distinct - 2, 3, 8)
  Tiles few = from_values({2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  Tiles many = from_values({2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 0, 0, 0, 0});
  EXPECT_EQ(ExpectimaxSearcher::chosen_depth(to_search_board(few), s), 3);
  EXPECT_EQ(ExpectimaxSearcher::chosen_depth(to_search_board(many), s), 8);
  s.max_depth = 5;
  EXPECT_EQ(ExpectimaxSearcher::chosen_depth(to_search_board(many), s), 5);
}

TEST(Settings, BadSettingsAreNamed) {
  SearchSettings s;
  EXPECT_EQ(validate_settings(s), "");
  s.depth = 3;
  s.nodes = 10;
  EXPECT_NE(validate_settings(s).find("only one"), std::string::npos);
  s = SearchSettings();
  s.depth = 13;
  EXPECT_NE(validate_settings(s).find("depth must be"), std::string::npos);
  s = SearchSettings();
  s.time_ms = -1;
  EXPECT_NE(validate_settings(s).find("time budget"), std::string::npos);
  s.time_ms = 1e13;  // its clock ticks would overflow (found by the fuzzer)
  EXPECT_NE(validate_settings(s).find("time budget"), std::string::npos);
  s.time_ms = kMaxTimeMs;
  EXPECT_EQ(validate_settings(s), "");
  s = SearchSettings();
  s.table_bits = 40;
  EXPECT_NE(validate_settings(s).find("table bits"), std::string::npos);
  s = SearchSettings();
  s.prob_cutoff = 1.5;
  EXPECT_NE(validate_settings(s).find("cut-off"), std::string::npos);
}

TEST(Heuristic, WeightsAreDataAndParsed) {
  HeuristicWeights w;
  std::string error;
  ASSERT_TRUE(parse_weights("empty=100,sum=0", &w, &error)) << error;
  EXPECT_EQ(w.empty, 100);
  EXPECT_EQ(w.sum, 0);
  EXPECT_EQ(w.merges, 700);
  EXPECT_FALSE(parse_weights("bogus=1", &w, &error));
  EXPECT_NE(error.find("bogus"), std::string::npos);
  EXPECT_FALSE(parse_weights("empty=abc", &w, &error));
  // An empty row scores base + 4 empty cells; more empty cells score higher.
  Heuristic h(HeuristicWeights{});
  EXPECT_FLOAT_EQ(h.row_value(0), 200000 + 4 * 270);
  EXPECT_GT(h.row_value(0x0001), h.row_value(0x0021));  // [2,0,0,0] over [2,4,0,0]
  EXPECT_GT(h.row_value(0x0011), h.row_value(0x0021));  // a mergeable pair scores
}
