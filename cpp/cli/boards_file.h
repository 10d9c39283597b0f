// A file of boards, one per line: what selfplay --from, harvest --from and
// suggest --boards read.
#pragma once

#include <string>
#include <vector>

#include "engine/tiles.h"

namespace g2048::cli {

// Boards, one per line (16 tile values; blank lines and lines from # skipped).
// A bad line, a board with no legal move or a file with no board throws
// UsageError naming the file and line.
std::vector<Tiles> read_boards(const std::string& path);

}  // namespace g2048::cli
