// The spawners: the random one is the game's own rule draw for draw; the evil
// one places only 2s and 4s into empty cells, picks the placement worst for the
// player and lowers scores; the human one checks what the person places.
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <vector>

#include "players/corner.h"
#include "players/greedy.h"
#include "players/selfplay.h"
#include "players/spawner.h"
#include "search/expectimax_searcher.h"
#include "search/minimax.h"
#include "test_boards.h"

using namespace g2048;

namespace {

SearchSettings depth(int d) {
  SearchSettings s;
  s.depth = d;
  s.table_bits = 16;
  return s;
}

// The game loop as it stood before spawners existed: new_game, then spawn()
// after every move. The generalised play_game must replay it move for move.
std::vector<TurnRecord> old_game(std::uint64_t seed, const ChooseMove& choose) {
  Rng rng(seed);
  Tiles tiles = new_game(rng);
  std::vector<TurnRecord> turns;
  while (!game_over(tiles)) {
    SearchResult choice = choose(tiles);
    MoveOutcome out = apply_move(tiles, choice.best);
    if (!out.moved) break;
    spawn(&out.tiles, rng);
    turns.push_back(TurnRecord{tiles, choice.best, out.gain, out.tiles});
    tiles = out.tiles;
  }
  return turns;
}

bool same_turns(const std::vector<TurnRecord>& a, const std::vector<TurnRecord>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].before != b[i].before || a[i].dir != b[i].dir || a[i].gain != b[i].gain ||
        a[i].after != b[i].after)
      return false;
  return true;
}

// The one cell that differs between the moved board and the board after the
// spawn; -1 when not exactly one (a test failure in itself).
int spawned_cell(const Tiles& moved, const Tiles& after) {
  int cell = -1;
  for (int i = 0; i < 16; ++i) {
    if (moved.exponent[i] == after.exponent[i]) continue;
    if (cell >= 0 || moved.exponent[i] != 0) return -1;
    cell = i;
  }
  return cell;
}

// The player's best evaluation one reply after the tile p, by brute force.
double reply_value(const Tiles& board, const Placement& p, const Heuristic& h) {
  Tiles t = board;
  t.exponent[p.cell] = p.value == 4 ? 2 : 1;
  double best = -std::numeric_limits<double>::infinity();
  for (int d = 0; d < 4; ++d) {
    MoveOutcome m = apply_move(t, d);
    if (m.moved) best = std::max<double>(best, h.evaluate(to_search_board(m.tiles)));
  }
  return best == -std::numeric_limits<double>::infinity() ? MinimaxSearcher::kLoss : best;
}

double mean_score(Spawner& spawner, const ChooseMove& choose, std::uint64_t first_seed, int games) {
  double total = 0;
  for (int i = 0; i < games; ++i) total += play_game(first_seed + i, choose, spawner).score;
  return total / games;
}

}  // namespace

TEST(RandomSpawner, ReplaysTheGameAsItWasMoveForMove) {
  ExpectimaxSearcher searcher;
  auto choose = [&](const Tiles& t) { return searcher.search(t, depth(1)); };
  for (std::uint64_t seed : {1, 2, 3}) {
    std::vector<TurnRecord> with_default, with_spawner;
    play_game(seed, choose, [&](const TurnRecord& t) { with_default.push_back(t); });
    RandomSpawner spawner;
    play_game(seed, choose, spawner, [&](const TurnRecord& t) { with_spawner.push_back(t); });
    std::vector<TurnRecord> before = old_game(seed, choose);
    EXPECT_GT(before.size(), 100u);
    EXPECT_TRUE(same_turns(before, with_default)) << "seed " << seed;
    EXPECT_TRUE(same_turns(before, with_spawner)) << "seed " << seed;
  }
}

TEST(EvilSpawner, PlacesOnlyTwosAndFoursIntoEmptyCells) {
  std::mt19937_64 rng(41);
  Rng game_rng(1);
  for (int d = 0; d <= 2; ++d) {
    EvilSpawner evil(d);
    for (int n = 0; n < (d == 2 ? 40 : 300); ++n) {
      Tiles t = testing_boards::random_tiles(rng, n % 4 ? 11 : 17, n % 2 ? 0.1 : 0.5);
      if (count_empty(t) == 0) continue;
      Placement p;
      std::string error;
      ASSERT_TRUE(evil.place(t, false, game_rng, &p, &error)) << error;
      ASSERT_TRUE(p.cell >= 0 && p.cell < 16);
      ASSERT_EQ(t.exponent[p.cell], 0) << board_text(t);
      ASSERT_TRUE(p.value == 2 || p.value == 4);
    }
  }
  // Whole games: every turn's new tile is one 2 or 4 in a cell the move left empty.
  EvilSpawner evil(1);
  GreedyPlayer greedy;
  int turns = 0;
  for (std::uint64_t seed : {1, 2, 3}) {
    play_game(
        seed, [&](const Tiles& t) { return greedy.choose(t); }, evil,
        [&](const TurnRecord& turn) {
          Tiles moved = apply_move(turn.before, turn.dir).tiles;
          int cell = spawned_cell(moved, turn.after);
          ASSERT_GE(cell, 0) << board_text(turn.after);
          ASSERT_TRUE(turn.after.exponent[cell] == 1 || turn.after.exponent[cell] == 2);
          ++turns;
        });
  }
  EXPECT_GT(turns, 20);
}

TEST(EvilSpawner, ChoosesThePlacementWorstForThePlayer) {
  std::mt19937_64 rng(42);
  Rng unused(1);
  const Heuristic& h = Heuristic::standard();
  EvilSpawner evil1(1), evil2(2);
  // The standard heuristic, as the evil spawner has by default.
  MinimaxSearcher plain(Heuristic::standard(), false);
  for (int n = 0; n < 150; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 10, n % 2 ? 0.15 : 0.45);
    if (count_empty(t) == 0) continue;
    Placement chosen;
    std::string error;
    ASSERT_TRUE(evil1.place(t, false, unused, &chosen, &error)) << error;
    double worst = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 16; ++i)
      for (int v : {2, 4})
        if (t.exponent[i] == 0) worst = std::min(worst, reply_value(t, Placement{i, v}, h));
    ASSERT_EQ(reply_value(t, chosen, h), worst) << board_text(t);

    if (n % 5) continue;  // depth 2 against plain minimax on fewer boards
    ASSERT_TRUE(evil2.place(t, false, unused, &chosen, &error)) << error;
    auto value2 = [&](const Placement& p) {
      Tiles u = t;
      u.exponent[p.cell] = p.value == 4 ? 2 : 1;
      return plain.player_to_move(to_search_board(u), 2, -1e300, 1e300);
    };
    double worst2 = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 16; ++i)
      for (int v : {2, 4})
        if (t.exponent[i] == 0) worst2 = std::min(worst2, value2(Placement{i, v}));
    ASSERT_EQ(value2(chosen), worst2) << board_text(t);
  }
}

TEST(EvilSpawner, LowersTheScoresOfTheSamePlayer) {
  ExpectimaxSearcher searcher;
  auto expectimax = [&](const Tiles& t) { return searcher.search(t, depth(1)); };
  GreedyPlayer greedy;
  auto greedy_choose = [&](const Tiles& t) { return greedy.choose(t); };
  for (const ChooseMove& choose : {ChooseMove(expectimax), ChooseMove(greedy_choose)}) {
    RandomSpawner random;
    EvilSpawner evil(1);
    double fair = mean_score(random, choose, 100, 4), harsh = mean_score(evil, choose, 100, 4);
    EXPECT_LT(harsh, fair);
  }
}

TEST(EvilSpawner, OpeningTilesAreTheGamesOwn) {
  // The two first tiles come from the seed, as in a random game.
  EvilSpawner evil(1);
  RandomSpawner random;
  for (std::uint64_t seed : {5, 6, 7}) {
    Rng a(seed), b(seed);
    Tiles x, y;
    for (int k = 0; k < 2; ++k) {
      Placement p, q;
      std::string error;
      ASSERT_TRUE(evil.place(x, true, a, &p, &error));
      ASSERT_TRUE(random.place(y, true, b, &q, &error));
      ASSERT_TRUE(apply_placement(&x, p, &error));
      ASSERT_TRUE(apply_placement(&y, q, &error));
    }
    EXPECT_EQ(x, y);
  }
}

TEST(HumanSpawner, ChecksEveryPlacement) {
  Tiles t;
  t.exponent[5] = 3;
  EXPECT_EQ(check_placement(t, 0, 2), "");
  EXPECT_EQ(check_placement(t, 15, 4), "");
  EXPECT_NE(check_placement(t, 5, 2).find("cell 5 is not empty (it holds a 8)"), std::string::npos);
  EXPECT_NE(check_placement(t, 0, 8).find("2 or a 4, got 8"), std::string::npos);
  EXPECT_NE(check_placement(t, 16, 2).find("from 0 to 15"), std::string::npos);
  EXPECT_NE(check_placement(t, -1, 2).find("from 0 to 15"), std::string::npos);
  std::string error;
  Tiles before = t;
  EXPECT_FALSE(apply_placement(&t, Placement{5, 2}, &error));
  EXPECT_EQ(t, before);
  EXPECT_TRUE(apply_placement(&t, Placement{0, 4}, &error));
  EXPECT_EQ(t.exponent[0], 2);
}

TEST(HumanSpawner, PlaysTheTilesItIsGivenAndStopsWhenThePersonDoes) {
  // A "person" who puts a 2 in the first empty cell, for 40 tiles.
  int asked = 0;
  SpawnerSettings settings;
  settings.ask = [&](const Tiles& board, Placement* out) {
    if (asked == 40) return false;
    ++asked;
    for (int i = 0; i < 16; ++i)
      if (board.exponent[i] == 0) {
        *out = Placement{i, 2};
        return true;
      }
    return false;
  };
  std::string error;
  auto human = make_spawner("human", settings, &error);
  ASSERT_TRUE(human) << error;
  GreedyPlayer greedy;
  int turns = 0;
  GameRecord g = play_game(
      1, [&](const Tiles& t) { return greedy.choose(t); }, *human,
      [&](const TurnRecord& turn) {
        if (turns < 38) {  // 2 opening tiles, then one per turn
          Tiles moved = apply_move(turn.before, turn.dir).tiles;
          int cell = spawned_cell(moved, turn.after);
          ASSERT_GE(cell, 0);
          for (int i = 0; i < cell; ++i) ASSERT_NE(moved.exponent[i], 0);
          ASSERT_EQ(turn.after.exponent[cell], 1);
        }
        ++turns;
      });
  EXPECT_EQ(asked, 40);
  EXPECT_EQ(g.moves, 39u);  // the 39th move found no tile to follow it
  EXPECT_EQ(g.stopped, "the person placed no tile");

  // A person who points at a taken cell stops the game with the reason.
  settings.ask = [](const Tiles&, Placement* out) {
    *out = Placement{0, 2};
    return true;
  };
  auto stubborn = make_spawner("human", settings, &error);
  g = play_game(
      1, [&](const Tiles& t) { return greedy.choose(t); }, *stubborn);
  EXPECT_EQ(g.moves, 0u);
  EXPECT_NE(g.stopped.find("cell 0 is not empty"), std::string::npos) << g.stopped;
}

TEST(Spawners, NamesAndSettingsAreChecked) {
  std::string error;
  SpawnerSettings s;
  EXPECT_TRUE(make_spawner("random", s, &error));
  EXPECT_TRUE(make_spawner("evil", s, &error));
  EXPECT_FALSE(make_spawner("human", s, &error));
  EXPECT_NE(error.find("needs a person"), std::string::npos) << error;
  EXPECT_FALSE(make_spawner("kind", s, &error));
  EXPECT_NE(error.find("unknown spawner \"kind\" (random, evil, human)"), std::string::npos)
      << error;
  s.evil_depth = kMaxEvilDepth + 1;
  EXPECT_FALSE(make_spawner("evil", s, &error));
  EXPECT_NE(error.find("evil depth"), std::string::npos) << error;
}
