#include "endgame/table_probe.h"

#include "endgame/formation.h"

namespace g2048::endgame {

TableProbe probe_tables(const TableSettings& settings, const Tiles& board) {
  TableProbe first;  // the first table that fits, when none can answer
  for (std::size_t i = 0; i < settings.tables.size(); ++i) {
    const EndgameTable& table = *settings.tables[i];
    Fit f = fit(table.formation(), board, table.target());
    if (f.symmetry < 0 || f.target != table.target()) continue;
    TableProbe out;
    out.table = static_cast<int>(i);
    bool complete = true;
    for (int d = 0; d < 4; ++d) {
      MoveOutcome m = apply_move(board, d);
      if (!m.moved) continue;
      AfterMove a = after_move(table.formation(), f, board, m.tiles);
      if (a.kind == AfterMove::kReached) out.rates[d] = 1.0f;
      else if (a.kind == AfterMove::kKey) out.rates[d] = table.rate(a.key), out.keys[d] = a.key;
      complete = complete && !(a.kind == AfterMove::kKey && out.rates[d] < 0);
      if (out.rates[d] >= 0 && (out.best < 0 || out.rates[d] > out.rates[out.best])) out.best = d;
    }
    // A table that lacks one of the moves that keep the walls (a distilled
    // file holds only some states) cannot say which is best: the next table
    // that fits (another formation) may.
    if (!complete) out.best = -1;
    if (out.best >= 0) return out;
    if (first.table < 0) first = out;
  }
  return first;
}

}  // namespace g2048::endgame
