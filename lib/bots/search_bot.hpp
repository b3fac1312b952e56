#pragma once
// The searching bots: uct, cheat-uct, pimc, ismcts and mo-ismcts, all one MctsBot over the
// generic search core with a different SearchConfig. The spec parameters are listed in
// lib/bots/spec.cpp (`nuraghe bots` prints them).

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "bots/bot.hpp"
#include "core/hooks.hpp"
#include "core/params.hpp"
#include "search/mcts.hpp"

namespace nuraghe {

// Reads and cross-checks a searching bot's parameters (types and ranges are checked by Params).
// The config's eval and policy are left null: make_search_bot loads the models.
search::SearchConfig search_config(const std::string& name, const Params& p);

// The model in the file at `path`, read once per process: the bots of one process that name one
// file (by its canonical path) share it. Thread-safe; InputError if the file is unreadable or bad.
std::shared_ptr<const ValueModel> shared_model(const std::string& path);

// The words prior= takes; any other value is a policy model's file.
inline constexpr std::array<std::string_view, 3> kPriorWords = {"none", "uniform", "heuristic"};
inline bool prior_names_a_file(std::string_view value) {
  return std::find(kPriorWords.begin(), kPriorWords.end(), value) == kPriorWords.end();
}

// The model a bot's `key`=`path` names (eval= a value model, prior= a policy), refused in one line
// if it is of another game or of the other kind. The rest of its identity (options, map, seats,
// observation size, action space) is checked where the game's configuration is known, before any
// game starts (check_models, lib/arena/arena.hpp).
std::shared_ptr<const ValueModel> model_for_bot(const std::string& bot, std::string_view game, const std::string& key,
                                                const std::string& path, bool policy);

// The root states a search draws (search::Mcts::search's sampler): the state itself (UCT, and the
// cheating upper bound), or a determinization of a seat's information set. Named types, so that
// the search over each is compiled once per game (lib/bots/games.hpp), and a test or benchmark
// that searches with them links it.
template <Game G>
struct RootState {
  const typename G::State& state;
  typename G::State operator()(Rng&) const { return state; }
};
template <Game G>
struct RootDeterminized {
  const InfoSet<G>& info;
  typename G::State operator()(Rng& rng) const { return info.determinize(rng); }
};

template <Game G>
class MctsBot final : public Bot<G> {
 public:
  using State = typename G::State;
  // `model` and `policy` are the config's eval and policy, kept alive for as long as the bot is.
  MctsBot(const search::SearchConfig& config, bool reuse, std::uint64_t seed,
          std::shared_ptr<const ValueModel> model = nullptr, std::shared_ptr<const ValueModel> policy = nullptr)
      : model_(std::move(model)), policy_(std::move(policy)), mcts_(config, reuse), seed_(seed) {}

  void start(Player seat) override {
    Bot<G>::start(seat);
    mcts_.reset();
    decisions_ = 0;
  }

  // The search (defined below the class, so that a file that declares MctsBot<G> compiled
  // elsewhere, as lib/bots/games.hpp does, does not compile the search again).
  Move choose(const InfoSet<G>& info) override;

  void inform(std::uint64_t token) override { mcts_.observe(token); }

  // The searcher's mean return over the root's visits: each root move's mean weighted by its visits.
  std::optional<double> root_value() const override {
    double sum = 0, visits = 0;
    for (const auto& m : last_.moves) sum += m.mean * m.visits, visits += m.visits;
    if (visits == 0) return std::nullopt;
    return sum / visits;
  }

  const search::SearchResult& last_result() const { return last_; }

 private:
  std::shared_ptr<const ValueModel> model_, policy_;
  search::Mcts<G> mcts_;
  std::uint64_t seed_;
  std::uint64_t decisions_ = 0;
  search::SearchResult last_;
};

template <Game G>
Move MctsBot<G>::choose(const InfoSet<G>& info) {
  Rng rng(hash_combine(seed_, decisions_++));
  const bool simultaneous = info.to_move() == kSimultaneous;
  const auto algorithm = mcts_.config().algorithm;
  const auto search_state = [&](const State& s) {
    return mcts_.search(RootState<G>{s}, info.seat(), info.num_players(), simultaneous, rng);
  };
  if (algorithm == search::Algorithm::Uct) {
    // UCT searches the state it is given, which for a perfect-information game is the seat's
    // information set itself (make_search_bot refuses uct for any other game).
    if constexpr (!hidden_information<G>) last_ = search_state(info.state_if_perfect_information());
    else throw std::logic_error("uct on a game with hidden information");
  } else if (algorithm == search::Algorithm::CheatUct) {
    last_ = search_state(info.true_state_for_cheating());  // the upper bound reads the hidden cards on purpose
  } else {
    last_ = mcts_.search(RootDeterminized<G>{info}, info.seat(), info.num_players(), simultaneous, rng);
  }
  if (last_.moves.empty()) {  // no iteration ran (a tiny time budget): any legal move
    MoveListOf<G> moves;
    info.legal_moves(moves);
    last_.best = moves[rng.below(std::uint32_t(moves.size()))];
  }
  return last_.best;
}

// Builds a searching bot for G, or throws InputError if the spec asks what G cannot give.
template <Game G>
std::unique_ptr<Bot<G>> make_search_bot(const std::string& name, const Params& p, std::uint64_t seed) {
  search::SearchConfig cfg = search_config(name, p);
  const std::string game(G::kName);
  if (cfg.algorithm == search::Algorithm::Uct && hidden_information<G>)
    input_error(
        "bot uct: " + game +
        " has hidden information; uct would read the hidden state (use cheat-uct for that upper bound, or ismcts)");
  if (cfg.rollout == search::Rollout::Heuristic && !HasHeuristic<G>)
    input_error("bot " + name + ": " + game + " has no heuristic policy for rollout=heuristic");
  if (cfg.cutoff > 0 && !HasEvaluation<G> && !p.given("eval"))
    input_error("bot " + name + ": " + game + " has no static evaluation for cutoff=" + std::to_string(cfg.cutoff));
  if (cfg.prior == search::Prior::Heuristic && !HasHeuristic<G>)
    input_error("bot " + name + ": " + game + " has no heuristic policy for prior=heuristic");
  if (cfg.mix > 0 && !HasEvaluation<G> && !p.given("eval"))
    input_error("bot " + name + ": " + game + " has no static evaluation to mix with the rollout (give eval=MODEL)");
  if (cfg.bias > 0 && !HasHeuristic<G>)
    input_error("bot " + name + ": " + game + " has no heuristic policy for bias=" + p.text("bias"));
  if (cfg.prune && !HasSearchMoves<G>)
    input_error("bot " + name + ": " + game + " does not say which moves are worth searching, for prune=on");
  std::shared_ptr<const ValueModel> model;
  if (p.given("eval")) {
    if (!HasTensors<G>)
      input_error("bot " + name + ": " + game + " has no observation tensors for a learned evaluation (eval=)");
    model = model_for_bot(name, game, "eval", p.text("eval"), false);
    cfg.eval = model.get();
  } else if (cfg.cutoff == search::kLeafCutoff && !HasEvaluation<G>) {
    input_error("bot " + name + ": " + game + " has no static evaluation for cutoff=leaf (give eval=MODEL)");
  }
  std::shared_ptr<const ValueModel> policy;
  if (cfg.prior == search::Prior::Model) {
    if (!HasTensors<G>)
      input_error("bot " + name + ": " + game +
                  " has no observation tensors for a policy model (prior=" + p.text("prior") + ")");
    policy = model_for_bot(name, game, "prior", p.text("prior"), true);
    cfg.policy = policy.get();
  }
  return std::make_unique<MctsBot<G>>(cfg, p.text("reuse") == "on", seed, std::move(model), std::move(policy));
}

}  // namespace nuraghe
