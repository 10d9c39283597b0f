#include "endgame/table_builder.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "endgame/table_rules.h"

namespace g2048::endgame {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string layer_file(const std::string& dir, const char* kind, int layer) {
  char name[32];
  std::snprintf(name, sizeof name, "%s-%04d.bin", kind, layer);
  return (fs::path(dir) / name).string();
}

template <class T>
bool write_array(const std::string& path, const std::vector<T>& data, std::string* error) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data.data()),
              static_cast<std::streamsize>(data.size() * sizeof(T)));
    if (!out) {
      *error = "cannot write " + tmp;
      return false;
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);  // atomic: a layer file is whole or absent
  if (ec) *error = "cannot rename " + tmp + ": " + ec.message();
  return !ec;
}

template <class T>
bool read_array(const std::string& path, std::vector<T>* data, std::string* error) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) {
    *error = "cannot read " + path;
    return false;
  }
  auto size = static_cast<std::size_t>(in.tellg());
  if (size % sizeof(T)) {
    *error = path + " is truncated";
    return false;
  }
  data->resize(size / sizeof(T));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(data->data()), static_cast<std::streamsize>(size));
  if (!in) *error = "cannot read " + path;
  return static_cast<bool>(in);
}

void sort_unique(std::vector<Board>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

// Runs body(begin, end) over [0, n) split among the threads.
template <class Body>
void parallel_ranges(std::size_t n, unsigned threads, Body&& body) {
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(n / 1024 + 1)));
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] { body(n * t / threads, n * (t + 1) / threads); });
  for (auto& th : pool) th.join();
}

// A layer's rates by key: open addressing, one probe a lookup on average.
class LayerMap {
 public:
  LayerMap() { build({}, {}); }
  void build(const std::vector<Board>& keys, const std::vector<float>& rates) {
    std::size_t cap = 16;
    while (cap < 2 * keys.size()) cap <<= 1;
    shift_ = 64 - __builtin_ctzll(cap);
    keys_.assign(cap, 0);
    rates_.assign(cap, 0.0f);
    for (std::size_t k = 0; k < keys.size(); ++k) {
      std::size_t i = slot(keys[k]);
      while (keys_[i]) i = (i + 1) & (cap - 1);
      keys_[i] = keys[k], rates_[i] = rates[k];
    }
  }
  // A key the forward pass found is always there; anything else reads as 0.
  float get(Board key) const {
    std::size_t mask = keys_.size() - 1;
    for (std::size_t i = slot(key);; i = (i + 1) & mask) {
      if (keys_[i] == key) return rates_[i];
      if (keys_[i] == 0) return 0.0f;
    }
  }

 private:
  std::size_t slot(Board key) const { return (key * 0x9E3779B97F4A7C15ULL) >> shift_; }
  std::vector<Board> keys_;
  std::vector<float> rates_;
  int shift_ = 60;
};

class Builder {
 public:
  Builder(const BuildOptions& o, BuildSummary* s) : o_(o), s_(s), rows_(row_tables()) {}

  bool run(std::string* error) {
    start_ = Clock::now();
    if (!check_dir(error)) return false;
    int layers = 0;
    if (!forward(&layers, error)) return false;
    if (!backward(layers, error)) return false;
    s_->layers = layers;
    s_->seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    std::ofstream meta((fs::path(o_.dir) / "table.txt").string(), std::ios::trunc);
    meta << "formation " << o_.formation.name << "\ntarget " << o_.target << "\nlayers " << layers
         << "\nstates " << s_->states << "\n";
    if (!meta) *error = "cannot write table.txt in " + o_.dir;
    return static_cast<bool>(meta);
  }

 private:
  // The directory is new, or holds this same table (its identity file says so).
  bool check_dir(std::string* error) {
    std::error_code ec;
    fs::create_directories(o_.dir, ec);
    if (ec) {
      *error = "cannot create " + o_.dir + ": " + ec.message();
      return false;
    }
    std::string id = "formation " + o_.formation.name + " target " + std::to_string(o_.target);
    fs::path id_path = fs::path(o_.dir) / "building.txt";
    std::ifstream in(id_path);
    std::string have;
    if (in && std::getline(in, have)) {
      if (have != id) {
        *error = o_.dir + " holds another table (" + have + "), not " + id;
        return false;
      }
      s_->resumed = true;
      return true;
    }
    std::ofstream out(id_path);
    out << id << "\n";
    return true;
  }

  void say(const std::string& line) {
    if (o_.progress) o_.progress(line);
  }

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // Children of a layer's keys: spawns of a 2 go to up1, of a 4 to up2.
  void expand(const std::vector<Board>& layer, std::vector<Board>* up1, std::vector<Board>* up2) {
    unsigned n = std::max(1u, o_.threads);
    std::vector<std::vector<Board>> part1(n), part2(n);
    std::size_t size = layer.size();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < n; ++t) {
      pool.emplace_back([&, t] {
        auto& a = part1[t];
        auto& b = part2[t];
        for (std::size_t k = size * t / n; k < size * (t + 1) / n; ++k) {
          for_each_spawn_and_move(o_.formation, rows_, layer[k], o_.target,
                                  [&](int, int v, int, Board child, bool reached) {
                                    if (!reached) (v == 1 ? a : b).push_back(child);
                                  });
          // Keep the buffers near their distinct size.
          if (a.size() > (8u << 20)) sort_unique(&a);
          if (b.size() > (8u << 20)) sort_unique(&b);
        }
        sort_unique(&a);
        sort_unique(&b);
      });
    }
    for (auto& th : pool) th.join();
    for (unsigned t = 0; t < n; ++t) {
      if (up1) up1->insert(up1->end(), part1[t].begin(), part1[t].end());
      up2->insert(up2->end(), part2[t].begin(), part2[t].end());
    }
    if (up1) sort_unique(up1);
    sort_unique(up2);
  }

  bool forward(int* layers, std::string* error) {
    fs::path done = fs::path(o_.dir) / "forward.txt";
    std::ifstream done_in(done);
    if (done_in >> *layers) {
      for (int i = 0; i < *layers; ++i)
        s_->states += fs::file_size(layer_file(o_.dir, "keys", i)) / sizeof(Board);
      say("forward pass already complete: " + std::to_string(*layers) + " layers");
      return true;
    }
    // Resume after the last complete layer k: its children, and the 4-spawn
    // children of layer k - 1 (which also land in layer k + 1).
    int k = 0;
    while (fs::exists(layer_file(o_.dir, "keys", k + 1))) ++k;
    std::vector<Board> current, next, after_next;
    if (k == 0) {
      current = {o_.formation.wall_pattern};
      if (!write_array(layer_file(o_.dir, "keys", 0), current, error)) return false;
    } else {
      std::vector<Board> below;
      if (!read_array(layer_file(o_.dir, "keys", k - 1), &below, error)) return false;
      expand(below, nullptr, &next);
      if (!read_array(layer_file(o_.dir, "keys", k), &current, error)) return false;
      say("forward pass resumes at layer " + std::to_string(k));
    }
    for (int i = 0; i <= k; ++i)
      s_->states += fs::file_size(layer_file(o_.dir, "keys", i)) / sizeof(Board);
    auto last_say = Clock::now();
    for (int i = k;; ++i) {
      std::vector<Board> up1 = std::move(next);
      after_next.clear();
      expand(current, &up1, &after_next);
      // up1 may hold duplicates between the two sources: expand sorted it.
      if (!write_array(layer_file(o_.dir, "keys", i + 1), up1, error)) return false;
      s_->states += up1.size();
      if (Clock::now() - last_say > std::chrono::seconds(1)) {
        last_say = Clock::now();
        char line[160];
        std::snprintf(line, sizeof line,
                      "forward: layer %d (free sum %d), %zu states; %.1f M in all, %.0f s", i + 1,
                      2 * (i + 1), up1.size(), s_->states / 1e6, elapsed());
        say(line);
      }
      current = std::move(up1);
      next = std::move(after_next);
      if (current.empty() && next.empty()) {
        *layers = i + 2;  // layer i + 1 is the empty last one
        break;
      }
    }
    std::ofstream out(done);
    out << *layers << "\n";
    say("forward pass done: " + std::to_string(*layers) + " layers, " + std::to_string(s_->states) +
        " states");
    return static_cast<bool>(out);
  }

  // The rates of one layer from the maps of the two above it.
  std::vector<float> rates_of(const std::vector<Board>& keys, const LayerMap& up1,
                              const LayerMap& up2) {
    std::vector<float> rates(keys.size());
    parallel_ranges(keys.size(), o_.threads, [&](std::size_t begin, std::size_t end) {
      for (std::size_t k = begin; k < end; ++k) {
        double best[16][3] = {};
        int empty = for_each_spawn_and_move(o_.formation, rows_, keys[k], o_.target,
                                            [&](int slot, int v, int, Board child, bool reached) {
                                              double value =
                                                  reached ? 1.0 : (v == 1 ? up1 : up2).get(child);
                                              best[slot][v] = std::max(best[slot][v], value);
                                            });
        double sum = 0;
        for (int s = 0; s < empty; ++s) sum += 0.9 * best[s][1] + 0.1 * best[s][2];
        rates[k] = empty ? static_cast<float>(sum / empty) : 0.0f;
      }
    });
    return rates;
  }

  bool backward(int layers, std::string* error) {
    // Resume below the lowest layer whose rates are written.
    int top = layers;
    while (top > 0 && fs::exists(layer_file(o_.dir, "rates", top - 1))) --top;
    LayerMap up1, up2;  // layers i + 1 and i + 2
    auto load_map = [&](int layer, LayerMap* map) {
      std::vector<Board> keys;
      std::vector<float> rates;
      if (layer >= layers) {
        *map = LayerMap();
        return true;
      }
      if (!read_array(layer_file(o_.dir, "keys", layer), &keys, error) ||
          !read_array(layer_file(o_.dir, "rates", layer), &rates, error))
        return false;
      map->build(keys, rates);
      return true;
    };
    if (!load_map(top, &up1) || !load_map(top + 1, &up2)) return false;
    if (top < layers) say("backward pass resumes at layer " + std::to_string(top - 1));
    auto last_say = Clock::now();
    for (int i = top - 1; i >= 0; --i) {
      std::vector<Board> keys;
      if (!read_array(layer_file(o_.dir, "keys", i), &keys, error)) return false;
      std::vector<float> rates = rates_of(keys, up1, up2);
      if (!write_array(layer_file(o_.dir, "rates", i), rates, error)) return false;
      up2 = std::move(up1);
      up1.build(keys, rates);
      if (Clock::now() - last_say > std::chrono::seconds(1) || i == 0) {
        last_say = Clock::now();
        char line[160];
        std::snprintf(line, sizeof line, "backward: layer %d of %d, %zu states, %.0f s", i, layers,
                      keys.size(), elapsed());
        say(line);
      }
    }
    s_->bytes = 0;
    for (int i = 0; i < layers; ++i)
      s_->bytes += fs::file_size(layer_file(o_.dir, "keys", i)) +
                   fs::file_size(layer_file(o_.dir, "rates", i));
    return true;
  }

  const BuildOptions& o_;
  BuildSummary* s_;
  const RowTables& rows_;
  Clock::time_point start_;
};

}  // namespace

bool build_table(const BuildOptions& options, BuildSummary* summary, std::string* error) {
  init_tables();
  *summary = BuildSummary();
  return Builder(options, summary).run(error);
}

bool load_table_dir(const std::string& dir, EndgameTable* out, std::string* error) {
  std::ifstream meta((fs::path(dir) / "table.txt").string());
  if (!meta) {
    *error = dir + " holds no finished table (no table.txt; build it with ai2048 tables build)";
    return false;
  }
  std::string word, name;
  int target = 0, layers = 0;
  std::uint64_t states = 0;
  meta >> word >> name >> word >> target >> word >> layers >> word >> states;
  Formation f;
  if (!meta || !formation_by_name(name, &f) || target < 2 || target > 15 || layers < 1 ||
      layers > 100000) {
    *error = dir + "/table.txt is not a table description";
    return false;
  }
  std::vector<TableLayer> all(static_cast<std::size_t>(layers));
  for (int i = 0; i < layers; ++i) {
    if (!read_array(layer_file(dir, "keys", i), &all[i].keys, error) ||
        !read_array(layer_file(dir, "rates", i), &all[i].rates, error))
      return false;
    if (all[i].keys.size() != all[i].rates.size()) {
      *error = layer_file(dir, "rates", i) + " does not match its keys";
      return false;
    }
  }
  *out = EndgameTable(f, target, std::move(all));
  return true;
}

}  // namespace g2048::endgame
