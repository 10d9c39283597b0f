#include "training/td_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>

#include "engine/rng.h"
#include "players/game_runner.h"
#include "training/carousel.h"

namespace g2048 {

namespace {

// A restart begins halfway through an episode of at least this many moves.
constexpr std::size_t kMinRestartMoves = 20;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The same rule as spawn() on Tiles: the k-th empty cell in row-major order,
// k = rng.below(empty), then a 4 when rng.below(10) == 0.
bool spawn_tile(Board* b, Rng& rng) {
  int empty = count_empty(*b);
  if (empty == 0) return false;
  int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(empty)));
  int exponent = rng.below(10) == 0 ? 2 : 1;
  for (int i = 0; i < 16; ++i) {
    if (cell(*b, i) != 0) continue;
    if (k-- == 0) {
      *b = with_cell(*b, i, exponent);
      return true;
    }
  }
  return false;
}

// Each thread's episode, kept between episodes so its memory is reused: per
// move the reward, the afterstate, and the afterstate's feature indices (the
// online path keeps only the afterstates and two moves' indices).
struct Episode {
  std::vector<std::uint32_t> rewards, indices;
  std::vector<Board> path;
};
thread_local Episode episode;

// What a finished game reports, from its afterstates and its last board.
TrainedGame game_result(const std::vector<Board>& path, std::uint64_t score, Board last) {
  TrainedGame game;
  game.score = score;
  game.moves = path.size();
  game.max_exponent = max_exponent(last);
  if (path.size() >= kMinRestartMoves) game.halfway = path[path.size() / 2];
  return game;
}

}  // namespace

std::uint64_t TdTrainer::game_seed(std::uint64_t seed, std::uint64_t game) {
  Rng mix(seed ^ (game * 0xD1B54A32D192ED03ULL));
  return mix.next();
}

TdTrainer::TdTrainer(NTupleNetwork* net, const TrainSettings& settings)
    : net_(net),
      tables_(row_tables()),
      settings_(settings),
      step_(settings.alpha / static_cast<float>(net->layout().feature_count())) {
  if (settings.coherence) {
    coherence_.assign(net->weights().size(), {0.0f, 0.0f});
  }
}

float TdTrainer::update_toward(Board b, float target) {
  FeatureIndices index;
  net_->layout().feature_indices(b, index);
  return update_at(index, target);
}

// Moves the board's value by step x error (times each weight's coherence) in
// feature order; returns the new value (read again: a weight may serve
// several of the board's features).
template <class Index>
float TdTrainer::update_at(const Index* index, float target) {
  float* w = net_->weights().data();
  const int features = net_->layout().feature_count();
  float value = 0.0f;
  for (int f = 0; f < features; ++f) value += w[index[f]];
  const float error = target - value;
  if (settings_.coherence) {
    const float abs_error = std::fabs(error);
    for (int f = 0; f < features; ++f) {
      std::array<float, 2>& c = coherence_[index[f]];
      float rate = c[1] > 0 ? std::fabs(c[0]) / c[1] : 1.0f;
      w[index[f]] += step_ * rate * error;
      c[0] += error;
      c[1] += abs_error;
    }
  } else {
    const float delta = step_ * error;
    for (int f = 0; f < features; ++f) w[index[f]] += delta;
  }
  float updated = 0.0f;
  for (int f = 0; f < features; ++f) updated += w[index[f]];
  return updated;
}

void TdTrainer::prefetch_at(const std::uint32_t* index) const {
  const float* w = net_->weights().data();
  const int features = net_->layout().feature_count();
  for (int f = 0; f < features; ++f) __builtin_prefetch(&w[index[f]]);
  if (settings_.coherence)
    for (int f = 0; f < features; ++f) __builtin_prefetch(&coherence_[index[f]]);
}

int TdTrainer::greedy_move(Board b, Board* after_best, std::uint32_t* gain_best,
                           std::uint32_t* chosen, float* value_best) const {
  Board after[4], legal[4];
  std::uint32_t gain[4];
  Board tr = transpose(b);
  all_moves(tables_, b, tr, after);
  move_gains(tables_, b, tr, gain);
  int dirs[4], n = 0;
  for (int d = 0; d < 4; ++d)
    if (after[d] != b) legal[n] = after[d], dirs[n++] = d;
  if (n == 0) return -1;
  float value[4];
  FeatureIndices index[4];
  sum_features(net_->layout(), net_->weights().data(), legal, n, value, index);
  int best = -1;
  float best_value = -std::numeric_limits<float>::infinity();
  for (int k = 0; k < n; ++k) {
    float v = static_cast<float>(gain[dirs[k]]) + value[k];
    if (v > best_value) best_value = v, best = k;
  }
  if (chosen) {
    const int features = net_->layout().feature_count();
    for (int f = 0; f < features; ++f) chosen[f] = static_cast<std::uint32_t>(index[best][f]);
  }
  if (value_best) *value_best = value[best];
  *after_best = legal[best];
  *gain_best = gain[dirs[best]];
  return dirs[best];
}

Board TdTrainer::play_until(std::uint64_t seed, int exponent, int max_games) {
  Rng rng(seed);
  for (int g = 0; g < max_games; ++g) {
    Board b = 0;
    spawn_tile(&b, rng);
    spawn_tile(&b, rng);
    Board after;
    std::uint32_t gain;
    while (greedy_move(b, &after, &gain) >= 0) {
      if (max_exponent(after) >= exponent) return after;
      b = after;
      spawn_tile(&b, rng);
    }
  }
  return 0;
}

TrainedGame TdTrainer::play_and_learn(std::uint64_t seed, Board start) {
  Rng rng(seed);
  Board b = start;
  if (!b) spawn_tile(&b, rng);
  spawn_tile(&b, rng);
  if (settings_.forward) return play_and_learn_forward(b, rng);
  const std::size_t features = static_cast<std::size_t>(net_->layout().feature_count());
  std::vector<std::uint32_t>& rewards = episode.rewards;
  std::vector<std::uint32_t>& indices = episode.indices;
  std::vector<Board>& path = episode.path;
  rewards.clear();
  path.clear();
  std::uint64_t score = 0;
  Board after;
  std::uint32_t gain;
  for (;;) {
    if (indices.size() < (path.size() + 1) * features)
      indices.resize(std::max<std::size_t>(8192, 2 * (path.size() + 1)) * features);
    if (greedy_move(b, &after, &gain, &indices[path.size() * features]) < 0) break;
    path.push_back(after);
    rewards.push_back(gain);
    score += gain;
    b = after;
    spawn_tile(&b, rng);
  }
  TrainedGame game = game_result(path, score, b);
  // Backward: the last afterstate leads to a lost game (value 0). The
  // weights of the update kAhead moves earlier are fetched while this one runs.
  constexpr std::size_t kAhead = 2;
  float target = 0.0f;
  for (std::size_t i = path.size(); i-- > 0;) {
    if (i >= kAhead) prefetch_at(&indices[(i - kAhead) * features]);
    // TD(lambda) by the backward recursion of the lambda-return: the earlier
    // afterstate's target mixes this one's new value and this one's own target.
    float updated = update_at(&indices[i * features], target);
    target = static_cast<float>(rewards[i]) + (1.0f - settings_.lambda) * updated +
             settings_.lambda * target;
  }
  return game;
}

TrainedGame TdTrainer::play_and_learn_forward(Board b, Rng& rng) {
  // The episode's afterstates (for a restart's halfway board) and two slots
  // of feature indices: the previous afterstate's and this one's.
  const std::size_t features = static_cast<std::size_t>(net_->layout().feature_count());
  std::vector<Board>& path = episode.path;
  std::vector<std::uint32_t>& slots = episode.indices;
  path.clear();
  if (slots.size() < 2 * features) slots.resize(2 * features);
  std::uint64_t score = 0;
  Board after;
  std::uint32_t gain;
  float value;
  std::uint32_t* previous = nullptr;
  for (;;) {
    std::uint32_t* chosen = &slots[(path.size() % 2) * features];
    if (greedy_move(b, &after, &gain, chosen, &value) < 0) break;
    // The previous afterstate's target: this move's reward and this
    // afterstate's value as the choice read it.
    if (previous) update_at(previous, static_cast<float>(gain) + value);
    previous = chosen;
    path.push_back(after);
    score += gain;
    b = after;
    spawn_tile(&b, rng);
  }
  // The last afterstate leads to a lost game (value 0).
  if (previous) update_at(previous, 0.0f);
  return game_result(path, score, b);
}

TrainWindow TdTrainer::run(std::uint64_t first_game, std::uint64_t moves_before,
                           double seconds_before,
                           const std::function<void(const TrainWindow&)>& on_window,
                           double checkpoint_seconds,
                           const std::function<void(const TrainWindow&)>& on_checkpoint,
                           const std::atomic<bool>* stop) {
  Clock::time_point start = Clock::now();
  std::mutex mutex;  // guards the fields below and the callbacks
  std::uint64_t games_done = first_game, moves_done = moves_before;
  std::vector<GameRecord> window;  // whole games only
  Clock::time_point window_start = start;
  std::uint64_t window_moves = 0;
  TrainWindow last;
  last.games = first_game;
  last.moves = moves_before;
  last.seconds = seconds_before;

  auto should_stop = [&] {
    if (stop && stop->load()) return true;
    if (settings_.seconds > 0 && seconds_since(start) >= settings_.seconds) return true;
    return false;
  };

  // Each thread's own restart, late-start and carousel state, then its games.
  auto make_runner = [&]() -> TaskRunner {
    struct State {
      Board restart_from = 0, late_start = 0;
      int late_uses = 0;
      Carousel carousel;
    };
    auto state = std::make_shared<State>(State{0, 0, 0, Carousel(settings_.carousel_exponents)});
    return [&, state](std::uint64_t g) {
      Board& restart_from = state->restart_from;
      Board& late_start = state->late_start;
      int& late_uses = state->late_uses;
      bool restart = settings_.restarts && restart_from;
      Board from = restart ? restart_from : 0;
      if (!restart && settings_.start_exponent > 0) {
        if (!late_start || late_uses >= settings_.start_reuse) {
          late_start = play_until(game_seed(~settings_.seed, g), settings_.start_exponent);
          late_uses = 0;
        }
        from = late_start;
        ++late_uses;
      }
      const bool carousel = !settings_.carousel_exponents.empty();
      if (carousel) {
        Carousel::Start start = state->carousel.next(game_seed(~settings_.seed, g));
        from = start.board;
        restart = start.stage > 0;  // counted as a restart: not a whole game
      }
      TrainedGame game = play_and_learn(game_seed(settings_.seed, g), from);
      if (carousel) state->carousel.record(episode.path, from);
      restart_from = game.halfway;
      std::lock_guard<std::mutex> lock(mutex);
      ++games_done;
      moves_done += game.moves;
      window_moves += game.moves;
      // The statistics are of whole games only.
      if (!restart) {
        GameRecord record;
        record.score = game.score;
        record.max_exponent = game.max_exponent;
        record.moves = game.moves;
        window.push_back(record);
      }
      if (window.size() < settings_.window) return;
      TrainWindow w;
      w.games = games_done;
      w.moves = moves_done;
      w.seconds = seconds_before + seconds_since(start);
      w.moves_per_second = window_moves / std::max(seconds_since(window_start), 1e-9);
      GameStats stats = game_stats(window);
      w.average_score = stats.mean;
      w.max_score = stats.max;
      for (int k = 0; k < 3; ++k) w.rate[k] = stats.reach[13 + k];
      window.clear();
      window_moves = 0;
      window_start = Clock::now();
      last = w;
      if (on_window) on_window(w);
    };
  };

  ParallelRun parallel;
  parallel.first_task = first_game;
  parallel.end_task = settings_.games;
  parallel.jobs = static_cast<unsigned>(std::max(1, settings_.threads));
  parallel.stop = should_stop;
  // Checkpoints are written by the runner's ticker while the workers play.
  if (checkpoint_seconds > 0 && on_checkpoint) {
    parallel.tick_seconds = checkpoint_seconds;
    parallel.on_tick = [&] {
      std::lock_guard<std::mutex> lock(mutex);
      TrainWindow now = last;
      now.games = games_done;
      now.moves = moves_done;
      now.seconds = seconds_before + seconds_since(start);
      on_checkpoint(now);
    };
  }
  run_parallel(parallel, make_runner);
  last.games = games_done;
  last.moves = moves_done;
  last.seconds = seconds_before + seconds_since(start);
  if (on_checkpoint) on_checkpoint(last);
  return last;
}

}  // namespace g2048
