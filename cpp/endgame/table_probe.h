// The tables at the root of a search: for a board whose largest tiles stand in
// a table's formation, the success rate of each of the four moves (the chance
// of making the next tile of the chain under the table's best play). Whether
// the table's move is played over the search's is the session's decision
// (verify_with_tables, session/engine_session.h).
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "endgame/endgame_table.h"
#include "engine/tiles.h"

namespace g2048::endgame {

struct TableProbe {
  int table = -1;  // the index of the table that answered; -1: the board fits none
  // Per direction: the move's success rate; -1 when the move is illegal, moves
  // a wall, or leads to an after-state the table lacks. 1 when it makes the target.
  std::array<float, 4> rates{{-1, -1, -1, -1}};
  // The direction of the highest rate; -1 when none has one, or when the table
  // lacks the after-state of a move that keeps the walls (it cannot compare).
  int best = -1;
  // Per direction: the after-state's key where the table has one to look up, else 0.
  std::array<Board, 4> keys{};
};

// Which tables the session consults, and how far it trusts them.
struct TableSettings {
  std::vector<std::shared_ptr<const EndgameTable>> tables;
  // The table's move is played unless the search values it more than this
  // share below the search's best move (the verification). 1: only a move the
  // search values below zero is refused. Tuned on 175 harvested 16384 boards at
  // depth 2: every smaller margin tried converted fewer (the shipped file: 18%
  // at 0.02, 40% at 1; with full snake5 tables too: 18%, 32% at 0.1, 51%;
  // docs/results/2026-11-table-trust.md), the network's late-game values being
  // no judge of the table's exact chances...
  double margin = 1.0;
  // ...or its success rate is below this (a table that sees no way through
  // knows nothing the search does not).
  double min_rate = 0.05;
  bool any() const { return !tables.empty(); }
};

// The first table whose formation the board fits with exactly its target and
// that can compare the moves (best >= 0); else the first that fits (best -1).
TableProbe probe_tables(const TableSettings& settings, const Tiles& board);

}  // namespace g2048::endgame
