#pragma once

#include "cli/options.h"

namespace g2048::cli {

int run_selfplay(const Args& args);
int run_suggest(const Args& args);
int run_bench(const Args& args);
int run_arena(const Args& args);
int run_train(const Args& args);
int run_network(const Args& args);
int run_tables(const Args& args);
int run_tables_judge(const Args& args);  // tables judge (tables_judge_command.cpp)
int run_harvest(const Args& args);

}  // namespace g2048::cli
