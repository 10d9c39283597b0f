// Endgame tables: the formations' symmetries and fits, the generator against a
// plain memoised expectimax, resuming a killed build, and refusing bad tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <unordered_map>

#include <unistd.h>

#include "endgame/formation.h"
#include "endgame/rollouts.h"
#include "endgame/table_builder.h"
#include "endgame/table_file.h"
#include "endgame/table_probe.h"
#include "engine/bytes.h"
#include "players/player.h"
#include "session/engine_session.h"

using namespace g2048;
using namespace g2048::endgame;
namespace fs = std::filesystem;

namespace {

Formation snake() {
  Formation f;
  EXPECT_TRUE(formation_by_name("snake", &f));
  return f;
}

// The success rate by plain recursion over Tiles (the per-cell slide, not the
// bitboard tables the generator uses): the definition the generator must meet.
class BruteForce {
 public:
  BruteForce(const Formation& f, int target) : f_(f), target_(target) {}

  double rate(const Tiles& t) {
    Board key = to_bitboard(t);
    auto it = memo_.find(key);
    if (it != memo_.end()) return it->second;
    double sum = 0;
    int empty = 0;
    for (int i = 0; i < 16; ++i) {
      if ((f_.wall_cells >> i & 1) || t.exponent[i]) continue;
      ++empty;
      for (int e : {1, 2}) {
        Tiles spawned = t;
        spawned.exponent[i] = static_cast<std::uint8_t>(e);
        double best = 0;
        for (int d = 0; d < 4; ++d) {
          MoveOutcome m = apply_move(spawned, d);
          if (!m.moved || !walls_kept(spawned, m.tiles) || overshot(m.tiles)) continue;
          best = std::max(best, reached(m.tiles) ? 1.0 : rate(m.tiles));
        }
        sum += (e == 1 ? 0.9 : 0.1) * best;
      }
    }
    double r = empty ? sum / empty : 0.0;
    memo_[key] = r;
    return r;
  }
  std::size_t states() const { return memo_.size(); }

 private:
  bool walls_kept(const Tiles& a, const Tiles& b) const {
    for (int i = 0; i < 16; ++i)
      if ((f_.wall_cells >> i & 1) && a.exponent[i] != b.exponent[i]) return false;
    return true;
  }
  // The target anywhere in the free cells, or where the formation wants it.
  bool reached(const Tiles& t) const {
    for (int i = 0; i < 16; ++i) {
      bool where = f_.success_cells ? (f_.success_cells >> i & 1) : !(f_.wall_cells >> i & 1);
      if (where && t.exponent[i] >= target_) return true;
    }
    return false;
  }
  // A free tile past the target, which a formation with success cells cannot use.
  bool overshot(const Tiles& t) const {
    for (int i = 0; i < 16; ++i)
      if (f_.success_cells && !(f_.wall_cells >> i & 1) && t.exponent[i] > target_) return true;
    return false;
  }
  Formation f_;
  int target_;
  std::unordered_map<Board, double> memo_;
};

// The directories this process made, removed when it exits.
struct TempDirs {
  std::vector<fs::path> made;
  ~TempDirs() {
    for (const auto& p : made) fs::remove_all(p);
  }
};

// The board in symmetry s: canonical cell i stands at real cell kSymmetry[s][i].
Tiles turned(const Tiles& canonical, int s) {
  Tiles shown;
  for (int i = 0; i < 16; ++i) shown.exponent[kSymmetry[s][i]] = canonical.exponent[i];
  return shown;
}

// A fresh directory of this process's own (CTest runs the tests in parallel processes).
fs::path temp_dir(const std::string& name) {
  static TempDirs dirs;
  fs::path p = fs::temp_directory_path() /
               ("ai2048_endgame_" + name + "_" + std::to_string(static_cast<long>(getpid())));
  fs::remove_all(p);
  dirs.made.push_back(p);
  return p;
}

EndgameTable build(const Formation& f, int target, const fs::path& dir, unsigned threads = 2) {
  BuildOptions o;
  o.formation = f;
  o.target = target;
  o.dir = dir.string();
  o.threads = threads;
  BuildSummary s;
  std::string error;
  EXPECT_TRUE(build_table(o, &s, &error)) << error;
  EndgameTable table;
  EXPECT_TRUE(load_table_dir(o.dir, &table, &error)) << error;
  return table;
}

}  // namespace

TEST(Formation, SymmetriesArePermutationsAndTheFirstIsTheIdentity) {
  for (int s = 0; s < 8; ++s) {
    std::uint32_t seen = 0;
    for (int i = 0; i < 16; ++i) seen |= 1u << kSymmetry[s][i];
    EXPECT_EQ(seen, 0xFFFFu) << "symmetry " << s;
  }
  for (int i = 0; i < 16; ++i) EXPECT_EQ(kSymmetry[0][i], i);
  // All eight differ.
  for (int a = 0; a < 8; ++a)
    for (int b = a + 1; b < 8; ++b) EXPECT_NE(kSymmetry[a], kSymmetry[b]);
}

TEST(Formation, NeighbouringWallsDifferSoTheyNeverMerge) {
  for (const auto& name : formation_names()) {
    Formation f;
    ASSERT_TRUE(formation_by_name(name, &f));
    EXPECT_EQ(f.free_count(), name == "snake5" ? 11 : 10) << name;
    for (int i = 0; i < 16; ++i) {
      if (!(f.wall_cells >> i & 1)) continue;
      EXPECT_GE(cell(f.wall_pattern, i), 14) << name;
      if (i % 4 < 3 && (f.wall_cells >> (i + 1) & 1)) {
        EXPECT_NE(cell(f.wall_pattern, i), cell(f.wall_pattern, i + 1)) << name << " cell " << i;
      }
      if (i < 12 && (f.wall_cells >> (i + 4) & 1)) {
        EXPECT_NE(cell(f.wall_pattern, i), cell(f.wall_pattern, i + 4)) << name << " cell " << i;
      }
    }
  }
}

TEST(Formation, ABoardFitsInEverySymmetryWithTheSameKey) {
  Formation f = snake();
  // Canonical: 16384 8192 4096 2048 along the bottom, 1024 512 above its right end.
  Tiles canonical;
  canonical.exponent = {0, 1, 2, 0, 3, 0, 0, 1, 4, 0, 10, 9, 14, 13, 12, 11};
  Fit base = fit(f, canonical, 9);
  ASSERT_EQ(base.symmetry, 0);
  EXPECT_EQ(base.target, 9);
  for (int s = 0; s < 8; ++s) {
    Tiles shown = turned(canonical, s);
    Fit got = fit(f, shown, 9);
    ASSERT_GE(got.symmetry, 0) << "symmetry " << s;
    EXPECT_EQ(got.key, base.key) << "symmetry " << s;
    EXPECT_EQ(got.target, 9);
  }
}

TEST(Formation, BrokenFormationsAndTooLargeTargetsDoNotFit) {
  Formation f = snake();
  Tiles t;
  t.exponent = {0, 1, 2, 0, 3, 0, 0, 1, 4, 0, 10, 9, 14, 13, 12, 11};
  EXPECT_LT(fit(f, t, 8).symmetry, 0);  // target 512 asked at most 256
  Tiles big_free = t;
  big_free.exponent[0] = 9;  // a free tile as large as the smallest wall
  EXPECT_LT(fit(f, big_free, 9).symmetry, 0);
  Tiles hole = t;
  hole.exponent[15] = 0;  // a wall cell empty
  EXPECT_LT(fit(f, hole, 9).symmetry, 0);
  // A 65536 and a 32768 among the walls: it fits, the walls' values are ignored.
  Tiles huge = t;
  huge.exponent[12] = 16, huge.exponent[13] = 15;
  Fit h = fit(f, huge, 9);
  EXPECT_EQ(h.symmetry, 0);
  EXPECT_EQ(h.key, fit(f, t, 9).key);
}

TEST(Formation, AfterMoveTellsWallMovesTargetsAndKeys) {
  Formation f = snake();
  Tiles t;
  t.exponent = {0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 10, 9, 14, 13, 12, 11};
  Fit base = fit(f, t, 9);
  ASSERT_EQ(base.symmetry, 0);
  // Left merges the two 256s into a 512 and slides the walls: the walls moved.
  EXPECT_EQ(after_move(f, base, t, apply_move(t, kLeft).tiles).kind, AfterMove::kWallMoved);
  // Right merges them against the walls: the target is made.
  EXPECT_EQ(after_move(f, base, t, apply_move(t, kRight).tiles).kind, AfterMove::kReached);
  Tiles u = t;
  u.exponent[9] = 7;
  AfterMove m = after_move(f, base, u, apply_move(u, kUp).tiles);
  EXPECT_EQ(m.kind, AfterMove::kWallMoved);
  u.exponent[0] = 1;
  m = after_move(f, fit(f, u, 9), u, apply_move(u, kRight).tiles);
  ASSERT_EQ(m.kind, AfterMove::kKey);
  EXPECT_EQ(cell(m.key, 3), 1);  // the 2 slid to the right end of the top row
}

TEST(TableBuilder, EveryRateEqualsTheMemoisedExpectimax) {
  for (const auto& name : formation_names()) {
    Formation f;
    ASSERT_TRUE(formation_by_name(name, &f));
    // 32 for the snake (787,447 states); 16 for the others, to keep the test short.
    int target = name == "snake" ? 5 : 4;
    EndgameTable table = build(f, target, temp_dir("brute_" + name));
    BruteForce brute(f, target);
    std::uint64_t checked = 0;
    for (const auto& layer : table.layers())
      for (std::size_t k = 0; k < layer.keys.size(); ++k, ++checked)
        ASSERT_NEAR(layer.rates[k], brute.rate(from_bitboard(layer.keys[k])), 1e-6)
            << name << " key " << std::hex << layer.keys[k];
    // Every state the recursion met from the start is in the table, and no other.
    EXPECT_EQ(brute.states(), checked) << name;
    EXPECT_GT(checked, 10000u) << name;
    float start = table.rate(f.wall_pattern);
    EXPECT_GT(start, 0.1f);
    EXPECT_LT(start, 1.0f);
  }
}

TEST(TableBuilder, ATargetTwiceAsLargeHasMoreStatesAndLowerRates) {
  Formation f = snake();
  EndgameTable t4 = build(f, 4, temp_dir("t4"));
  EndgameTable t5 = build(f, 5, temp_dir("t5"));
  EXPECT_GT(t5.states(), 3 * t4.states());
  // A board that must build a 32 is no likelier to succeed than one that must build a 16.
  EXPECT_LE(t5.rate(f.wall_pattern), t4.rate(f.wall_pattern) + 1e-6f);
}

TEST(TableBuilder, AKilledBuildResumesToTheSameTable) {
  Formation f = snake();
  fs::path whole = temp_dir("whole"), killed = temp_dir("killed");
  EndgameTable reference = build(f, 4, whole, 1);
  EndgameTable first = build(f, 4, killed, 2);
  // Kill it part way through the backward pass, and again in the forward pass.
  int layers = static_cast<int>(first.layers().size());
  for (int i = 0; i < layers / 2; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "rates-%04d.bin", i);
    fs::remove(killed / name);
  }
  fs::remove(killed / "table.txt");
  EndgameTable resumed = build(f, 4, killed, 2);
  for (int i = layers / 3; i < layers; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "keys-%04d.bin", i);
    fs::remove(killed / name);
    std::snprintf(name, sizeof name, "rates-%04d.bin", i);
    fs::remove(killed / name);
  }
  fs::remove(killed / "forward.txt");
  fs::remove(killed / "table.txt");
  EndgameTable again = build(f, 4, killed, 2);
  for (const EndgameTable* t : {&resumed, &again}) {
    ASSERT_EQ(t->layers().size(), reference.layers().size());
    for (std::size_t i = 0; i < reference.layers().size(); ++i) {
      EXPECT_EQ(t->layers()[i].keys, reference.layers()[i].keys) << "layer " << i;
      EXPECT_EQ(t->layers()[i].rates, reference.layers()[i].rates) << "layer " << i;
    }
  }
}

TEST(TableBuilder, RefusesAnotherTablesDirectoryAndBadTables) {
  Formation f = snake();
  fs::path dir = temp_dir("other");
  build(f, 4, dir);
  BuildOptions o;
  o.formation = f;
  o.target = 5;
  o.dir = dir.string();
  BuildSummary s;
  std::string error;
  EXPECT_FALSE(build_table(o, &s, &error));
  EXPECT_NE(error.find("holds another table"), std::string::npos) << error;

  EndgameTable table;
  error.clear();
  EXPECT_FALSE(load_table_dir(temp_dir("missing").string(), &table, &error));
  EXPECT_NE(error.find("no finished table"), std::string::npos) << error;
  // A truncated rates file.
  fs::resize_file(dir / "rates-0003.bin", fs::file_size(dir / "rates-0003.bin") - 2);
  error.clear();
  EXPECT_FALSE(load_table_dir(dir.string(), &table, &error));
  EXPECT_NE(error.find("truncated"), std::string::npos) << error;
  // A description that is not one.
  std::ofstream(dir / "table.txt") << "formation hexagon\ntarget 4\nlayers 3\nstates 9\n";
  error.clear();
  EXPECT_FALSE(load_table_dir(dir.string(), &table, &error));
  EXPECT_NE(error.find("not a table description"), std::string::npos) << error;
}

namespace {

// The snake table for 32, built once for the probe tests.
const EndgameTable& snake32() {
  static const EndgameTable table = build(snake(), 5, temp_dir("probe"));
  return table;
}

TableSettings settings_with(EndgameTable table) {
  TableSettings settings;
  settings.tables.push_back(std::make_shared<EndgameTable>(std::move(table)));
  return settings;
}

// The same table less one key (a distilled file that lacks a state).
EndgameTable without(const EndgameTable& table, Board missing) {
  std::vector<TableLayer> layers = table.layers();
  auto& l = layers[static_cast<std::size_t>(layer_of(table.formation(), missing))];
  auto it = std::lower_bound(l.keys.begin(), l.keys.end(), missing);
  EXPECT_TRUE(it != l.keys.end() && *it == missing);
  l.rates.erase(l.rates.begin() + (it - l.keys.begin()));
  l.keys.erase(it);
  return EndgameTable(table.formation(), table.target(), std::move(layers));
}

// The same table with one key's rate set (a table whose best move is another).
EndgameTable with_rate(const EndgameTable& table, Board key, float rate) {
  std::vector<TableLayer> layers = table.layers();
  auto& l = layers[static_cast<std::size_t>(layer_of(table.formation(), key))];
  auto it = std::lower_bound(l.keys.begin(), l.keys.end(), key);
  EXPECT_TRUE(it != l.keys.end() && *it == key);
  l.rates[static_cast<std::size_t>(it - l.keys.begin())] = rate;
  return EndgameTable(table.formation(), table.target(), std::move(layers));
}

// Walls 65536 32768 16384 8192 (bottom row), 64 32 above its right end: target 32.
Tiles probe_board() {
  Tiles t;
  t.exponent = {1, 0, 0, 0, 0, 2, 0, 0, 3, 4, 6, 5, 16, 15, 14, 13};
  return t;
}

}  // namespace

TEST(TableProbe, ReadsEachMovesRateInEveryOrientationAndLeavesOtherBoardsAlone) {
  TableSettings settings = settings_with(snake32());
  Tiles canonical = probe_board();
  TableProbe base = probe_tables(settings, canonical);
  ASSERT_EQ(base.table, 0);
  ASSERT_GE(base.best, 0);
  EXPECT_GT(base.rates[base.best], 0.0f);
  EXPECT_LE(base.rates[base.best], 1.0f);
  EXPECT_EQ(base.rates[kUp], -1.0f);  // up would move the walls
  // The same position turned and mirrored: the same rates, for the turned moves.
  for (int s = 1; s < 8; ++s) {
    Tiles shown = turned(canonical, s);
    TableProbe p = probe_tables(settings, shown);
    ASSERT_EQ(p.table, 0) << "symmetry " << s;
    std::vector<float> a(base.rates.begin(), base.rates.end()), b(p.rates.begin(), p.rates.end());
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << "symmetry " << s;
  }
  // A move that makes the 32 in a free cell has rate 1.
  Tiles ready = canonical;
  ready.exponent[0] = 4, ready.exponent[1] = 4;
  EXPECT_EQ(probe_tables(settings, ready).rates[kRight], 1.0f);
  // Broken formation (a free tile larger than a wall) and another target: no answer.
  Tiles broken = canonical;
  broken.exponent[0] = 7;
  EXPECT_EQ(probe_tables(settings, broken).table, -1);
  Tiles other = canonical;
  other.exponent[10] = 7, other.exponent[11] = 8;  // walls down to 128: target 128
  EXPECT_EQ(probe_tables(settings, other).table, -1);
}

namespace {

// The probe board, the table's answer on it, and a search that prefers
// another move (`other`, valued 1000) to the table's.
struct Verification {
  TableSettings settings = settings_with(snake32());
  Tiles board = probe_board();
  TableProbe p = probe_tables(settings, board);
  int other = p.best == kDown ? kRight : kDown;
  SearchResult search;
  Verification() {
    search.best = other;
    search.values = {{kIllegal, 1000, 1000, 1000}};
  }
};

}  // namespace

TEST(TableProbe, TheSearchVerifiesTheTablesMove) {
  Verification v;
  ASSERT_GE(v.p.best, 0);
  v.settings.margin = 0.02;
  v.search.values[v.p.best] = 990;  // 1% below the search's best: within a 2% margin
  SearchResult played = verify_with_tables(v.settings, v.board, v.search);
  EXPECT_EQ(played.best, v.p.best);
  EXPECT_FLOAT_EQ(played.table_rate, v.p.rates[v.p.best]);
  EXPECT_EQ(played.table_target,
            v.settings.tables[v.p.table]->target());  // the tile it is the chance of
  EXPECT_EQ(played.search_best, v.other);             // what the table's move replaced
  v.search.values[v.p.best] = 900;                    // 10% below: the search decides
  played = verify_with_tables(v.settings, v.board, v.search);
  EXPECT_EQ(played.best, v.other);
  EXPECT_LT(played.table_rate, 0.0f);
  EXPECT_EQ(played.search_best, -1);
  // No tables: the search's move, untouched.
  EXPECT_EQ(verify_with_tables(TableSettings(), v.board, v.search).best, v.other);
}

TEST(TableProbe, ByDefaultOnlyAMoveValuedBelowZeroIsRefused) {
  Verification v;
  ASSERT_GE(v.p.best, 0);
  v.search.values[v.p.best] = 100;  // far below the search's best: the table still plays
  EXPECT_EQ(verify_with_tables(v.settings, v.board, v.search).best, v.p.best);
  v.search.values[v.p.best] = -1;  // a move the search sees as lost
  EXPECT_EQ(verify_with_tables(v.settings, v.board, v.search).best, v.other);
}

namespace {

// The probe board's table, changed so that its best move is one the search
// alone (the heuristic at depth 1) does not play: then the table's
// verification shows in the move, not only in the rate.
struct DisagreeingTable {
  Tiles board = probe_board();
  int search_best = -1;
  TableSettings settings;
  TableProbe p;
  DisagreeingTable() {
    PlayerSettings s;
    s.search.depth = 1;
    std::string error;
    search_best = make_player("expectimax", s, &error)->choose(board).best;
    TableProbe original = probe_tables(settings_with(snake32()), board);
    int chosen = -1;
    for (int d = 0; d < 4 && chosen < 0; ++d)
      if (d != search_best && original.keys[d]) chosen = d;
    if (chosen < 0) return;
    // The chosen move's after-state certain, every other one lost.
    EndgameTable table = snake32();
    for (int d = 0; d < 4; ++d)
      if (original.keys[d]) table = with_rate(table, original.keys[d], d == chosen ? 1.0f : 0.0f);
    settings = settings_with(std::move(table));
    p = probe_tables(settings, board);
  }
};

}  // namespace

TEST(TableProbe, TheSessionsExpectimaxPlayersAreVerifiedWithItsTables) {
  DisagreeingTable t;
  ASSERT_GE(t.p.best, 0);
  ASSERT_NE(t.p.best, t.search_best);
  EngineSession session;
  session.tables() = t.settings;
  EngineRequest request;              // expectimax, tables on: the defaults
  request.settings.search.depth = 1;  // with the heuristic, the default evaluation
  request.budget_given = true;
  const PlayerSettings& s = request.settings;
  const Tiles& board = t.board;
  const TableProbe& p = t.p;
  std::string error;
  SearchResult alone = make_player("expectimax", s, &error)->choose(board);
  SearchResult verified = session.make_player(request, &error)->choose(board);
  // The table's move, over the same search's values, as the session's own search plays it.
  EXPECT_EQ(verified.best, p.best);
  EXPECT_FLOAT_EQ(verified.table_rate, p.rates[p.best]);
  EXPECT_EQ(verified.values, alone.values);
  SearchResult searched = session.play(board, request, &error);
  EXPECT_EQ(searched.best, verified.best);
  EXPECT_EQ(searched.table_rate, verified.table_rate);
  // Without the tables, and another player: the player's own move.
  request.tables = false;
  SearchResult plain = session.make_player(request, &error)->choose(board);
  EXPECT_EQ(plain.best, alone.best);
  EXPECT_LT(plain.table_rate, 0.0f);
  request.tables = true;
  request.player = "greedy";
  EXPECT_LT(session.make_player(request, &error)->choose(board).table_rate, 0.0f);
  // An unknown name: no player, and the reason.
  request.player = "nobody";
  EXPECT_EQ(session.make_player(request, &error), nullptr);
  EXPECT_NE(error.find("unknown player"), std::string::npos) << error;
}

TEST(TableProbe, TheRequestsTablesFieldTurnsTheVerificationOnAndOff) {
  // On a board the table covers, where the search alone prefers another move:
  // tables on (the default) plays the table's move with its rate, tables off
  // the search's own move, with no rate; either way the same search (the same
  // values and node count).
  DisagreeingTable t;
  ASSERT_GE(t.p.best, 0);
  EngineSession session;
  session.tables() = t.settings;
  EngineRequest on;
  EXPECT_TRUE(on.tables);
  on.settings.search.depth = 1;
  on.budget_given = true;
  EngineRequest off = on;
  off.tables = false;
  std::string error;
  SearchResult with = session.play(t.board, on, &error);
  SearchResult without = session.play(t.board, off, &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(with.best, t.p.best);
  EXPECT_FLOAT_EQ(with.table_rate, 1.0f);
  EXPECT_EQ(with.search_best, t.search_best);
  EXPECT_EQ(without.best, t.search_best);
  EXPECT_NE(without.best, with.best);
  EXPECT_LT(without.table_rate, 0.0f);
  EXPECT_EQ(with.values, without.values);
  EXPECT_EQ(with.nodes, without.nodes);
  // Tables on with none loaded: the search alone.
  EngineSession bare;
  SearchResult alone = bare.play(t.board, on, &error);
  EXPECT_EQ(alone.best, t.search_best);
  EXPECT_LT(alone.table_rate, 0.0f);
}

TEST(TableProbe, TheSessionLoadsATableFileAndKeepsItsTablesOnAFault) {
  std::vector<const EndgameTable*> tables = {&snake32()};
  auto bytes = std::make_shared<const std::vector<std::uint8_t>>(encode_table_file(tables));
  EngineSession session;
  std::string error;
  ASSERT_TRUE(session.load_table_file(bytes, &error)) << error;
  ASSERT_EQ(session.tables().tables.size(), 1u);
  EXPECT_EQ(session.tables().tables[0]->states(), snake32().states());
  // A damaged file: refused with a message, the tables before kept.
  auto damaged = std::make_shared<std::vector<std::uint8_t>>(*bytes);
  damaged->back() ^= 1;
  EXPECT_FALSE(session.load_table_file(damaged, &error));
  EXPECT_NE(error, "");
  EXPECT_EQ(session.tables().tables.size(), 1u);
}

// Version 1's size for a table: fixed-width keys (5 bytes for 10 free cells, 6
// for 11) beside 2-byte rates. Version 2's steps between sorted keys must
// take less.
std::size_t fixed_width_bytes(const EndgameTable& t) {
  return (t.formation().free_count() == 11 ? 8 : 7) * t.states();
}

TEST(TableFile, RoundTripKeepsEveryKeyAndItsRateToASixteenBitStep) {
  Formation f = snake();
  EndgameTable full = build(f, 5, temp_dir("file"));
  std::vector<const EndgameTable*> one = {&full};
  std::vector<std::uint8_t> bytes = encode_table_file(one);
  std::vector<std::shared_ptr<const EndgameTable>> back;
  std::string error;
  ASSERT_TRUE(decode_table_file(bytes.data(), bytes.size(), &back, &error)) << error;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0]->formation().name, "snake");
  EXPECT_EQ(back[0]->target(), 5);
  EXPECT_EQ(back[0]->states(), full.states());
  std::size_t header = 8 + 4 + 4 + 1 + 5 + 1 + 4 + 4 * full.layers().size() + 4;
  EXPECT_GE(bytes.size(), header + 3 * full.states());  // a byte of key, two of rate
  EXPECT_LT(bytes.size(), header + fixed_width_bytes(full));
  for (std::size_t i = 0; i < full.layers().size(); ++i) {
    EXPECT_EQ(back[0]->layers()[i].keys, full.layers()[i].keys);
    for (std::size_t k = 0; k < full.layers()[i].keys.size(); ++k)
      ASSERT_NEAR(back[0]->layers()[i].rates[k], full.layers()[i].rates[k], 0.5 / 65535 + 1e-7);
  }
  // Written again: the same bytes.
  std::vector<const EndgameTable*> again = {back[0].get()};
  EXPECT_EQ(encode_table_file(again), bytes);
}

// A table read from a file keeps the file's packed states (packed_states.h):
// every lookup must answer as the expanded table does, for the keys it holds
// (first, inside and last of each index block) and for those it lacks (before
// a layer's first key, between two keys, past its last, in a layer it does
// not have, or with other walls).
TEST(TableFile, PackedStatesAnswerEveryLookupAsTheExpandedTable) {
  Formation f = snake();
  EndgameTable full = build(f, 6, temp_dir("packed"));
  // Every other key of each layer, from the first or the second, so the absent
  // keys fall before a layer's first held key, between two, and after its last.
  std::vector<TableLayer> half(full.layers().size());
  std::vector<Board> absent;
  for (std::size_t i = 0; i < full.layers().size(); ++i) {
    const TableLayer& l = full.layers()[i];
    for (std::size_t k = 0; k < l.keys.size(); ++k) {
      if ((k + i) % 2) {
        absent.push_back(l.keys[k]);
        continue;
      }
      half[i].keys.push_back(l.keys[k]);
      half[i].rates.push_back(l.rates[k]);
    }
  }
  EndgameTable subset(f, 6, half);
  std::vector<const EndgameTable*> one = {&subset};
  std::vector<std::uint8_t> bytes = encode_table_file(one);
  std::vector<std::shared_ptr<const EndgameTable>> back;
  std::string error;
  ASSERT_TRUE(decode_table_file(bytes.data(), bytes.size(), &back, &error)) << error;
  const EndgameTable& packed = *back[0];
  ASSERT_TRUE(packed.packed());
  EXPECT_FALSE(subset.packed());
  EXPECT_EQ(packed.layer_count(), subset.layer_count());
  EXPECT_EQ(packed.states(), subset.states());
  ASSERT_GT(packed.states(), 20 * PackedStates::kBlock);  // many index blocks
  // The expanded copy of the file's rates: what the table gave before it was packed.
  std::vector<TableLayer> expanded = packed.layers();
  std::size_t held = 0;
  for (const TableLayer& l : expanded) {
    for (std::size_t k = 0; k < l.keys.size(); ++k, ++held) {
      ASSERT_EQ(packed.rate(l.keys[k]), l.rates[k]) << "state " << held;
      ASSERT_NEAR(l.rates[k], subset.rate(l.keys[k]), 0.5 / 65535 + 1e-7);
    }
  }
  EXPECT_EQ(held, subset.states());
  for (Board key : absent) ASSERT_LT(packed.rate(key), 0) << std::hex << key;
  // A layer past the last (every free cell a 32), and a held key with other walls.
  Board beyond = f.wall_pattern;
  for (int c = 0; c < 16; ++c)
    if (!(f.wall_cells >> c & 1)) beyond |= Board{5} << (4 * c);
  EXPECT_GE(layer_of(f, beyond), static_cast<int>(packed.layer_count()));
  EXPECT_LT(packed.rate(beyond), 0);
  Board held_key = expanded.back().keys.empty() ? expanded[0].keys[0] : expanded.back().keys[0];
  EXPECT_GE(packed.rate(held_key), 0);
  EXPECT_LT(packed.rate(held_key ^ (Board{1} << 60)), 0);  // cell 15, a wall, changed
}

TEST(TableFile, RefusesCorruptTruncatedForgedAndForeignFiles) {
  Formation f = snake();
  std::vector<TableLayer> layers(3);
  layers[1].keys = {f.wall_pattern | 1};
  layers[1].rates = {0.5f};
  layers[2].keys = {f.wall_pattern | 2, f.wall_pattern | 0x11};
  layers[2].rates = {0.25f, 1.0f};
  EndgameTable small(f, 8, std::move(layers));
  std::vector<std::uint8_t> good = encode_table_file({&small});
  std::vector<std::shared_ptr<const EndgameTable>> out;
  std::string error;
  auto refused = [&](std::vector<std::uint8_t> bytes, const std::string& why) {
    error.clear();
    bool ok = decode_table_file(bytes.data(), bytes.size(), &out, &error);
    EXPECT_FALSE(ok) << why;
    EXPECT_NE(error.find(why), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
  };
  // Every single flipped bit is caught.
  for (std::size_t i = 0; i < good.size(); ++i) {
    std::vector<std::uint8_t> bad = good;
    bad[i] ^= 0x10;
    error.clear();
    EXPECT_FALSE(decode_table_file(bad.data(), bad.size(), &out, &error)) << "byte " << i;
  }
  refused(std::vector<std::uint8_t>(good.begin(), good.end() - 9), "checksum mismatch");
  refused({'N', '2', '0', '4', '8', 'N', 'E', 'T', 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
          "no N2048TBL magic");
  std::vector<std::uint8_t> forged = good;  // a layer claiming 2^25 states, checksum set right
  std::size_t count_at = 8 + 4 + 4 + 1 + 5 + 1 + 4 + 4;  // layer 1's count
  forged[count_at + 3] = 2;
  seal_checksum(forged.data(), forged.size());
  refused(forged, "truncated or oversized");
  // The keys, one byte each here: layer 1's (code 1), then layer 2's (code 2,
  // then the step 15 to 0x11).
  std::size_t keys = 8 + 4 + 4 + 1 + 5 + 1 + 4 + 12;
  ASSERT_EQ(good.size(), keys + 3 + 2 * 3 + 4);
  EXPECT_EQ(good[keys], 1);
  EXPECT_EQ(good[keys + 2], 15);
  std::vector<std::uint8_t> unordered = good;  // layer 2's second key the same as its first
  unordered[keys + 2] = 0;
  seal_checksum(unordered.data(), unordered.size());
  refused(unordered, "keys out of order");
  std::vector<std::uint8_t> wrong_layer = good;  // layer 1's key a 4 instead of a 2
  wrong_layer[keys] = 2;
  seal_checksum(wrong_layer.data(), wrong_layer.size());
  refused(wrong_layer, "wrong layer");
  std::vector<std::uint8_t> big_tile = good;  // a 256 in a table whose target is 256
  big_tile[keys] = 8;
  seal_checksum(big_tile.data(), big_tile.size());
  refused(big_tile, "target or more");
  std::vector<std::uint8_t> endless = good;  // a key whose number never ends
  endless.insert(endless.begin() + static_cast<long>(keys), 10, 0x80);
  seal_checksum(endless.data(), endless.size());
  refused(endless, "a key's number is cut short, padded or over 64 bits");
  std::vector<std::uint8_t> padded = good;  // layer 1's key 1 spelled 0x81 0x00
  padded[keys] = 0x81;
  padded.insert(padded.begin() + static_cast<long>(keys + 1), 0x00);
  seal_checksum(padded.data(), padded.size());
  refused(padded, "a key's number is cut short, padded or over 64 bits");
  std::vector<std::uint8_t> wide = good;  // layer 2's step past the 10 cells' 40 bits
  wide[keys + 2] = 0x8F;
  wide.insert(wide.begin() + static_cast<long>(keys + 3), {0x80, 0x80, 0x80, 0x80, 0x40});
  seal_checksum(wide.data(), wide.size());
  refused(wide, "a key has bits beyond its cells");
  EXPECT_TRUE(decode_table_file(good.data(), good.size(), &out, &error)) << error;
  EXPECT_FLOAT_EQ(out[0]->rate(f.wall_pattern | 0x11), 1.0f);
  EXPECT_LT(out[0]->rate(f.wall_pattern | 0x21), 0.0f);  // absent
}

TEST(TableProbe, ATableMissingOneOfTheMovesGivesNoAnswer) {
  const EndgameTable& full = snake32();
  Tiles board = probe_board();
  TableProbe p = probe_tables(settings_with(full), board);
  ASSERT_GE(p.best, 0);
  // The same table without the best move's after-state: it cannot compare the moves.
  Board missing = p.keys[p.best];
  ASSERT_NE(missing, Board{0});
  TableSettings partial = settings_with(without(full, missing));
  TableProbe q = probe_tables(partial, board);
  EXPECT_EQ(q.table, 0);
  EXPECT_EQ(q.best, -1);
  EXPECT_LT(q.rates[p.best], 0.0f);
  SearchResult search;
  search.best = kRight;
  search.values = {{kIllegal, 1000, 1000, 1000}};
  EXPECT_LT(verify_with_tables(partial, board, search).table_rate, 0.0f);
}

TEST(Formation, SnakeEndWantsTheChainsEndAtCellTenAndTheTargetBesideIt) {
  Formation f;
  ASSERT_TRUE(formation_by_name("snake-end", &f));
  // Chain 16384 8192 4096 2048 along the bottom, 1024 then 512 above its right end.
  Tiles t;
  t.exponent = {0, 1, 2, 0, 3, 0, 0, 1, 8, 0, 9, 10, 14, 13, 12, 11};
  Fit base = fit(f, t, 9);
  ASSERT_EQ(base.symmetry, 0);
  EXPECT_EQ(base.target, 9);
  // The smallest wall elsewhere than the chain's end: no fit in that orientation.
  Tiles swapped = t;
  std::swap(swapped.exponent[10], swapped.exponent[11]);
  EXPECT_NE(fit(f, swapped, 9).symmetry, 0);
  // A free 512 may stand away from the end (it must be brought there)...
  Tiles far = t;
  far.exponent[0] = 9;
  EXPECT_EQ(fit(f, far, 9).symmetry, 0);
  // ...but one beside the end is ready: the search merges it.
  Tiles ready = t;
  ready.exponent[9] = 9;
  EXPECT_LT(fit(f, ready, 9).symmetry, 0);
  // Making it beside the end is success; past it (a 1024 in a free cell) is no move.
  Tiles two = t;
  two.exponent[8] = 8, two.exponent[9] = 8;  // 256 256 then the walls: right merges at cell 9
  AfterMove m = after_move(f, fit(f, two, 9), two, apply_move(two, kRight).tiles);
  EXPECT_EQ(m.kind, AfterMove::kReached);
  Tiles big = t;
  big.exponent[0] = 9, big.exponent[1] = 9;  // two 512s merge into a 1024 in a free cell
  AfterMove past = after_move(f, fit(f, big, 9), big, apply_move(big, kLeft).tiles);
  EXPECT_EQ(past.kind, AfterMove::kWallMoved);
}

TEST(TableFile, ElevenFreeCellsTakeTheirKeysWhole) {
  Formation f;
  ASSERT_TRUE(formation_by_name("snake5", &f));
  EXPECT_EQ(f.free_count(), 11);
  EndgameTable full = build(f, 5, temp_dir("file5"));
  std::vector<const EndgameTable*> one = {&full};
  std::vector<std::uint8_t> bytes = encode_table_file(one);
  EXPECT_LT(bytes.size(),
            8 + 4 + 4 + 1 + 6 + 1 + 4 + 4 * full.layers().size() + fixed_width_bytes(full) + 4);
  std::vector<std::shared_ptr<const EndgameTable>> back;
  std::string error;
  ASSERT_TRUE(decode_table_file(bytes.data(), bytes.size(), &back, &error)) << error;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0]->formation().name, "snake5");
  for (std::size_t i = 0; i < full.layers().size(); ++i)
    EXPECT_EQ(back[0]->layers()[i].keys, full.layers()[i].keys);
  // Cut short by a byte (the checksum made right): refused, not misread.
  std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 1);
  seal_checksum(cut.data(), cut.size());
  EXPECT_FALSE(decode_table_file(cut.data(), cut.size(), &back, &error));
}

// Walls 65536 32768 16384 8192 (bottom row), 16 above its right end and 8
// beside it: the snake's target is 8, snake5's (the 8 a free tile) 16.
TEST(TableProbe, WhereOneTableCannotCompareTheMovesTheNextFormationAnswers) {
  Formation six, five;
  ASSERT_TRUE(formation_by_name("snake", &six));
  ASSERT_TRUE(formation_by_name("snake5", &five));
  Tiles board;
  board.exponent = {1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 4, 16, 15, 14, 13};
  EndgameTable snake8 = build(six, 3, temp_dir("probe8"));
  auto snake5_16 = std::make_shared<EndgameTable>(build(five, 4, temp_dir("probe5")));
  TableProbe alone = probe_tables(settings_with(snake8), board);
  ASSERT_EQ(alone.table, 0);
  ASSERT_GE(alone.best, 0);
  // The snake table without its best move's after-state cannot compare...
  TableSettings both = settings_with(without(snake8, alone.keys[alone.best]));
  EXPECT_EQ(probe_tables(both, board).best, -1);
  // ...so snake5's table, which fits the same board with the next target, answers.
  both.tables.push_back(snake5_16);
  TableProbe p = probe_tables(both, board);
  EXPECT_EQ(p.table, 1);
  ASSERT_GE(p.best, 0);
  EXPECT_EQ(p.rates, probe_tables(settings_with(*snake5_16), board).rates);
  // A table that can answer is asked first: the full snake table, listed first, answers.
  TableSettings first = settings_with(std::move(snake8));
  first.tables.push_back(snake5_16);
  EXPECT_EQ(probe_tables(first, board).table, 0);
}

// One step of a walk: every choice that keeps the walls is reported, all with
// the same stake, the best choice's rate less the worst's (1 less the worst
// where a choice makes the target, which the table does not hold).
TEST(TableRollout, EachStepReportsEveryChoiceWithWhatTheChoiceDecides) {
  const EndgameTable& table = snake32();
  Rng rng(5);
  int steps = 0, with_stakes = 0;
  for (const auto& layer : table.layers()) {
    for (std::size_t k = 0; k < layer.keys.size(); k += 97) {
      std::vector<std::pair<Board, float>> seen;
      table_rollout(
          table, layer.keys[k], rng,
          [&](Board a, float stake) {
            seen.push_back({a, stake});
          },
          1);
      if (seen.empty()) continue;
      ++steps;
      float lo = 2, hi = -1;
      for (const auto& [a, stake] : seen) {
        float r = table.rate(a);
        ASSERT_GE(r, 0.0f) << "a full table holds every choice";
        lo = std::min(lo, r), hi = std::max(hi, r);
        EXPECT_EQ(stake, seen[0].second);
        EXPECT_EQ(std::count_if(seen.begin(), seen.end(), [&](auto& s) { return s.first == a; }),
                  1);
      }
      float stake = seen[0].second;
      EXPECT_TRUE(std::fabs(stake - (hi - lo)) < 1e-6f || std::fabs(stake - (1 - lo)) < 1e-6f)
          << stake << " for rates " << lo << ".." << hi;
      with_stakes += stake > 0;
    }
  }
  EXPECT_GT(steps, 100);
  EXPECT_GT(with_stakes, steps / 10);  // choices often matter
}
