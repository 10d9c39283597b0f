// ai2048 tables build --formation F --target T --dir DIR [--threads J]
// ai2048 tables info DIR|FILE
// ai2048 tables probe --boards FILE [--tables LIST] [--repeat N]
// ai2048 tables judge ... (tables_judge_command.cpp)
// ai2048 tables distill --tables DIR[,DIR] --visits FILE[,FILE] --out FILE.gz
//                       [--max-states N | --max-states N1,N2,...] [--max-bytes B]
//                       [--rollouts R [--seed S] [--weigh count|stake]]
// Builds an endgame table exactly (resuming a killed run in the same
// directory), says what a built table or a table file holds, and distils
// full tables into the small file the browser loads: the states our own games
// met most often (selfplay --tables ... --visits FILE counts them). probe reads
// the tables at the root of given boards, as the search does before each move:
// how many fit and have a move to play, and what a probe costs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "cli/boards_file.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/player_options.h"
#include "endgame/rollouts.h"
#include "endgame/table_builder.h"
#include "endgame/table_file.h"
#include "endgame/table_probe.h"
#include "network/network_io.h"

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
    throw UsageError("unknown formation \"" + name + "\" (" + endgame::formation_names_text() +
                     ")");
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
  if (pos.size() != 2) throw UsageError("tables info takes one table directory or table file");
  endgame::TableSettings t = load_tables(pos[1]);
  for (const auto& table : t.tables) {
    std::printf(
        "{\"source\":\"%s\",\"formation\":\"%s\",\"target\":%llu,\"layers\":%zu,"
        "\"states\":%llu,\"startRate\":%s}\n",
        pos[1].c_str(), table->formation().name.c_str(), 1ULL << table->target(),
        table->layer_count(), static_cast<unsigned long long>(table->states()),
        json_number(table->rate(table->formation().wall_pattern)).c_str());
  }
  return 0;
}

using Ranked = std::vector<std::pair<double, std::pair<int, Board>>>;

// The table file of the most frequent states the full tables hold, within the
// quota (one total, or one a table).
std::vector<std::uint8_t> encode_most_frequent(const endgame::TableSettings& full,
                                               const Ranked& order,
                                               std::vector<std::uint64_t> quota,
                                               std::uint64_t* taken) {
  std::vector<std::map<Board, float>> kept(full.tables.size());
  *taken = 0;
  for (const auto& [n, k] : order) {
    std::uint64_t& left = quota[quota.size() == 1 ? 0 : static_cast<std::size_t>(k.first)];
    if (left == 0) continue;
    float rate = full.tables[k.first]->rate(k.second);
    if (rate < 0) continue;
    kept[k.first][k.second] = rate;
    --left;
    ++*taken;
  }
  std::vector<endgame::EndgameTable> subsets;
  for (std::size_t t = 0; t < full.tables.size(); ++t) {
    const auto& source = *full.tables[t];
    std::vector<endgame::TableLayer> layers(source.layer_count());
    for (const auto& [key, rate] : kept[t]) {  // ascending keys: each layer stays sorted
      auto& l = layers[static_cast<std::size_t>(endgame::layer_of(source.formation(), key))];
      l.keys.push_back(key);
      l.rates.push_back(rate);
    }
    while (layers.size() > 1 && layers.back().keys.empty()) layers.pop_back();
    subsets.emplace_back(source.formation(), source.target(), std::move(layers));
  }
  std::vector<const endgame::EndgameTable*> pointers;
  for (const auto& t : subsets) pointers.push_back(&t);
  return endgame::encode_table_file(pointers);
}

// --max-states: one total, or one number per table, each a whole number as
// Args::count takes one, at most kMaxTableFileStates (so the sum cannot wrap).
std::vector<std::uint64_t> state_quota(const Args& args, std::size_t tables) {
  std::string text = args.text("--max-states", "500000");
  std::vector<std::uint64_t> quota;
  std::stringstream list(text);
  std::uint64_t total = 0;
  for (std::string item; std::getline(list, item, ',');) {
    std::uint64_t n = 0;
    if (!parse_whole_number(item, &n))
      throw UsageError("--max-states takes a count or one count a table, got \"" + text + "\"");
    if (n > endgame::kMaxTableFileStates) n = endgame::kMaxTableFileStates + 1;  // refused below
    quota.push_back(n);
    total += n;
  }
  if (quota.size() != 1 && quota.size() != tables)
    throw UsageError("--max-states has " + std::to_string(quota.size()) + " counts for " +
                     std::to_string(tables) + " tables (give one, or one a table)");
  if (total < 1 || total > endgame::kMaxTableFileStates)
    throw UsageError("--max-states: between 1 and " + std::to_string(endgame::kMaxTableFileStates) +
                     " states in all");
  return quota;
}

int run_distill(const Args& args) {
  args.check_known({"--tables", "--visits", "--out", "--max-states", "--max-bytes", "--rollouts",
                    "--seed", "--weigh"});
  endgame::TableSettings full = table_settings(args, false);
  if (!full.any()) throw UsageError("tables distill needs --tables (the full tables)");
  std::string visits_path = args.text("--visits", ""), out_path = args.text("--out", "");
  if (visits_path.empty() || out_path.empty())
    throw UsageError("tables distill needs --visits FILE (selfplay --visits) and --out FILE");
  // One number: the most frequent states of all tables together. One a table:
  // each table's own most frequent, so a formation whose walks are long (more
  // free cells, more distinct states) does not crowd out another.
  std::vector<std::uint64_t> quota = state_quota(args, full.tables.size());
  // Visits from every file (comma-separated), summed; the most frequent
  // states that the tables hold are kept, within the quota.
  std::map<std::pair<int, Board>, std::uint64_t> visits;
  std::uint64_t lines = 0;
  std::stringstream list(visits_path);
  for (std::string path; std::getline(list, path, ',');) {
    std::ifstream in(path);
    if (!in) throw UsageError("cannot read the visits file " + path);
    int table;
    std::string hex;
    unsigned long long count;
    while (in >> table >> hex >> count) {
      ++lines;
      if (table < 0 || table >= static_cast<int>(full.tables.size()))
        throw UsageError(path + ": table " + std::to_string(table) + " is not in --tables");
      visits[{table, std::stoull(hex, nullptr, 16)}] += count;
    }
  }
  // Rollouts: from each visited state, walks of the table's own play, whose
  // after-states count beside the visits: once each (--weigh count), or by
  // what the choice decides there (--weigh stake: kStakeFloor plus the best
  // choice's rate less the worst's; a visit from play, whose choices are
  // unknown, kStakeFloor), so the states where the table's answer matters
  // come first.
  std::string weigh = args.text("--weigh", "count");
  if (weigh != "count" && weigh != "stake")
    throw UsageError("--weigh takes count or stake, got \"" + weigh + "\"");
  bool by_stake = weigh == "stake";
  constexpr double kStakeFloor = 0.05;
  std::uint64_t rollouts = args.count("--rollouts", 0, 0, 100000);
  Rng rng(args.count("--seed", 1, 0, UINT64_MAX / 2));
  // A hash map: the walks count about ten million distinct after-states, and a
  // tree map's lookups took 60% of the time (perf, in a run of this command).
  struct KeyHash {
    std::size_t operator()(const std::pair<int, Board>& k) const {
      return std::hash<Board>()((k.second ^ Board(k.first)) * 0x9E3779B97F4A7C15ULL);
    }
  };
  std::unordered_map<std::pair<int, Board>, double, KeyHash> walked;
  std::uint64_t from = 0;
  for (const auto& [k, n] : visits) {
    for (std::uint64_t r = 0; r < rollouts; ++r)
      endgame::table_rollout(*full.tables[k.first], k.second, rng,
                             [&, t = k.first](Board seen, float stake) {
                               walked[{t, seen}] += by_stake ? kStakeFloor + stake : 1.0;
                             });
    if (rollouts && ++from % 20000 == 0)
      std::fprintf(stderr, "tables distill: walks from %llu of %zu states, %zu states met\n",
                   static_cast<unsigned long long>(from), visits.size(), walked.size());
  }
  std::map<std::pair<int, Board>, double> score;
  for (const auto& [k, n] : visits) score[k] = by_stake ? kStakeFloor * double(n) : double(n);
  for (const auto& [k, n] : walked) score[k] += n;
  Ranked order;
  for (const auto& [k, n] : score) order.push_back({n, k});
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  // --max-bytes: quotas scaled down until the written file fits (each try
  // only chooses and writes again: seconds, against the walks' half hour).
  std::uint64_t max_bytes = args.count("--max-bytes", 0, 0, UINT64_MAX / 2);
  std::uint64_t taken = 0;
  std::vector<std::uint8_t> bytes;
  long long file_bytes = 0;
  for (int attempt = 0;; ++attempt) {
    bytes = encode_most_frequent(full, order, quota, &taken);
    std::string error;
    if (!write_network_bytes(out_path, bytes, &error)) throw UsageError(error);
    file_bytes = static_cast<long long>(std::filesystem::file_size(out_path));
    if (max_bytes == 0 || static_cast<std::uint64_t>(file_bytes) <= max_bytes) break;
    if (attempt == 8) throw UsageError("--max-bytes: the file does not shrink to fit");
    double scale = 0.995 * static_cast<double>(max_bytes) / static_cast<double>(file_bytes);
    for (auto& q : quota) q = static_cast<std::uint64_t>(static_cast<double>(q) * scale);
    std::fprintf(stderr, "tables distill: %lld bytes, over --max-bytes; keeping %.1f%% again\n",
                 file_bytes, 100 * scale);
  }
  std::printf(
      "{\"out\":\"%s\",\"states\":%llu,\"visitLines\":%llu,\"walkedStates\":%zu,\"bytes\":%llu,"
      "\"fileBytes\":%lld}\n",
      out_path.c_str(), static_cast<unsigned long long>(taken),
      static_cast<unsigned long long>(lines), walked.size(),
      static_cast<unsigned long long>(bytes.size()), file_bytes);
  return 0;
}

int run_probe(const Args& args) {
  args.check_known({"--boards", "--tables", "--repeat"});
  if (!args.has("--boards")) throw UsageError("tables probe needs --boards FILE");
  std::vector<Tiles> boards = read_boards(args.text("--boards", ""));
  endgame::TableSettings t = table_settings(args, true);
  if (!t.any())
    throw UsageError("tables probe needs a table: --tables PATH (default: the shipped file)");
  int repeat = static_cast<int>(args.count("--repeat", 20, 1, 100000));
  std::uint64_t fit = 0, answered = 0;
  std::vector<std::uint64_t> by_table(t.tables.size());
  for (const Tiles& board : boards) {
    endgame::TableProbe p = endgame::probe_tables(t, board);
    if (p.table < 0) continue;
    ++fit;
    if (p.best >= 0) ++answered, ++by_table[static_cast<std::size_t>(p.table)];
  }
  // The same probes again, timed (their answers counted, so none is left out).
  std::uint64_t answered_again = 0;
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repeat; ++r)
    for (const Tiles& board : boards) answered_again += endgame::probe_tables(t, board).best >= 0;
  double ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  std::string answered_by;
  for (std::size_t i = 0; i < by_table.size(); ++i)
    answered_by += (i ? "," : "") + std::to_string(by_table[i]);
  std::printf(
      "{\"boards\":%zu,\"fit\":%llu,\"answered\":%llu,\"answeredByTable\":[%s],"
      "\"nsPerProbe\":%s,\"repeat\":%d}\n",
      boards.size(), static_cast<unsigned long long>(fit),
      static_cast<unsigned long long>(answered), answered_by.c_str(),
      json_number(ns / (static_cast<double>(repeat) * boards.size())).c_str(), repeat);
  if (answered_again != answered * static_cast<std::uint64_t>(repeat))
    throw std::runtime_error("tables probe: the answers changed between passes");
  return 0;
}

}  // namespace

int run_tables(const Args& args) {
  auto pos = args.positional();
  std::string verb = pos.empty() ? "" : pos[0];
  if (verb == "build") return run_build(args);
  if (verb == "info") return run_info(args);
  if (verb == "distill") return run_distill(args);
  if (verb == "probe") return run_probe(args);
  if (verb == "judge") return run_tables_judge(args);
  throw UsageError("tables takes build, info, distill, probe or judge (ai2048 tables --help)");
}

}  // namespace g2048::cli
