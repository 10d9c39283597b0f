// The evaluations, listed once. Every search over the list (expectimax's
// ExpectimaxSearcher, minimax's MinimaxSearcher, so the evil spawner too) is
// instantiated for each member, so adding an evaluation is its own file plus
// one line here.
//
// An evaluation is a copyable class with (the concept the searches take):
//   static constexpr const char* kName;   // its name in --eval and {eval: ...}
//   static constexpr bool kScoresMoves;   // true: values are the score to come,
//                                         // so expectimax adds each move's gain
//   static constexpr bool kCacheLeaves;   // true: costly, leaves go through a cache
//   static constexpr int kDefaultDepth;   // with no budget given; 0: chosen
//   float evaluate(Board afterstate) const;
//   void evaluate_many(const Board* boards, int n, float* out) const;  // n <= 4,
//                                         // needed with kCacheLeaves
// The searches are templates over that concept (search/expectimax.h,
// search/minimax.h), so a test can search with an evaluation of its own
// (tests/cpp/evaluator_list_test.cpp).
#pragma once

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "eval/heuristic.h"
#include "eval/network_eval.h"

namespace g2048 {

using Evaluator = std::variant<Heuristic, NetworkEval>;

// Search<E> for every evaluation E in a list: the variant a searcher holds.
template <template <class> class Search, class List>
struct SearchOver;
template <template <class> class Search, class... E>
struct SearchOver<Search, std::variant<E...>> {
  using type = std::variant<Search<E>...>;
};
template <template <class> class Search>
using SearchOverEvaluators = typename SearchOver<Search, Evaluator>::type;

// The index of evaluation E in the list.
template <class E, class List = Evaluator>
struct EvaluatorIndex;
template <class E, class... All>
struct EvaluatorIndex<E, std::variant<All...>> {
  static constexpr std::size_t value = [] {
    std::size_t i = 0;
    bool found = false;
    ((found = found || std::is_same_v<E, All>, i += found ? 0 : 1), ...);
    return i;
  }();
};

// The search for e's alternative, built on it (it must outlive the search).
template <template <class> class Search, class... Args>
SearchOverEvaluators<Search> make_search_over(const Evaluator& e, Args&&... args) {
  return std::visit(
      [&](const auto& eval) {
        using E = std::decay_t<decltype(eval)>;
        return SearchOverEvaluators<Search>(std::in_place_type<Search<E>>, eval,
                                            std::forward<Args>(args)...);
      },
      e);
}

inline bool scores_moves(const Evaluator& e) {
  return std::visit([](const auto& eval) { return eval.kScoresMoves; }, e);
}

// Every evaluation's name, in the list's order: "heuristic", "network"; and
// the default depth of the one at index i, without building it.
template <class List>
struct EvaluatorList;
template <class... E>
struct EvaluatorList<std::variant<E...>> {
  static std::vector<std::string> get() { return {E::kName...}; }
  static int default_depth(std::size_t i) {
    constexpr int depths[] = {E::kDefaultDepth...};
    return depths[i];
  }
};

}  // namespace g2048
