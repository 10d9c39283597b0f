// The bitboard's row tables and moves against the plain reference.
#include <gtest/gtest.h>

#include <random>

#include "engine/board.h"
#include "reference_rules.h"
#include "test_boards.h"

using namespace g2048;

namespace {

std::array<std::int64_t, 4> row_values(int row) {
  std::array<std::int64_t, 4> v;
  for (int i = 0; i < 4; ++i) {
    int e = (row >> (4 * i)) & 0xF;
    v[i] = e ? (std::int64_t{1} << e) : 0;
  }
  return v;
}

// Exponent of a reference value, saturated at 15 as the table stores it.
int table_exponent(std::int64_t v) {
  int e = 0;
  while (v > 1) v >>= 1, ++e;
  return e > 15 ? 15 : e;
}

}  // namespace

TEST(RowTables, EveryRowLeftAndRightMatchesTheReference) {
  const RowTables& t = row_tables();
  for (int row = 0; row < 65536; ++row) {
    auto in = row_values(row);
    reference::Line left = reference::slide(in);
    std::array<std::int64_t, 4> reversed{in[3], in[2], in[1], in[0]};
    reference::Line right = reference::slide(reversed);
    for (int i = 0; i < 4; ++i) {
      ASSERT_EQ((t.left[row] >> (4 * i)) & 0xF, table_exponent(left.v[i])) << "row " << row;
      ASSERT_EQ((t.right[row] >> (4 * (3 - i))) & 0xF, table_exponent(right.v[i])) << "row " << row;
    }
    ASSERT_EQ(t.gain_left[row], left.gain) << "row " << row;
    ASSERT_EQ(t.gain_right[row], right.gain) << "row " << row;
  }
}

TEST(RowTables, KnownExamples) {
  const RowTables& t = row_tables();
  // [2,2,2,2] left is [4,4,0,0] for 8 points; [4,0,0,4] left is [8,0,0,0].
  EXPECT_EQ(t.left[0x1111], 0x0022);
  EXPECT_EQ(t.gain_left[0x1111], 8u);
  EXPECT_EQ(t.left[0x2002], 0x0003);
  EXPECT_EQ(t.right[0x2002], 0x3000);
}

TEST(Board, TransposeSwapsRowsAndColumns) {
  std::mt19937_64 rng(7);
  for (int n = 0; n < 10000; ++n) {
    Board b = rng();
    Board tr = transpose(b);
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) ASSERT_EQ(cell(tr, 4 * c + r), cell(b, 4 * r + c));
    ASSERT_EQ(transpose(tr), b);
  }
}

TEST(Board, CountEmpty) {
  std::mt19937_64 rng(8);
  for (int n = 0; n < 10000; ++n) {
    Board b = rng() & rng();  // many zero nibbles
    int expected = 0;
    for (int i = 0; i < 16; ++i) expected += cell(b, i) == 0;
    ASSERT_EQ(count_empty(b), expected);
  }
}

TEST(Board, RandomBoardsAllDirectionsMatchTheReference) {
  std::mt19937_64 rng(9);
  for (int n = 0; n < 200000; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 14, n % 2 ? 0.5 : 0.1);
    Board b = to_bitboard(t);
    auto values = testing_boards::values_of(t);
    int mask = 0;
    for (int d = 0; d < 4; ++d) {
      reference::Moved ref = reference::move(values, d);
      Board after = move(b, d);
      ASSERT_EQ(testing_boards::values_of(from_bitboard(after)), ref.board) << "dir " << d;
      ASSERT_EQ(static_cast<std::int64_t>(move_gain(b, d)), ref.gain) << "dir " << d;
      if (ref.moved) mask |= 1 << d;
    }
    ASSERT_EQ(legal_moves_mask(b), mask);
  }
}

TEST(Board, OutOfRangeDirectionChangesNothing) {
  Board b = 0x1200000000000021ULL;
  EXPECT_EQ(move(b, -1), b);
  EXPECT_EQ(move(b, 4), b);
  EXPECT_EQ(move_gain(b, 7), 0u);
  EXPECT_STREQ(dir_name(4), "?");
  EXPECT_STREQ(dir_name(0), "up");
  EXPECT_STREQ(dir_name(3), "left");
}
