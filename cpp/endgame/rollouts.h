// Where a table's own play goes from a position: random spawns, then the move
// of the highest rate among those that keep the walls, until the target is made
// or no move is left. The distiller counts the after-states met this way, so a
// table file holds the states near those our games met, not only those.
#pragma once

#include <functional>

#include "endgame/endgame_table.h"
#include "engine/rng.h"

namespace g2048::endgame {

// One walk from key; seen(after_state, stake) for every move that keeps the
// walls at each step (all of them: the table must hold every choice to
// answer), stake being what the choice decides there: the best of those
// moves' rates less the worst (0 with one move). Stops after max_steps or
// where the table lacks a state.
void table_rollout(const EndgameTable& table, Board key, Rng& rng,
                   const std::function<void(Board, float)>& seen, int max_steps = 400);

}  // namespace g2048::endgame
