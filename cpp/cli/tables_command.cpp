// ai2048 tables build --formation F --target T --dir DIR [--threads J]
// ai2048 tables info DIR
// Builds an endgame table exactly (resuming a killed run in the same
// directory), and says what a built table holds: one JSON line each.
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "cli/json.h"
#include "endgame/table_builder.h"

namespace g2048::cli {

namespace {

int target_exponent(std::uint64_t value) {
  for (int e = 5; e <= 10; ++e)
    if (value == (1ULL << e)) return e;
  throw UsageError("--target must be 32, 64, 128, 256, 512 or 1024, got " + std::to_string(value));
}

int run_build(const Args& args) {
  args.check_known({"--formation", "--target", "--dir", "--threads"});
  endgame::BuildOptions o;
  std::string name = args.text("--formation", "snake");
  if (!endgame::formation_by_name(name, &o.formation))
    throw UsageError("unknown formation \"" + name + "\" (snake, block)");
  o.target = target_exponent(args.count("--target", 256, 2, 1 << 20));
  o.dir = args.text("--dir", "");
  if (o.dir.empty()) throw UsageError("tables build needs --dir DIR (where the layers go)");
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  o.threads = static_cast<unsigned>(args.count("--threads", cores, 1, 256));
  o.progress = [](const std::string& line) { std::fprintf(stderr, "tables: %s\n", line.c_str()); };
  endgame::BuildSummary s;
  std::string error;
  if (!endgame::build_table(o, &s, &error)) throw UsageError(error);
  std::printf(
      "{\"dir\":\"%s\",\"formation\":\"%s\",\"target\":%llu,\"layers\":%d,\"states\":%llu,"
      "\"bytes\":%llu,\"seconds\":%s,\"threads\":%u,\"resumed\":%s}\n",
      o.dir.c_str(), name.c_str(), 1ULL << o.target, s.layers,
      static_cast<unsigned long long>(s.states), static_cast<unsigned long long>(s.bytes),
      json_number(s.seconds).c_str(), o.threads, s.resumed ? "true" : "false");
  return 0;
}

int run_info(const Args& args) {
  args.check_known({});
  auto pos = args.positional();
  if (pos.size() != 2) throw UsageError("tables info takes one table directory");
  endgame::EndgameTable table;
  std::string error;
  if (!endgame::load_table_dir(pos[1], &table, &error)) throw UsageError(error);
  float start = table.rate(table.formation().wall_pattern);
  std::printf(
      "{\"dir\":\"%s\",\"formation\":\"%s\",\"target\":%llu,\"layers\":%zu,\"states\":%llu,"
      "\"startRate\":%s}\n",
      pos[1].c_str(), table.formation().name.c_str(), 1ULL << table.target(), table.layers().size(),
      static_cast<unsigned long long>(table.states()), json_number(start).c_str());
  return 0;
}

}  // namespace

int run_tables(const Args& args) {
  auto pos = args.positional();
  std::string verb = pos.empty() ? "" : pos[0];
  if (verb == "build") return run_build(args);
  if (verb == "info") return run_info(args);
  throw UsageError("tables takes build or info (ai2048 tables --help)");
}

}  // namespace g2048::cli
