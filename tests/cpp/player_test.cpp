// The players behind the common interface: legal moves only, determinism for a
// seed, alpha-beta choosing as plain minimax does, and the baselines' rules.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "players/corner.h"
#include "players/greedy.h"
#include "players/monte_carlo.h"
#include "players/player.h"
#include "players/selfplay.h"
#include "search/expectimax_searcher.h"
#include "search/minimax.h"
#include "test_boards.h"

using namespace g2048;

namespace {

// Light settings for every player, so the tests stay fast.
PlayerSettings light_settings() {
  PlayerSettings s;
  s.search.depth = 1;
  s.search.table_bits = 16;
  s.playouts = 3;
  s.playout_depth = 30;
  return s;
}

std::unique_ptr<Player> make(const std::string& name, PlayerSettings s = light_settings()) {
  if (name == "montecarlo") s.search.depth = 0;
  std::string error;
  auto p = make_player(name, s, &error);
  EXPECT_TRUE(p) << name << ": " << error;
  return p;
}

// The directions of a game, with its score last.
std::vector<std::uint64_t> game_of(Player& player, std::uint64_t seed, std::uint64_t max_moves) {
  player.set_seed(seed);
  std::vector<std::uint64_t> moves;
  GameRecord g = play_game(
      seed, [&](const Tiles& t) { return player.choose(t); },
      [&](const TurnRecord& turn) { moves.push_back(turn.dir); }, max_moves);
  moves.push_back(g.score);
  return moves;
}

int merges_of(const Tiles& t, int dir) {
  MoveOutcome m = apply_move(t, dir);
  return count_empty(m.tiles) - count_empty(t);
}

}  // namespace

TEST(Players, EveryNameBuildsAndUnknownNamesAreListed) {
  for (const auto& name : player_names()) EXPECT_TRUE(make(name)) << name;
  std::string error;
  EXPECT_FALSE(make_player("alphazero", PlayerSettings(), &error));
  EXPECT_NE(error.find("unknown player \"alphazero\""), std::string::npos) << error;
  for (const auto& name : player_names()) EXPECT_NE(error.find(name), std::string::npos) << error;
  PlayerSettings bad;
  bad.playouts = 0;
  EXPECT_FALSE(make_player("montecarlo", bad, &error));
  EXPECT_NE(error.find("playouts"), std::string::npos) << error;
  bad = PlayerSettings();
  bad.search.depth = 40;
  EXPECT_FALSE(make_player("minimax", bad, &error));
  EXPECT_NE(error.find("depth"), std::string::npos) << error;
}

TEST(Players, ReturnOnlyLegalMovesOnRandomBoards) {
  std::mt19937_64 rng(31);
  std::vector<Tiles> boards;
  for (int n = 0; n < 300; ++n)
    boards.push_back(testing_boards::random_tiles(rng, n % 3 ? 11 : 17, n % 2 ? 0.1 : 0.4));
  for (const auto& name : player_names()) {
    auto player = make(name);
    for (const Tiles& t : boards) {
      int mask = legal_moves_mask(t);
      SearchResult r = player->choose(t);
      if (mask == 0) {
        EXPECT_EQ(r.best, -1) << name;
        continue;
      }
      ASSERT_GE(r.best, 0) << name << " " << board_text(t);
      ASSERT_TRUE(mask & (1 << r.best)) << name << " " << board_text(t);
      for (int d = 0; d < 4; ++d)
        ASSERT_EQ(r.values[d] == kIllegal, !(mask & (1 << d))) << name << " " << board_text(t);
    }
  }
}

TEST(Players, SameSeedGivesTheSameGame) {
  for (const auto& name : player_names()) {
    auto a = make(name), b = make(name);
    auto first = game_of(*a, 9, 150);
    EXPECT_EQ(first, game_of(*b, 9, 150)) << name;
    EXPECT_EQ(first, game_of(*a, 9, 150)) << name << " (the same player, played again)";
    EXPECT_GT(first.size(), 50u) << name;
  }
  // Monte Carlo's playouts follow its seed: another seed, other choices on the same games.
  auto mc = make("montecarlo");
  int differ = 0;
  std::mt19937_64 rng(32);
  for (int n = 0; n < 50; ++n) {
    Tiles board = testing_boards::random_tiles(rng, 9, 0.4);
    mc->set_seed(1);
    SearchResult one = mc->choose(board);
    mc->set_seed(2);
    differ += one.values != mc->choose(board).values;
  }
  EXPECT_GT(differ, 25);
}

TEST(Players, ExpectimaxPlayerIsTheSearcher) {
  std::mt19937_64 rng(33);
  PlayerSettings s = light_settings();
  s.search.depth = 2;
  auto player = make("expectimax", s);
  ExpectimaxSearcher searcher;
  for (int n = 0; n < 30; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 10, 0.4);
    SearchResult a = player->choose(t), b = searcher.search(t, s.search);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.values, b.values);
    EXPECT_EQ(a.nodes, b.nodes);
  }
}

TEST(Minimax, AlphaBetaChoosesAsPlainMinimax) {
  std::mt19937_64 rng(34);
  ClassicEvaluator eval;
  MinimaxSearch<ClassicEvaluator> pruned(eval, true), plain(eval, false);
  std::uint64_t pruned_nodes = 0, plain_nodes = 0;
  int compared = 0;
  for (int depth : {1, 2, 3}) {
    int positions = depth == 1 ? 300 : depth == 2 ? 100 : 12;
    for (int n = 0; n < positions; ++n) {
      // Fuller boards at depth 3 keep the plain search small.
      Tiles t = testing_boards::random_tiles(rng, 10, depth == 3 ? 0.2 : 0.35);
      if (game_over(t)) continue;
      SearchSettings s;
      s.depth = depth;
      SearchResult a = pruned.search(t, s), b = plain.search(t, s);
      ASSERT_EQ(a.best, b.best) << board_text(t) << " depth " << depth;
      // The chosen move's value is exact in both; the others are bounds with pruning.
      ASSERT_EQ(a.values[a.best], b.values[b.best]) << board_text(t);
      for (int d = 0; d < 4; ++d) {
        ASSERT_EQ(a.values[d] == kIllegal, b.values[d] == kIllegal);
        if (b.values[d] != kIllegal) {
          ASSERT_GE(a.values[d], b.values[d]) << board_text(t);
        }
      }
      pruned_nodes += a.nodes;
      plain_nodes += b.nodes;
      ++compared;
    }
  }
  EXPECT_GT(compared, 350);
  EXPECT_LT(pruned_nodes * 2, plain_nodes) << "pruning should at least halve the work";
}

TEST(Minimax, AvoidsAMoveTheAdversaryPunishesAtOnce) {
  // Nearly full boards where, after one legal move, some placement leaves no
  // move, and after another no placement does: the adversary takes the kill.
  std::mt19937_64 rng(35);
  ClassicEvaluator eval;
  MinimaxSearch<ClassicEvaluator> searcher(eval);
  auto killable = [](const Tiles& t, int dir) {
    MoveOutcome m = apply_move(t, dir);
    for (int i = 0; i < 16; ++i)
      for (std::uint8_t e : {1, 2}) {
        if (m.tiles.exponent[i] != 0) continue;
        Tiles next = m.tiles;
        next.exponent[i] = e;
        if (game_over(next)) return true;
      }
    return false;
  };
  int found = 0;
  for (int n = 0; n < 2000000 && found < 30; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 7, 0.05);
    int mask = legal_moves_mask(t);
    bool deadly = false, safe = false;
    for (int d = 0; d < 4; ++d)
      if (mask & (1 << d)) (killable(t, d) ? deadly : safe) = true;
    if (!deadly || !safe) continue;
    ++found;
    SearchSettings s;
    s.depth = 1;
    SearchResult r = searcher.search(t, s);
    EXPECT_FALSE(killable(t, r.best)) << board_text(t);
  }
  EXPECT_GE(found, 10);
}

TEST(Minimax, BudgetsDeepenAndNodeBudgetsRepeat) {
  Tiles t = testing_boards::random_tiles(*std::make_unique<std::mt19937_64>(36), 8, 0.4);
  ASSERT_FALSE(game_over(t));
  ClassicEvaluator eval;
  MinimaxSearch<ClassicEvaluator> a(eval), b(eval);
  SearchSettings s;
  s.nodes = 200000;
  SearchResult ra = a.search(t, s), rb = b.search(t, s);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.values, rb.values);
  EXPECT_EQ(ra.depth, rb.depth);
  EXPECT_GE(ra.depth, 2);
  // The deepest finished depth answers as a fixed-depth search of that depth.
  SearchSettings fixed;
  fixed.depth = ra.depth;
  EXPECT_EQ(a.search(t, fixed).best, ra.best);
  s = SearchSettings();
  s.time_ms = 5;
  SearchResult timed = a.search(t, s);
  ASSERT_GE(timed.best, 0);
  EXPECT_TRUE(apply_move(t, timed.best).moved);
}

TEST(MonteCarlo, ValuesAreAveragesOfTheGivenPlayouts) {
  PlayerSettings s = light_settings();
  s.search.depth = 0;
  s.playouts = 7;
  s.playout_depth = 0;
  auto player = make("montecarlo", s);
  std::mt19937_64 rng(37);
  for (int n = 0; n < 20; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 9, 0.3);
    if (game_over(t)) continue;
    SearchResult r = player->choose(t);
    EXPECT_EQ(r.depth, 7);
    int mask = legal_moves_mask(t);
    for (int d = 0; d < 4; ++d) {
      if (!(mask & (1 << d))) continue;
      // At least the root move's own gain, and the best is the largest average.
      EXPECT_GE(r.values[d], static_cast<double>(apply_move(t, d).gain));
      EXPECT_LE(r.values[d], r.values[r.best]);
    }
    // A choice depends on the seed and the board only, not on what came before.
    SearchResult again = player->choose(t);
    EXPECT_EQ(again.values, r.values);
    EXPECT_EQ(again.nodes, r.nodes);
  }
}

TEST(MonteCarlo, PlayoutDepthBoundsTheWork) {
  Tiles t = testing_boards::random_tiles(*std::make_unique<std::mt19937_64>(38), 6, 0.5);
  ASSERT_FALSE(game_over(t));
  PlayerSettings s = light_settings();
  s.search.depth = 0;
  s.playouts = 5;
  s.playout_depth = 4;
  SearchResult r = make("montecarlo", s)->choose(t);
  int legal = __builtin_popcount(legal_moves_mask(t));
  // 4 moves computed at the root, at most 4 per playout step.
  EXPECT_LE(r.nodes, 4u + 4u * 4u * 5u * legal);
  EXPECT_GT(r.nodes, 4u);
}

TEST(Greedy, TakesTheMostMerges) {
  std::mt19937_64 rng(39);
  GreedyPlayer greedy;
  for (int n = 0; n < 500; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 5, 0.3);
    SearchResult r = greedy.choose(t);
    if (game_over(t)) continue;
    for (int d = 0; d < 4; ++d)
      if (apply_move(t, d).moved) {
        ASSERT_GE(merges_of(t, r.best), merges_of(t, d)) << board_text(t);
      }
  }
}

TEST(Corner, PressesUpOnlyWhenForcedAndPrefersDownOrLeft) {
  std::mt19937_64 rng(40);
  CornerPlayer corner;
  for (int n = 0; n < 3000; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 6, n % 2 ? 0.05 : 0.3);
    int mask = legal_moves_mask(t);
    if (mask == 0) continue;
    SearchResult r = corner.choose(t);
    if (r.best == kUp) {
      ASSERT_EQ(mask, 1 << kUp) << board_text(t);
    }
    if (mask & ((1 << kDown) | (1 << kLeft))) {
      ASSERT_TRUE(r.best == kDown || r.best == kLeft) << board_text(t);
    }
  }
  // Two full rows at the bottom that merge nowhere: up is the one move left.
  Tiles only_up;
  std::int64_t values[16] = {0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 8, 16, 4, 8, 16, 32};
  std::string error;
  ASSERT_TRUE(tiles_from_values(values, 16, &only_up, &error)) << error;
  ASSERT_EQ(legal_moves_mask(only_up), 1 << kUp);
  EXPECT_EQ(corner.choose(only_up).best, kUp);
}
