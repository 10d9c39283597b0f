// Embind bindings: the core's rules, players and spawners in JavaScript's
// terms. Boards are arrays of 16 tile values, results plain objects, and bad
// input throws a JS Error naming the problem. No game logic lives here.
//
//   search(board, settings)        any player's move (settings.player, player.h)
//   searchRootMove, chosenDepth,   expectimax's pieces for root parallelism
//   deepestDepth
//   evilSpawn(board, depth)        the evil spawner's tile: {cell, value, nodes}
//   placeTile(board, cell, value)  a person's tile, checked: the new board
//   loadTables(bytes)              an endgame table file (endgame/table_file.h),
//                                  read by expectimax at the root from then on
//
// Each binding has two halves: a *_or_null body that does the work with all its
// C++ objects in its own scope and answers null on bad input (the message set
// by set_error), and guarded<>, which throws once the body has returned and the
// arguments are released (see js_error.h for why).
#include <emscripten/bind.h>
#include <emscripten/heap.h>

#include <memory>
#include <string>

#include "endgame/table_probe.h"
#include "players/player.h"
#include "players/spawner.h"
#include "search/parallel_search.h"
#include "session/engine_session.h"
#include "wasm/js_convert.h"
#include "wasm/js_error.h"

namespace g2048::wasm {

namespace {

// The module's state is its session (module_session(), js_convert.h): the
// network, the tables, one searcher per evaluation (its table allocated at the
// first search and resized only when tableBits changes).

val network_info(const QuantizedNetwork& net) {
  val o = val::object();
  o.set("tuples", net.layout().spec());
  o.set("stages", net.layout().stage_count());
  o.set("weights", static_cast<double>(net.size()));
  o.set("bytes", static_cast<double>(net.memory_bytes()));
  return o;
}

// A network file arrives in pieces (networkBegin, networkPush..., networkFinish:
// a download decompressed as it comes) or whole (loadNetwork); the session
// reads it (EngineSession::begin_network). Each piece is copied through a
// small buffer straight into the weights' place in wasm memory, so loading
// needs the weights' size once.
bool read_size(const val& js, std::size_t* out) {
  if (!js.isNumber()) {
    set_error("networkBegin takes the file's size in bytes, got " + describe(js));
    return false;
  }
  double size = js.as<double>();
  if (!(size >= 0 && size <= 4294967295.0) ||
      size != static_cast<double>(static_cast<std::size_t>(size))) {
    set_error("networkBegin: the file's size must be a whole number of bytes below 4 GB");
    return false;
  }
  *out = static_cast<std::size_t>(size);
  return true;
}

val network_begin_or_null(const val& total) {
  std::size_t size;
  if (!read_size(total, &size)) return val::null();
  module_session().begin_network(size);
  return val(true);
}

val network_push_or_null(const val& bytes) {
  if (!module_session().reading_network()) {
    set_error("networkPush: call networkBegin first");
    return val::null();
  }
  if (!bytes.instanceof (val::global("Uint8Array"))) {
    set_error("networkPush takes the file's bytes as a Uint8Array, got " + describe(bytes));
    return val::null();
  }
  std::size_t size = bytes["length"].as<std::size_t>();
  std::vector<std::uint8_t> chunk(std::min<std::size_t>(size, 1 << 16));
  std::string error;
  for (std::size_t at = 0; at < size; at += chunk.size()) {
    std::size_t len = std::min(chunk.size(), size - at);
    val(emscripten::typed_memory_view(len, chunk.data()))
        .call<void>("set", bytes.call<val>("subarray", at, at + len));
    if (!module_session().push_network(chunk.data(), len, &error)) {
      set_error(error);
      return val::null();
    }
  }
  return val(static_cast<double>(module_session().network_received()));
}

val network_finish_or_null() {
  if (!module_session().reading_network()) {
    set_error("networkFinish: call networkBegin first");
    return val::null();
  }
  std::string error;
  if (!module_session().finish_network(&error)) {
    set_error(error);
    return val::null();
  }
  return network_info(*module_session().network());
}

// A whole file's bytes (a Uint8Array, decompressed).
val load_network_or_null(const val& bytes) {
  if (!bytes.instanceof (val::global("Uint8Array"))) {
    set_error("loadNetwork takes the file's bytes as a Uint8Array, got " + describe(bytes));
    return val::null();
  }
  if (network_begin_or_null(bytes["length"]).isNull()) return val::null();
  if (network_push_or_null(bytes).isNull()) return val::null();
  return network_finish_or_null();
}

val network_info_js() {
  const auto& net = module_session().network();
  return net ? network_info(*net) : val::null();
}

val unload_network() {
  module_session().set_network(nullptr);
  return val(true);
}

// The endgame tables expectimax consults at the root (none until loadTables).
endgame::TableSettings& module_tables() { return module_session().tables(); }

val tables_info() {
  val o = val::object();
  double states = 0;
  val targets = val::array();
  int i = 0;
  for (const auto& t : module_tables().tables) {
    states += static_cast<double>(t->states());
    targets.set(i++, 1 << t->target());
  }
  o.set("tables", static_cast<int>(module_tables().tables.size()));
  o.set("states", states);
  o.set("targets", targets);
  return o;
}

val load_tables_or_null(const val& bytes) {
  if (!bytes.instanceof (val::global("Uint8Array"))) {
    set_error("loadTables takes the file's bytes as a Uint8Array, got " + describe(bytes));
    return val::null();
  }
  // The tables keep these bytes (endgame/packed_states.h): moved in, not copied.
  auto data = std::make_shared<const std::vector<std::uint8_t>>(
      emscripten::convertJSArrayToNumberVector<std::uint8_t>(bytes));
  std::string error;
  if (!module_session().load_table_file(std::move(data), &error)) {
    set_error(error);
    return val::null();
  }
  return tables_info();
}

val unload_tables() {
  module_tables().tables.clear();
  return val(true);
}

bool read_legal_board(const val& js, Tiles* out) {
  if (!read_board(js, out)) return false;
  if (legal_moves_mask(*out) == 0) {
    set_error("the board has no legal move (the game is over): nothing to search");
    return false;
  }
  return true;
}

val apply_move_or_null(const val& board, const val& dir) {
  Tiles tiles;
  int d;
  if (!read_board(board, &tiles) || !read_dir(dir, &d)) return val::null();
  MoveOutcome out = apply_move(tiles, d);
  val o = val::object();
  o.set("board", board_to_js(out.tiles));
  o.set("gain", static_cast<double>(out.gain));
  o.set("moved", out.moved);
  return o;
}

val legal_moves_or_null(const val& board) {
  Tiles tiles;
  if (!read_board(board, &tiles)) return val::null();
  int mask = legal_moves_mask(tiles);
  val dirs = val::array();
  for (int d = 0, n = 0; d < kNumDirs; ++d)
    if (mask & (1 << d)) dirs.set(n++, d);
  return dirs;
}

val game_over_or_null(const val& board) {
  Tiles tiles;
  if (!read_board(board, &tiles)) return val::null();
  return val(game_over(tiles));
}

val new_game_or_null(const val& state) {
  std::uint64_t seed;
  if (!read_rng_state(state, &seed)) return val::null();
  Rng rng(seed);
  Tiles tiles = new_game(rng);
  val o = val::object();
  o.set("board", board_to_js(tiles));
  o.set("state", rng_state_to_js(rng.state()));
  return o;
}

val spawn_or_null(const val& board, const val& state) {
  Tiles tiles;
  std::uint64_t seed;
  if (!read_board(board, &tiles) || !read_rng_state(state, &seed)) return val::null();
  Rng rng(seed);
  bool spawned = spawn(&tiles, rng);
  val o = val::object();
  o.set("board", board_to_js(tiles));
  o.set("spawned", spawned);
  o.set("state", rng_state_to_js(rng.state()));
  return o;
}

// The named player's move (settings.player, expectimax by default), as the
// session plays it (EngineSession::play).
val search_or_null(const val& board, const val& settings) {
  Tiles tiles;
  EngineRequest request;
  if (!read_legal_board(board, &tiles) || !read_player_settings(settings, &request))
    return val::null();
  std::string error;
  SearchResult r = module_session().play(tiles, request, &error);
  if (!error.empty()) {
    set_error(error);
    return val::null();
  }
  return search_result_to_js(r);
}

// "Evil 2048": the cell and value the evil spawner (spawner.h) gives this
// board, looking `depth` player replies ahead.
val evil_spawn_or_null(const val& board, const val& depth) {
  Tiles tiles;
  double depth_n;
  if (!read_board(board, &tiles) || !read_count(depth, "evil depth", 0, kMaxEvilDepth, &depth_n)) {
    return val::null();
  }
  EvilSpawner spawner(static_cast<int>(depth_n));
  Rng unused(0);  // the evil spawner draws nothing after the opening tiles
  Placement placement;
  std::string error;
  if (!spawner.place(tiles, false, unused, &placement, &error)) {
    set_error("the evil spawner cannot place a tile: " + error);
    return val::null();
  }
  val o = val::object();
  o.set("cell", placement.cell);
  o.set("value", placement.value);
  o.set("nodes", static_cast<double>(spawner.nodes()));
  return o;
}

// A tile placed by hand ("8402"): the board with it, checked (empty cell, 2 or 4).
val place_tile_or_null(const val& board, const val& cell, const val& value) {
  Tiles tiles;
  double cell_n;
  if (!read_board(board, &tiles) || !read_count(cell, "cell", 0, 15, &cell_n)) return val::null();
  if (!value.isNumber() || (value.as<double>() != 2 && value.as<double>() != 4)) {
    set_error("a new tile is a 2 or a 4, got " + describe(value));
    return val::null();
  }
  std::string error;
  if (!apply_placement(&tiles, Placement{static_cast<int>(cell_n), value.as<int>()}, &error)) {
    set_error(error);
    return val::null();
  }
  return board_to_js(tiles);
}

val search_root_move_or_null(const val& board, const val& dir, const val& depth,
                             const val& settings, const val& node_limit, const val& time_limit_ms) {
  Tiles tiles;
  int d;
  double depth_n, nodes_n;
  SearchSettings s;
  EvaluationSettings e;
  if (!read_board(board, &tiles) || !read_dir(dir, &d) ||
      !read_count(depth, "depth", 0, kMaxSearchDepth, &depth_n) ||
      !read_settings(settings, &s, &e) ||
      !read_count(node_limit, "node limit", 0, 9007199254740991.0, &nodes_n)) {
    return val::null();
  }
  double ms = time_limit_ms.isNumber() ? time_limit_ms.as<double>() : -1;
  if (!(ms >= 0 && ms <= 1e7)) {
    set_error("time limit must be a number of milliseconds from 0 (none) to 1e7");
    return val::null();
  }
  RootTask task;
  task.dir = d;
  task.depth = static_cast<int>(depth_n);
  task.node_limit = static_cast<std::uint64_t>(nodes_n);
  task.time_limit_ms = ms;
  return root_move_to_js(module_session().search_root_move(tiles, task, s, e));
}

// A depth the session gives a board under these settings: chosen_depth (the
// depth without a budget) or deepest_depth (the deepest a node budget deepens).
template <int (*Depth)(const Tiles&, const SearchSettings&)>
val depth_or_null(const val& board, const val& settings) {
  Tiles tiles;
  SearchSettings s;
  if (!read_board(board, &tiles) || !read_settings(settings, &s)) return val::null();
  return val(Depth(tiles, s));
}

val settings_or_null(const val& settings) {
  EngineRequest request;
  if (!read_player_settings(settings, &request)) return val::null();
  return player_settings_to_js(EngineSession::with_defaults(request));
}

val player_names_js() {
  val out = val::array();
  int i = 0;
  for (const auto& name : player_names()) out.set(i++, name);
  return out;
}

val heap_bytes() { return val(static_cast<double>(emscripten_get_heap_size())); }

template <auto Body, typename... Vals>
val guarded(Vals... args) {
  val out = Body(args...);
  if (out.isNull()) {
    release(args...);
    throw_error();
  }
  return out;
}

// The tables are built when the module starts, so the first call is not slow.
struct WarmUp {
  WarmUp() {
    init_tables();
    Heuristic::standard();
  }
} warm_up;

}  // namespace

EMSCRIPTEN_BINDINGS(engine) {
  using emscripten::function;
  function("applyMove", &guarded<apply_move_or_null, val, val>);
  function("legalMoves", &guarded<legal_moves_or_null, val>);
  function("gameOver", &guarded<game_over_or_null, val>);
  function("newGame", &guarded<new_game_or_null, val>);
  function("spawn", &guarded<spawn_or_null, val, val>);
  function("search", &guarded<search_or_null, val, val>);
  function("searchRootMove", &guarded<search_root_move_or_null, val, val, val, val, val, val>);
  function("chosenDepth", &guarded<depth_or_null<&EngineSession::chosen_depth>, val, val>);
  function("deepestDepth", &guarded<depth_or_null<&EngineSession::deepest_depth>, val, val>);
  function("settings", &guarded<settings_or_null, val>);
  function("evilSpawn", &guarded<evil_spawn_or_null, val, val>);
  function("placeTile", &guarded<place_tile_or_null, val, val, val>);
  function("playerNames", &player_names_js);
  function("loadNetwork", &guarded<load_network_or_null, val>);
  function("networkBegin", &guarded<network_begin_or_null, val>);
  function("networkPush", &guarded<network_push_or_null, val>);
  function("networkFinish", &guarded<network_finish_or_null>);
  function("networkInfo", &network_info_js);
  function("unloadNetwork", &unload_network);
  function("loadTables", &guarded<load_tables_or_null, val>);
  function("unloadTables", &unload_tables);
  emscripten::constant("maxEvilDepth", kMaxEvilDepth);
  function("heapBytes", &heap_bytes);
  emscripten::constant("defaultTableBits", kDefaultTableBits);
  emscripten::constant("maxTableBits", kMaxTableBits);
  // Whether settings.threads > 1 runs on threads (the -pthread build, engine_mt).
  emscripten::constant("threadsBuilt", threads_available());
}

}  // namespace g2048::wasm
