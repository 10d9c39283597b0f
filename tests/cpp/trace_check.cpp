// Checks an `ai2048 selfplay --trace` file with the plain reference rules: every
// move legal and correctly scored, exactly one 2 or 4 spawned into an empty
// cell, each turn starting where the last ended, every game played to its end,
// and the per-game JSON lines' scores and move counts equal to the trace's.
// Usage: trace_check TRACE GAMES_JSONL EXPECTED_GAMES
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "reference_rules.h"

namespace {

// The numbers of a JSON array that follows "key":[ in line.
bool read_array(const std::string& line, const std::string& key, reference::Values* out) {
  std::size_t at = line.find("\"" + key + "\":[");
  if (at == std::string::npos) return false;
  const char* p = line.c_str() + at + key.size() + 4;
  for (int i = 0; i < 16; ++i) {
    char* end;
    (*out)[i] = std::strtoll(p, &end, 10);
    if (end == p) return false;
    p = end + 1;
  }
  return true;
}

bool read_number(const std::string& line, const std::string& key, long long* out) {
  std::size_t at = line.find("\"" + key + "\":");
  if (at == std::string::npos) return false;
  *out = std::strtoll(line.c_str() + at + key.size() + 3, nullptr, 10);
  return true;
}

int fail(const std::string& why, const std::string& line) {
  std::fprintf(stderr, "trace_check: %s\n  in: %s\n", why.c_str(), line.c_str());
  return 1;
}

struct Game {
  long long score = 0, moves = 0;
  reference::Values last{};
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: trace_check TRACE GAMES_JSONL EXPECTED_GAMES\n");
    return 2;
  }
  std::ifstream trace(argv[1]);
  std::map<long long, Game> games;
  std::string line;
  while (std::getline(trace, line)) {
    long long seed, dir, gain;
    reference::Values board, next;
    if (!read_number(line, "game", &seed) || !read_number(line, "dir", &dir) ||
        !read_number(line, "gain", &gain) || !read_array(line, "board", &board) ||
        !read_array(line, "next", &next))
      return fail("malformed trace line", line);
    Game& g = games[seed];
    if (g.moves > 0 && board != g.last)
      return fail("turn does not start where the last ended", line);
    if (dir < 0 || dir > 3) return fail("direction out of range", line);
    reference::Moved m = reference::move(board, static_cast<int>(dir));
    if (!m.moved) return fail("illegal move", line);
    if (m.gain != gain) return fail("wrong gain", line);
    int spawned = 0;
    for (int i = 0; i < 16; ++i) {
      if (next[i] == m.board[i]) continue;
      if (m.board[i] != 0 || (next[i] != 2 && next[i] != 4)) return fail("bad spawn", line);
      ++spawned;
    }
    if (spawned != 1) return fail("not exactly one spawn", line);
    g.score += gain;
    ++g.moves;
    g.last = next;
  }
  for (const auto& [seed, g] : games)
    if (!reference::game_over(g.last))
      return fail("game " + std::to_string(seed) + " stopped before game over", "");

  std::ifstream results(argv[2]);
  std::size_t checked = 0;
  while (std::getline(results, line)) {
    long long seed, score, moves;
    if (line.find("\"summary\"") != std::string::npos) continue;
    if (!read_number(line, "seed", &seed) || !read_number(line, "score", &score) ||
        !read_number(line, "moves", &moves))
      return fail("malformed game line", line);
    auto it = games.find(seed);
    if (it == games.end()) return fail("game missing from the trace", line);
    if (it->second.score != score || it->second.moves != moves)
      return fail("score or moves differ from the trace", line);
    ++checked;
  }
  if (checked != games.size() || checked != std::strtoull(argv[3], nullptr, 10))
    return fail("expected " + std::string(argv[3]) + " games, found " + std::to_string(checked) +
                    " results and " + std::to_string(games.size()) + " traced",
                "");
  std::printf("trace_check: %zu games, every move legal and correctly scored\n", checked);
  return 0;
}
