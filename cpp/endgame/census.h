// Where the largest tiles stand in a late game, to choose which formation a
// table should cover: a census of the positions a player meets.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/tiles.h"

namespace g2048::endgame {

// The six largest tiles in the snake (a whole edge row and the two cells
// beside its end in the next row) or in the 2x3 corner block; else the four
// largest in a 2x2 corner; else other. The walls must hold the largest tiles:
// every other tile smaller than the smallest of them.
enum class Shape { kSnake, kBlock, kCorner, kOther };
constexpr int kShapes = 4;
Shape shape_of(const Tiles& t);
const char* shape_name(Shape s);  // "snake", "block", "corner", "other"

// Tiles of 1024 and more count as large.
int large_tiles(const Tiles& t);

struct Census {
  std::uint64_t positions = 0;
  std::array<std::uint64_t, kShapes> shape{};
  std::array<std::uint64_t, 17> empty{};       // positions by empty cells
  std::array<std::uint64_t, 17> large{};       // positions by large tiles
  std::array<std::uint64_t, kShapes> death{};  // games by the shape of their last board
  std::uint64_t table_moves = 0;               // moves an endgame table chose

  void add_position(const Tiles& t, bool from_table);
  void add_death(const Tiles& last) { ++death[static_cast<int>(shape_of(last))]; }
  void merge(const Census& o);
  std::string json() const;  // one JSON object: shares of positions and games
};

}  // namespace g2048::endgame
