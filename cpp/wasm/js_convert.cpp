#include "wasm/js_convert.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "wasm/js_error.h"

namespace g2048::wasm {

namespace {

constexpr double kMaxSafeInteger = 9007199254740991.0;  // 2^53 - 1

// Globals looked up once: these run for every board that crosses.
const val& array_class() {
  static const val v = val::global("Array");
  return v;
}
const val& number_is_finite() {
  static const val v = val::global("Number")["isFinite"];
  return v;
}
bool is_array(const val& js) { return array_class().call<bool>("isArray", js); }

std::string number_text(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  if (x == std::floor(x) && std::fabs(x) < 1e16) std::snprintf(buf, sizeof buf, "%.0f", x);
  else std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

}  // namespace

std::string describe(const val& v) {
  if (v.isNull()) return "null";
  if (v.isUndefined()) return "undefined";
  if (v.isNumber()) return number_text(v.as<double>());
  if (v.isString()) {
    std::string s = v.as<std::string>();
    if (s.size() > 20) s = s.substr(0, 20) + "...";
    return "\"" + s + "\" (a string)";
  }
  if (is_array(v)) return "an array of length " + number_text(v["length"].as<double>());
  return "a value of type " + v.typeOf().as<std::string>();
}

namespace {

bool is_whole(double x, double min, double max) {
  return std::isfinite(x) && x == std::floor(x) && x >= min && x <= max;
}

std::string cell_text(int i) {
  return "cell " + std::to_string(i) + " (row " + std::to_string(i / 4 + 1) + ", column " +
         std::to_string(i % 4 + 1) + ")";
}

bool is_typed_array(const val& js) {
  static const val array_buffer = val::global("ArrayBuffer");
  static const val data_view = val::global("DataView");
  return array_buffer.call<bool>("isView", js) && !js.instanceof (data_view);
}

}  // namespace

bool read_board(const val& js, Tiles* out) {
  if (!is_array(js) && !is_typed_array(js)) {
    set_error("a board must be an array of 16 tile values, got " + describe(js));
    return false;
  }
  double length = js["length"].as<double>();
  if (length != 16) {
    set_error("a board needs 16 tile values, got " + number_text(length));
    return false;
  }
  // One call checks that every tile is a finite number (no coercion of strings,
  // null or booleans); only a bad board is walked cell by cell to say where.
  if (!js.call<bool>("every", number_is_finite())) {
    for (int i = 0; i < 16; ++i) {
      val v = js[i];
      if (!v.isNumber() || !std::isfinite(v.as<double>())) {
        set_error("bad tile value " + describe(v) + " at " + cell_text(i) +
                  ": a tile is 0 or a power of two from 2 to 131072");
        return false;
      }
    }
  }
  std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(js);
  std::int64_t whole[16];
  for (int i = 0; i < 16; ++i) {
    if (!is_whole(values[i], -1e15, 1e15)) {
      set_error("bad tile value " + number_text(values[i]) + " at " + cell_text(i) +
                ": a tile is 0 or a power of two from 2 to 131072");
      return false;
    }
    whole[i] = static_cast<std::int64_t>(values[i]);
  }
  std::string error;
  if (!tiles_from_values(whole, 16, out, &error)) {
    set_error(error);
    return false;
  }
  return true;
}

val board_to_js(const Tiles& tiles) {
  std::array<std::int64_t, 16> values = tiles_to_values(tiles);
  std::int32_t cells[16];
  for (int i = 0; i < 16; ++i) cells[i] = static_cast<std::int32_t>(values[i]);
  // Array.from copies out of wasm memory: the result owns its numbers.
  return array_class().call<val>("from", val(emscripten::typed_memory_view(16, cells)));
}

bool read_dir(const val& js, int* out) {
  if (!js.isNumber() || !is_whole(js.as<double>(), 0, 3)) {
    set_error("direction must be 0 (up), 1 (right), 2 (down) or 3 (left), got " + describe(js));
    return false;
  }
  *out = static_cast<int>(js.as<double>());
  return true;
}

bool read_count(const val& js, const char* what, double min, double max, double* out) {
  if (!js.isNumber() || !is_whole(js.as<double>(), min, max)) {
    set_error(std::string(what) + " must be a whole number from " + number_text(min) + " to " +
              number_text(max) + ", got " + describe(js));
    return false;
  }
  *out = js.as<double>();
  return true;
}

namespace {

const char* const kSettingNames[] = {
    "depth",     "nodes",  "timeMs", "minDepth", "maxDepth",     "cutoff",
    "tableBits", "player", "eval",   "playouts", "playoutDepth", "seed",
    "threads",   "tables", "phase",  "late",     "lateDrop",     "crowdedMaxDepth"};

bool unknown_setting(const std::string& key) {
  for (const char* name : kSettingNames)
    if (key == name) return false;
  std::string known;
  for (const char* name : kSettingNames) known += (known.empty() ? "" : ", ") + std::string(name);
  set_error("unknown setting \"" + key + "\" (known: " + known + ")");
  return true;
}

// One numeric setting's value into p; false with a message when it is out of range.
bool read_setting(const std::string& key, double x, EngineRequest* p) {
  SearchSettings* s = &p->settings.search;
  std::string max_depth = std::to_string(kMaxSearchDepth);
  auto fail = [&](const std::string& rule) {
    set_error(key + " " + rule + ", got " + number_text(x));
    return false;
  };
  if (key == "depth" || key == "minDepth" || key == "maxDepth") {
    if (!is_whole(x, 1, kMaxSearchDepth))
      return fail("must be a whole number from 1 to " + max_depth);
    (key == "depth"      ? s->depth
     : key == "minDepth" ? s->min_depth
                         : s->max_depth) = static_cast<int>(x);
  } else if (key == "crowdedMaxDepth") {  // SearchSettings::crowded_max_depth
    if (!is_whole(x, 0, kMaxSearchDepth))
      return fail("must be a whole number from 1 to " + max_depth + " (or 0: maxDepth)");
    s->crowded_max_depth = static_cast<int>(x);
  } else if (key == "nodes") {
    if (x < 0) return fail("is a budget and cannot be negative");
    if (!is_whole(x, 1, kMaxSafeInteger))
      return fail("must be a whole number of nodes, at least 1");
    s->nodes = static_cast<std::uint64_t>(x);
  } else if (key == "timeMs") {
    if (x < 0) return fail("is a budget and cannot be negative");
    if (!(std::isfinite(x) && x > 0 && x <= 1e7))
      return fail("must be a positive number of milliseconds");
    s->time_ms = x;
  } else if (key == "cutoff") {
    if (!(x >= 0 && x < 1)) return fail("must be a probability at least 0 and below 1");
    s->prob_cutoff = x;
  } else if (key == "tableBits") {
    if (!is_whole(x, 10, kMaxTableBits))
      return fail("must be a whole number from 10 to " + std::to_string(kMaxTableBits) + " (2^" +
                  std::to_string(kMaxTableBits) + " entries of 16 bytes)");
    s->table_bits = static_cast<int>(x);
  } else if (key == "threads") {
    // The threads build searches root moves at once (parallel_search.h); the
    // single-threaded build searches them one after another.
    if (!is_whole(x, 1, kMaxThreads))
      return fail("must be a whole number from 1 to " + std::to_string(kMaxThreads));
    s->threads = static_cast<int>(x);
  } else if (key == "late") {  // SearchSettings::late_from
    bool tile =
        x == 0 || (is_whole(x, 4, 65536) && (static_cast<int>(x) & (static_cast<int>(x) - 1)) == 0);
    if (!tile) return fail("must be a tile, a power of two from 4 to 65536 (or 0: off)");
    s->late_from = static_cast<int>(x);
  } else if (key == "lateDrop") {  // SearchSettings::late_drop
    if (!(x >= 0 && x < 1)) return fail("must be a share at least 0 and below 1");
    s->late_drop = x;
  } else if (key == "playouts") {
    if (!is_whole(x, 1, kMaxPlayouts))
      return fail("must be a whole number from 1 to " + std::to_string(kMaxPlayouts));
    p->settings.playouts = static_cast<int>(x);
  } else if (key == "playoutDepth") {
    if (!is_whole(x, 0, kMaxPlayoutDepth))
      return fail("must be a whole number of moves from 0 (to the end) to " +
                  std::to_string(kMaxPlayoutDepth));
    p->settings.playout_depth = static_cast<int>(x);
  } else if (key == "seed") {
    if (!is_whole(x, 0, kMaxSafeInteger)) return fail("must be a whole number from 0 to 2^53 - 1");
    p->settings.seed = static_cast<std::uint64_t>(x);
  }
  return true;
}

// The keys that set a budget or a depth bound: with none, the evaluation's
// default depth applies (EngineSession::apply_default_depth).
bool is_budget(const std::string& key) {
  for (const char* k : {"depth", "nodes", "timeMs", "minDepth", "maxDepth"})
    if (key == k) return true;
  return false;
}

bool known_player(const std::string& name) {
  for (const auto& n : player_names())
    if (n == name) return true;
  return false;
}

}  // namespace

EngineSession& module_session() {
  static EngineSession session;
  return session;
}

bool read_player_settings(const val& js, EngineRequest* out) {
  EngineRequest p;
  p.settings.search.table_bits = kDefaultTableBits;
  if (js.isNull() || js.typeOf().as<std::string>() != "object" || is_array(js)) {
    set_error("settings must be a plain object such as {depth: 3} or {timeMs: 100}, got " +
              describe(js));
    return false;
  }
  val keys = val::global("Object").call<val>("keys", js);
  int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    std::string key = keys[i].as<std::string>();
    val v = js[key];
    if (unknown_setting(key)) return false;
    if (v.isUndefined()) continue;
    if (key == "player") {
      if (!v.isString() || !known_player(v.as<std::string>())) {
        set_error("player must be one of " + player_names_text() + ", got " + describe(v));
        return false;
      }
      p.player = v.as<std::string>();
      continue;
    }
    if (key == "tables") {  // whether the loaded endgame tables verify expectimax's moves
      if (!v.isTrue() && !v.isFalse()) {
        set_error("tables must be true or false, got " + describe(v));
        return false;
      }
      p.tables = v.isTrue();
      continue;
    }
    if (key == "phase") {  // the budget is the average a move (time_manager.h)
      if (!v.isTrue() && !v.isFalse()) {
        set_error("phase must be true or false, got " + describe(v));
        return false;
      }
      p.settings.search.phase = v.isTrue();
      continue;
    }
    if (key == "eval") {
      // The session resolves the name from the evaluation list.
      std::string name = v.isString() ? v.as<std::string>() : describe(v);
      std::string problem = module_session().evaluation(name, &p.settings.evaluation);
      if (!problem.empty()) {
        set_error("eval: " + problem);
        return false;
      }
      continue;
    }
    if (!v.isNumber()) {
      set_error("setting " + key + " must be a number, got " + describe(v));
      return false;
    }
    if (is_budget(key)) p.budget_given = true;
    if (!read_setting(key, v.as<double>(), &p)) return false;
  }
  std::string problem = validate_player_settings(p.player, p.settings);
  if (!problem.empty()) {
    set_error("bad settings: " + problem);
    return false;
  }
  *out = p;
  return true;
}

bool read_settings(const val& js, SearchSettings* out, EvaluationSettings* evaluation) {
  EngineRequest p;
  if (!read_player_settings(js, &p)) return false;
  if (p.player != "expectimax") {
    set_error("this call is the expectimax search's own; player \"" + p.player +
              "\" plays through search()");
    return false;
  }
  *out = p.settings.search;
  if (evaluation) *evaluation = p.settings.evaluation;
  return true;
}

val player_settings_to_js(const EngineRequest& p) {
  const SearchSettings& s = p.settings.search;
  val o = val::object();
  o.set("player", p.player);
  o.set("eval", p.settings.evaluation.name);
  o.set("depth", s.depth);
  o.set("nodes", static_cast<double>(s.nodes));
  o.set("timeMs", s.time_ms);
  o.set("minDepth", s.min_depth);
  o.set("maxDepth", s.max_depth);
  o.set("crowdedMaxDepth", s.crowded_max_depth);
  o.set("cutoff", s.prob_cutoff);
  o.set("tableBits", s.table_bits);
  o.set("phase", s.phase);
  o.set("late", s.late_from);
  o.set("lateDrop", s.late_drop);
  o.set("playouts", p.settings.playouts);
  o.set("playoutDepth", p.settings.playout_depth);
  o.set("seed", static_cast<double>(p.settings.seed));
  o.set("tables", p.tables);
  return o;
}

bool read_rng_state(const val& js, std::uint64_t* out) {
  if (js.isNumber()) {
    double x = js.as<double>();
    if (!is_whole(x, 0, kMaxSafeInteger)) {
      set_error("a seed must be a whole number from 0 to 2^53 - 1, got " + describe(js));
      return false;
    }
    *out = static_cast<std::uint64_t>(x);
    return true;
  }
  bool pair = is_array(js) && js["length"].as<double>() == 2;
  double half[2] = {-1, -1};
  for (int i = 0; pair && i < 2; ++i) {
    val v = js[i];
    half[i] = v.isNumber() ? v.as<double>() : -1;
    pair = is_whole(half[i], 0, 4294967295.0);
  }
  if (!pair) {
    set_error(
        "a random state must be a seed (a whole number) or the [hi, lo] pair a spawn "
        "returned, got " +
        describe(js));
    return false;
  }
  *out = (static_cast<std::uint64_t>(half[0]) << 32) | static_cast<std::uint64_t>(half[1]);
  return true;
}

val rng_state_to_js(std::uint64_t state) {
  val pair = val::array();
  pair.set(0, static_cast<double>(state >> 32));
  pair.set(1, static_cast<double>(state & 0xFFFFFFFFu));
  return pair;
}

val search_result_to_js(const SearchResult& r) {
  val values = val::array();
  for (int d = 0; d < 4; ++d)
    values.set(d, r.values[d] == kIllegal ? val::null() : val(r.values[d]));
  val o = val::object();
  o.set("dir", r.best);
  o.set("values", values);
  o.set("depth", r.depth);
  o.set("nodes", static_cast<double>(r.nodes));
  o.set("ms", r.ms);
  // Present only when an endgame table chose the move: its success rate.
  if (r.table_rate >= 0) {
    o.set("tableRate", r.table_rate);
    o.set("tableTile", 1 << r.table_target);  // the tile the rate is the chance of making
  }
  // Present only when the late-game search chose the move: the walls it kept.
  if (r.late_walls > 0) o.set("lateWalls", r.late_walls);
  // Present only with settings.phase: this move's phase factor, and its
  // allocation over the average budget (with the carried budget's part).
  if (r.phase_factor > 0) {
    o.set("phaseFactor", r.phase_factor);
    o.set("allocation", r.allocation);
  }
  return o;
}

val root_move_to_js(const RootMoveValue& r) {
  val o = val::object();
  o.set("value", r.value == kIllegal ? val::null() : val(r.value));
  o.set("nodes", static_cast<double>(r.nodes));
  o.set("complete", r.complete);
  return o;
}

}  // namespace g2048::wasm
