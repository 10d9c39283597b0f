#include "endgame/rollouts.h"

#include <algorithm>

#include "endgame/table_rules.h"

namespace g2048::endgame {

void table_rollout(const EndgameTable& table, Board key, Rng& rng,
                   const std::function<void(Board, float)>& seen, int max_steps) {
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
    Board next = 0, choices[4];
    float best = -1.0f, worst = 2.0f;
    int n_choices = 0;
    bool made = false;
    for (Board a : after) {
      if (a == b || !walls_intact(f, b, a) || overshot(f, a, table.target())) continue;
      // Making the target rates 1; the other choices' states are still
      // needed (the probe compares every move).
      bool reached = reached_target(f, a, table.target());
      made = made || reached;
      if (!reached) choices[n_choices++] = a;
      float r = reached ? 1.0f : table.rate(a);
      if (r > best) best = r, next = a;
      if (r >= 0) worst = std::min(worst, r);
    }
    for (int c = 0; c < n_choices; ++c) seen(choices[c], best >= 0 ? best - worst : 0.0f);
    if (made || best < 0) return;  // made, or no move, or none the table knows
    key = next;
  }
}

}  // namespace g2048::endgame
