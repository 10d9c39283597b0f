// JavaScript values to and from the core's types. Each reader returns false and
// records a message (set_error) naming the problem; none of them throws.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <emscripten/val.h>

#include "engine/tiles.h"
#include "players/player.h"
#include "search/expectimax.h"
#include "search/search_settings.h"
#include "session/engine_session.h"

namespace g2048::wasm {

using emscripten::val;

// Largest transposition table the module accepts: 2^22 entries x 16 bytes =
// 64 MB, well inside the 256 MB the module may grow to.
constexpr int kMaxTableBits = 22;
// The default: 2^18 entries = 4 MB per instance, small enough for a page with a
// pool of four workers.
constexpr int kDefaultTableBits = 18;

// A board: an Array (or typed array) of 16 tile values, row-major, 0 or 2..131072.
bool read_board(const val& js, Tiles* out);
val board_to_js(const Tiles& tiles);

// A direction: 0 up, 1 right, 2 down, 3 left.
bool read_dir(const val& js, int* out);

// Settings: a plain object with any of depth, nodes, timeMs, minDepth, maxDepth,
// cutoff, tableBits (the search budget), phase (the budget is a game's average
// a move, time_manager.h), threads, late and lateDrop (the late-game search,
// late_game.h), tables (true, the default, or false: whether the loaded
// endgame tables verify expectimax's moves, EngineRequest::tables), player (a
// name from player.h, default "expectimax"), eval ("heuristic", the default,
// or "network": the network loaded by loadNetwork), playouts, playoutDepth,
// seed (Monte Carlo's); undefined counts as absent and the rest take their
// defaults. Read into the session's request (session/engine_session.h):
// budget_given when any of depth, nodes, timeMs, minDepth, maxDepth is given.
// Checked against the named player's rules (validate_player_settings).
bool read_player_settings(const val& js, EngineRequest* out);

// This module instance's engine session (session/engine_session.h): the
// loaded network and tables, the searchers; all the module's state.
EngineSession& module_session();
// The request's settings, with the same keys (tables included).
val player_settings_to_js(const EngineRequest& request);

// The same settings for the calls that are expectimax's own (root-move search,
// chosen depth): any other player is refused. *evaluation, when given, gets
// the evaluation settings.
bool read_settings(const val& js, SearchSettings* out, EvaluationSettings* evaluation = nullptr);

// A search's answer: {dir, values (null where a direction does not move),
// depth, nodes, ms}; a root move's: {value (null when it does not move),
// nodes, complete}.
val search_result_to_js(const SearchResult& r);
val root_move_to_js(const RootMoveValue& r);

// A whole number from min to max (a JS number, so at most 2^53).
bool read_count(const val& js, const char* what, double min, double max, double* out);

// A short description of a JS value for error messages: 3, "up" (a string), null.
std::string describe(const val& v);

// The random generator's state: a seed (a safe integer >= 0) or the [hi, lo]
// pair of 32-bit halves a previous spawn returned.
bool read_rng_state(const val& js, std::uint64_t* out);
val rng_state_to_js(std::uint64_t state);

}  // namespace g2048::wasm
