#include "cli/boards_file.h"

#include <fstream>

#include "cli/options.h"

namespace g2048::cli {

std::vector<Tiles> read_boards(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read the boards file " + path);
  std::vector<Tiles> boards;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    Tiles t;
    std::string error;
    if (!parse_board_text(line, &t, &error))
      throw UsageError(path + " line " + std::to_string(line_no) + ": " + error);
    if (game_over(t))
      throw UsageError(path + " line " + std::to_string(line_no) + ": the board has no legal move");
    boards.push_back(t);
  }
  if (boards.empty()) throw UsageError(path + " holds no board");
  return boards;
}

}  // namespace g2048::cli
