// The transposition table (search/transposition_table.h): what an entry
// answers, scopes, the wrap-around, and threads writing at once never making
// a torn entry read as another board's value.
#include "search/transposition_table.h"

#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>
#include <vector>

using namespace g2048;

TEST(TranspositionTable, AnEntryAnswersQueriesAsDeepOrShallowerWithAsManyFours) {
  TranspositionTable t;
  t.resize(10);
  EXPECT_EQ(t.bytes(), 1024u * 16);
  std::uint16_t scope = t.next_scope();
  Board b = 0x1234;
  float v = 0;
  EXPECT_FALSE(t.find(b, 1, 0, scope, &v));
  t.store(b, 2.5f, 3, 2, scope);
  EXPECT_TRUE(t.find(b, 3, 2, scope, &v));
  EXPECT_EQ(v, 2.5f);
  EXPECT_TRUE(t.find(b, 1, 0, scope, &v));
  EXPECT_FALSE(t.find(b, 4, 0, scope, &v));      // deeper than searched
  EXPECT_FALSE(t.find(b, 3, 3, scope, &v));      // more 4s than allowed
  EXPECT_FALSE(t.find(b + 1, 1, 0, scope, &v));  // another board
  std::uint16_t next = t.next_scope();
  EXPECT_NE(next, scope);
  EXPECT_FALSE(t.find(b, 1, 0, next, &v));  // another scope
}

TEST(TranspositionTable, WrapAroundClearsOldEntries) {
  TranspositionTable t;
  t.resize(4);
  std::uint16_t first = t.next_scope();
  EXPECT_EQ(first, 1);
  t.store(0x99, 1.0f, 1, 1, first);
  for (int i = 0; i < 65535; ++i) t.next_scope();  // wraps: 0 is skipped
  float v;
  EXPECT_FALSE(t.find(0x99, 1, 1, first, &v));
}

TEST(TranspositionTable, ThreadsWritingAtOnceNeverReadAnotherBoardsValue) {
  // Every board's value is a function of the board: a torn entry that passed
  // the key check with another write's data would give a wrong one.
  TranspositionTable t;
  t.resize(6);  // few slots: many writes to the same ones
  std::uint16_t scope = t.next_scope();
  auto value_of = [](Board b) { return static_cast<float>(b % 100003); };
  std::atomic<int> wrong{0}, hits{0};
  std::vector<std::thread> threads;
  for (int k = 0; k < 4; ++k) {
    threads.emplace_back([&, k] {
      std::mt19937_64 rng(k);
      for (int i = 0; i < 200000; ++i) {
        Board b = rng() | 1;
        int depth = static_cast<int>(b >> 8 & 7);
        t.store(b, value_of(b), depth, depth, scope);
        Board q = (rng() % 512) | 1;  // a small set, so that some are found
        t.store(q, value_of(q), 2, 2, scope);
        float v;
        if (t.find(q, 1, 1, scope, &v)) {
          ++hits;
          if (v != value_of(q)) ++wrong;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_GT(hits.load(), 0);
  EXPECT_EQ(wrong.load(), 0);
}
