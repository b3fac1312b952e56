#pragma once
// AnyGame and AnyState (lib/any_game/any_game.hpp) for one game: GameOps<G> and StateOf<G>, with the bots
// written outside the library that play and arena seat (CallbackBot<G>). Only the files CMake
// writes for each game (cmake/games.cmake, lib/any_game/game_file.cpp.in) include this header: each
// instantiates any_game_of<G> for its own game, once.

#include <memory>
#include <string>
#include <vector>

#include "any_game/any_game.hpp"
#include "arena/arena.hpp"
#include "arena/summary.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "core/value_model.hpp"
#include "games/all_presentations.hpp"

namespace nuraghe {

// A seat played by an ExternalBot: its decision function is made when the game starts, and given
// the seat's view and legal moves at each decision.
template <Game G>
class CallbackBot final : public Bot<G> {
 public:
  CallbackBot(const ExternalBot& bot, std::uint64_t seed) : bot_(bot), seed_(seed) {}

  void start(Player seat) override {
    Bot<G>::start(seat);
    decide_ = bot_.start(seat, seed_);
  }

  Move choose(const InfoSet<G>& info) override {
    MoveListOf<G> moves;
    info.legal_moves(moves);
    std::vector<std::string> texts;
    for (const Move m : moves) texts.push_back(info.move_to_string(m));
    const std::size_t chosen = decide_(info.view(), texts);
    if (chosen >= texts.size())  // the caller checks its bot's answer; this keeps the move list safe
      input_error("the bot for seat " + std::to_string(info.seat()) + " chose move " + std::to_string(chosen) +
                  " of a list of " + std::to_string(texts.size()));
    return moves[chosen];
  }

 private:
  const ExternalBot& bot_;  // the caller's, which outlives the games it plays
  std::uint64_t seed_;
  ExternalBot::Decide decide_;
};

template <Game G>
BotMaker<G> maker_with(const ExternalBots& external) {
  BotMaker<G> m;
  m.make = [&external](const std::string& spec, std::uint64_t seed, SpecSeeds rule) -> std::unique_ptr<Bot<G>> {
    const auto it = external.find(spec);
    if (it == external.end()) return make_bot<G>(spec, seed, rule);
    return std::make_unique<CallbackBot<G>>(it->second, seed);
  };
  m.threads = [&external](const std::string& spec) { return external.count(spec) ? 1 : spec_threads(spec); };
  return m;
}

template <Game G>
class StateOf final : public AnyState {
 public:
  using State = typename G::State;
  explicit StateOf(const State& s) : s_(s) {}

  std::unique_ptr<AnyState> clone() const override { return std::make_unique<StateOf>(s_); }
  std::string game() const override { return std::string(G::kName); }
  int num_players() const override { return num_players_of<G>(s_); }
  Player to_move() const override { return s_.to_move(); }
  bool equals(const AnyState& other) const override {
    const auto* o = dynamic_cast<const StateOf*>(&other);
    return o && same_state<G>(o->s_, s_);
  }
  Json to_json() const override { return G::to_json(s_); }
  std::string render(Player p) const override { return render_of<G>(s_, p < 0 ? p : checked_seat(p)); }

  std::vector<std::string> legal_moves(Player p) const override {
    MoveListOf<G> moves;
    const Player seat = seat_or_mover(p);
    legal_moves_of<G>(s_, seat, moves);
    std::vector<std::string> out;
    for (const Move m : moves) out.push_back(G::move_to_string(s_, seat, m));
    return out;
  }
  void apply(const MoveArg& move, const std::string& argument) override {
    const Player p = s_.to_move();
    if (p == kTerminal) input_error("apply: the game is over");
    if (p == kSimultaneous) input_error("apply: every seat moves at once here: use apply_joint([...]), a move a seat");
    s_.apply(read_move(move, p, argument));
  }
  void apply_joint(const std::vector<MoveArg>& moves) override {
    if (s_.to_move() != kSimultaneous) input_error("apply_joint: this is not a simultaneous node (use apply)");
    if (int(moves.size()) != num_players_of<G>(s_))
      input_error("apply_joint: give one move for each of the " + std::to_string(num_players_of<G>(s_)) + " seats");
    JointMove joint{};
    for (int q = 0; q < num_players_of<G>(s_); ++q)
      joint[q] = read_move(moves[std::size_t(q)], q, "moves[" + std::to_string(q) + "]");
    nuraghe::apply_joint<G>(s_, joint);
  }
  void apply_step(const std::string& text) override { apply_text<G>(s_, text); }

  std::vector<double> returns() const override { return first(s_.returns()); }
  std::vector<double> scores() const override { return first(scores_of<G>(s_)); }
  std::string score(bool json) const override {
    if constexpr (HasScoreReport<G>) {
      return json ? json_text(G::Presentation::score_json(s_)) + "\n" : G::Presentation::score_report(s_);
    } else {
      if (s_.to_move() != kTerminal) input_error("score: the game is not over in this position");
      if (json) return json_text(Json{{"scores", scores()}}) + "\n";
      return "scores: " + format_values(scores_of<G>(s_), num_players_of<G>(s_)) + "\n";
    }
  }

  Json view(Player p) const override { return view_of<G>(s_, checked_seat(p)); }
  std::unique_ptr<AnyState> determinize(Player p, std::uint64_t seed) const override {
    Rng rng(seed);
    return std::make_unique<StateOf>(nuraghe::determinize<G>(s_, checked_seat(p), rng));
  }

  int num_actions() const override {
    if constexpr (HasTensors<G>) return G::num_actions(s_);
    else no_tensors();
  }
  std::vector<int> legal_actions(Player p) const override {
    MoveListOf<G> moves;
    legal_moves_of<G>(s_, seat_or_mover(p), moves);
    std::vector<int> out;
    for (const Move m : moves) out.push_back(action_index(m));
    return out;
  }
  std::string action_to_move(const Action& action, Player p) const override {
    const Player seat = seat_or_mover(p);
    return G::move_to_string(s_, seat, legal_action(action, seat, "action"));
  }
  int move_to_action(const std::string& text, Player p) const override {
    return action_index(parse_legal_move<G>(s_, seat_or_mover(p), text));
  }
  std::vector<float> observation(Player p) const override {
    if constexpr (HasTensors<G>) {
      std::vector<float> out(std::size_t(G::observation_size(s_)));
      G::observation(s_, checked_seat(p), out.data());
      return out;
    } else {
      no_tensors();
    }
  }
  std::vector<std::string> feature_names() const override {
    if constexpr (HasFeatures<G>) return G::feature_names(s_);
    no_features();
  }
  std::vector<float> features(Player p) const override {
    if constexpr (HasFeatures<G>) {
      std::vector<float> out(std::size_t(G::feature_count(s_)));
      G::features(s_, checked_seat(p), out.data());
      return out;
    } else {
      no_features();
    }
  }
  std::vector<std::pair<std::string, double>> policy(const ValueModel& m, Player p) const override {
    if constexpr (HasTensors<G>) {
      if (!m.is_policy()) input_error("policy: the model is a value model; policy takes a policy model");
      const std::string why = model_mismatch(m, model_fit_of<G>(s_, m.options, map_hash_text<G>(s_)));
      if (!why.empty()) input_error("policy: " + why);
      const Player seat = seat_or_mover(p);
      MoveListOf<G> legal;
      legal_moves_of<G>(s_, seat, legal);
      ModelEvaluator evaluator(m);
      std::vector<float> input(std::size_t(m.input_size()));
      std::vector<double> prob(std::size_t(legal.size()));
      policy_priors<G>(evaluator, s_, seat, legal.begin(), int(legal.size()), prob.data(), input.data());
      std::vector<std::pair<std::string, double>> out;
      for (int i = 0; i < int(legal.size()); ++i)
        out.emplace_back(G::move_to_string(s_, seat, legal[i]), prob[std::size_t(i)]);
      return out;
    } else {
      no_tensors();
    }
  }
  // Every seat's learned value as the search takes it at a leaf (learned_values). The model must
  // be for this game, map, seat count and observation size; its options are checked where a bot
  // meets a game's settings (arena, play), for a state does not keep the options it was made with.
  std::vector<double> evaluate(const ValueModel& m) const override {
    if constexpr (HasTensors<G>) {
      if (m.is_policy()) input_error("evaluate: the model is a policy model; evaluate takes a value model");
      const std::string why = model_mismatch(m, model_fit_of<G>(s_, m.options, map_hash_text<G>(s_)));
      if (!why.empty()) input_error("evaluate: " + why);
      ModelEvaluator evaluator(m);
      std::vector<float> observation(std::size_t(m.input_size()));
      return first(learned_values<G>(evaluator, s_, observation.data()));
    } else {
      no_tensors();
    }
  }

  std::string act(BotHandle& handle, const Unlock& unlock) const override {
    const State s = s_;  // the state as it is now: another thread may apply moves to s_ meanwhile
    const Move m = decide(handle, s, unlock);
    return G::move_to_string(s, handle.seat, m);
  }

  Analysis analyze(BotHandle& handle, const Unlock& unlock, const GameConfig* settings) const override {
    if (settings) check_models<G>({handle.spec}, s_, settings);
    auto* searcher = dynamic_cast<MctsBot<G>*>(&bot_of(handle));
    if (!searcher)
      input_error("analyze: bot " + parse_spec(handle.spec, "bot").name +
                  " does not search (give uct, cheat-uct, pimc, ismcts or mo-ismcts)");
    const State s = s_;  // as act
    const Move best = decide(handle, s, unlock);
    const auto& r = searcher->last_result();
    Analysis out;
    out.best = G::move_to_string(s, handle.seat, best);
    for (const auto& m : r.moves)
      out.moves.push_back({G::move_to_string(s, handle.seat, m.move), m.visits, m.mean, m.policy});
    out.iterations = r.iterations;
    out.seconds = r.seconds;
    out.bytes_reserved = r.bytes_reserved;
    out.bytes_used = r.bytes_used;
    return out;
  }

 private:
  std::vector<double> first(const Values& v) const { return seat_values(v, num_players_of<G>(s_)); }
  // The seat whose moves are meant: p, or (kMover) the seat to move.
  Player seat_or_mover(Player p) const {
    if (p >= 0) return checked_seat(p);
    const Player m = s_.to_move();
    if (m == kTerminal) input_error("the game is over: no seat has moves");
    if (m == kSimultaneous) input_error("every seat moves at once here: name the seat (seat=...)");
    return m;
  }
  Player checked_seat(Player p) const {
    if (p < 0 || p >= num_players_of<G>(s_))
      input_error("seat=" + std::to_string(p) + ": there is no such seat (this game has " +
                  std::to_string(num_players_of<G>(s_)) + ")");
    return p;
  }
  [[noreturn]] static void no_tensors() {
    input_error(std::string(G::kName) + " has no action space and observation vector (game_info(\"" +
                std::string(G::kName) + "\")[\"tensors\"] is False)");
  }
  [[noreturn]] static void no_features() {
    input_error(std::string(G::kName) + " names no features (game_info(\"" + std::string(G::kName) +
                "\")[\"features\"] is False)");
  }
  int action_index(Move m) const {
    if constexpr (HasTensors<G>) return G::action_index(s_, m);
    else no_tensors();
  }
  // The move of action index `a` (the argument `name`), which must be legal for seat p.
  Move legal_action(const Action& a, Player p, const std::string& name) const {
    if constexpr (HasTensors<G>) {
      const int n = G::num_actions(s_);
      if (!a.value || *a.value < 0 || *a.value >= n)
        input_error(name + "=" + a.text + " is outside the action space [0, " + std::to_string(n) + ")");
      const Move m = G::action_move(s_, *a.value);
      MoveListOf<G> moves;
      legal_moves_of<G>(s_, p, moves);
      if (!moves.contains(m))
        input_error(name + "=" + std::to_string(*a.value) + " is not legal for " + mover_name(p) + " (" +
                    std::to_string(moves.size()) + " legal moves)");
      return m;
    } else {
      no_tensors();
    }
  }
  // A move of seat p (the argument `name`): notation or an action index. Any other type is an
  // InputError too, as it always was.
  Move read_move(const MoveArg& move, Player p, const std::string& name) const {
    if (const auto* text = std::get_if<std::string>(&move)) return parse_legal_move<G>(s_, p, *text);
    if (const auto* action = std::get_if<Action>(&move)) return legal_action(*action, p, name);
    input_error(std::get<WrongType>(move).message);
  }

  Bot<G>& bot_of(BotHandle& h) const {
    if (h.game.empty()) {
      check_models<G>({h.spec}, s_, nullptr);  // the game's options are unknown here
      h.bot = std::shared_ptr<Bot<G>>(make_bot<G>(h.spec, h.seed));
      h.game = G::kName;
    } else if (h.game != G::kName) {
      input_error("this bot plays " + h.game + ", not " + std::string(G::kName) + " (make one bot a game)");
    }
    return *static_cast<Bot<G>*>(h.bot.get());
  }
  // A fresh decision of the bot's seat at s.
  Move decide(BotHandle& handle, const State& s, const Unlock& unlock) const {
    Bot<G>& bot = bot_of(handle);
    const Player seat = checked_seat(handle.seat);
    if (s.to_move() != seat && s.to_move() != kSimultaneous)
      input_error(s.to_move() == kTerminal
                      ? "the game is over"
                      : "the bot plays " + mover_name(seat) + ", but " + mover_name(s.to_move()) + " is to move");
    if (handle.busy) input_error("this bot is deciding in another thread (make a bot a thread)");
    handle.busy = true;
    struct Done {
      BotHandle& h;
      ~Done() { h.busy = false; }  // after the token below is given back (the module: with the GIL)
    } done{handle};
    const std::shared_ptr<void> token = unlock ? unlock() : nullptr;
    bot.start(seat);
    return bot.choose(InfoSet<G>(s, seat));
  }

  State s_;
};

template <Game G>
class GameOps final : public AnyGame {
 public:
  GameInfo info() const override {
    GameInfo i;
    i.name = G::kName;
    i.description = G::kDescription;
    i.min_players = G::kMinPlayers;
    i.max_players = G::kMaxPlayers;
    i.hidden_information = hidden_information<G>;
    i.tensors = HasTensors<G>;
    i.features = HasFeatures<G>;
    for (const auto& o : G::option_specs()) i.options.push_back(o.describe());
    if constexpr (HasMap<G>) i.map_field = map_field_of<G>();
    return i;
  }
  std::unique_ptr<AnyState> initial(const GameConfig& config) const override {
    return std::make_unique<StateOf<G>>(G::initial(config));
  }
  std::unique_ptr<AnyState> from_json(const Json& j) const override {
    return std::make_unique<StateOf<G>>(G::from_json(j));
  }
  void check_map(const GameConfig& config) const override {
    if constexpr (!HasMap<G>) reject_map_file<G>(config);
  }
  Json map_data(const GameConfig& config) const override {
    check_map(config);
    if constexpr (HasMap<G>) return G::initial(config).board().source;
    else input_error(std::string(G::kName) + " has no board or map data: its board is part of its rules");
  }

  GameRecord play(const GameConfig& config, const std::vector<std::string>& bots,
                  const ExternalBots& external) const override {
    const auto start = G::initial(config);
    const int n = num_players_of<G>(start);
    if (int(bots.size()) != n)
      input_error("play: " + std::to_string(n) + " seats need " + std::to_string(n) + " bots, got " +
                  std::to_string(bots.size()));
    const BotMaker<G> maker = maker_with<G>(external);
    std::vector<std::unique_ptr<Bot<G>>> owned;
    std::vector<Bot<G>*> table;
    for (int p = 0; p < n; ++p) {
      owned.push_back(maker.make(bots[std::size_t(p)], play_bot_seed(config.seed, p), SpecSeeds::Streams));
      table.push_back(owned.back().get());
    }
    return play_game<G>(start, table);
  }

  std::vector<Json> arena(const ArenaSettings& a, const ArenaRunOptions& options, const ExternalBots& external,
                          Json& summary) const override {
    std::vector<Json> out;
    const ArenaRun run = run_arena<G>(a, options, maker_with<G>(external));
    // Each game's results-file line, and its deal (which the line leaves to the header's rules).
    for (const auto& g : run.games) {
      out.push_back(g.line);
      out.back()["deal"] = g.deal;
    }
    summary = parse_json(format_summary(summarize(a.bots, run.games, a.config.seed), "json"), "summary");
    return out;
  }
};

template <Game G>
const AnyGame& any_game_of() {
  static const GameOps<G> ops;
  return ops;
}

}  // namespace nuraghe
