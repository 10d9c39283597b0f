#include "endgame/rollouts.h"

#include "endgame/table_rules.h"

namespace g2048::endgame {

void table_rollout(const EndgameTable& table, Board key, Rng& rng,
                   const std::function<void(Board)>& seen, int max_steps) {
  const Formation& f = table.formation();
  const RowTables& rows = row_tables();
  for (int step = 0; step < max_steps; ++step) {
    int empty[16], n = 0;
    for (int i = 0; i < 16; ++i)
      if (!(f.wall_cells >> i & 1) && cell(key, i) == 0) empty[n++] = i;
    if (n == 0) return;
    int at = empty[rng.below(static_cast<std::uint32_t>(n))];
    Board b = key | (Board(rng.below(10) == 0 ? 2 : 1) << (4 * at));
    Board after[4];
    all_moves(rows, b, transpose(b), after);
    Board next = 0;
    float best = -1.0f;
    for (Board a : after) {
      if (a == b || !walls_intact(f, b, a) || overshot(f, a, table.target())) continue;
      if (reached_target(f, a, table.target())) return;  // made: the walk ends
      seen(a);
      float r = table.rate(a);
      if (r > best) best = r, next = a;
    }
    if (best < 0) return;  // no move, or none the table knows
    key = next;
  }
}

}  // namespace g2048::endgame
