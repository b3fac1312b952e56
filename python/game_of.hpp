#pragma once
// AnyGame and AnyState (python/any_game.hpp) for one game: GameOps<G> and StateOf<G>, with the bots
// written in Python that play, arena and act seat (PythonBot<G>, Seats). Only the files CMake
// writes for each game (cmake/games.cmake) include this header: each instantiates any_game<G> for
// its own game, once.
//
// The GIL is released while C++ plays or searches (act, analyze, play, arena). A bot written in
// Python takes it back for each of its decisions, so with arena(jobs > 1) the C++ bots search in
// parallel while the Python ones take turns.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "core/hooks.hpp"
#include "core/value_model.hpp"
#include "python/any_game.hpp"
#include "python/convert.hpp"

namespace nuraghe::python {

// ---- bots written in Python -----------------------------------------------------------------

// A Python seat: `decide(view, legal)` with the seat's view (a dict) and its legal moves (notation
// strings) returns one of them, or its place in the list. With a factory, decide is
// factory(seat, seed), made when the game starts. Built on a C++ thread of the arena, used and
// dropped there: every touch of a Python object holds the GIL.
template <Game G>
class PythonBot final : public Bot<G> {
 public:
  PythonBot(py::object callable, bool factory, std::uint64_t seed)
      : factory_(factory ? std::move(callable) : py::object()),
        decide_(factory ? py::object() : std::move(callable)),
        seed_(seed) {}
  ~PythonBot() override {
    py::gil_scoped_acquire gil;
    factory_ = py::object();
    decide_ = py::object();
  }

  void start(Player seat) override {
    Bot<G>::start(seat);
    if (!factory_) return;
    py::gil_scoped_acquire gil;
    decide_ = factory_(seat, seed_);
    if (!PyCallable_Check(decide_.ptr()))
      input_error("a nuraghe.Seeded factory must return a callable (view, legal) -> move");
  }

  Move choose(const InfoSet<G>& info) override {
    MoveListOf<G> moves;
    info.legal_moves(moves);
    std::vector<std::string> texts;
    for (const Move m : moves) texts.push_back(info.move_to_string(m));
    const Json view = info.view();
    py::gil_scoped_acquire gil;
    const py::object chosen = decide_(to_python(view), py::cast(texts));
    if (const auto index = as_index(chosen)) {
      if (less(*index, py::int_(0)) || !less(*index, py::int_(texts.size())))
        input_error("a Python bot for seat " + std::to_string(info.seat()) + " chose move " + decimal(*index) +
                    " of a list of " + std::to_string(texts.size()));
      return moves[index->cast<std::size_t>()];
    }
    if (py::isinstance<py::str>(chosen)) {
      const std::string text = chosen.cast<std::string>();
      for (std::size_t i = 0; i < texts.size(); ++i)
        if (texts[i] == text) return moves[i];
      input_error("a Python bot for seat " + std::to_string(info.seat()) + " chose \"" + text +
                  "\", which is not one of its legal moves");
    }
    input_error("a Python bot for seat " + std::to_string(info.seat()) + " returned a " + type_name(chosen) +
                "; it must return one of the legal moves (a str) or its index in the list (an int)");
  }

 private:
  py::object factory_, decide_;
  std::uint64_t seed_;
};

// The bots of one play() or arena() call: a spec string seats nuraghe's bot; a Python seat is named
// "python:NAME" in the results, and is either one callable shared by every game (`shared`) or a
// factory called as factory(seat, seed) for each game and seat (nuraghe.Seeded), which makes its
// games independent of the order the arena's jobs play them in.
struct Seats {
  struct Python {
    py::object callable;
    bool factory = false;
  };
  std::vector<std::string> specs;
  std::map<std::string, Python> python;  // by spec

  // Reads a list of str | callable | Seeded; holds the GIL.
  explicit Seats(const py::list& bots) {
    for (const py::handle b : bots) {
      if (py::isinstance<py::str>(b)) {
        const std::string spec = b.cast<std::string>();
        if (spec.rfind("python:", 0) == 0)
          input_error("bots: \"" + spec + "\" names a Python bot in results files; give the callable itself");
        specs.push_back(spec);
        continue;
      }
      const bool factory = py::hasattr(b, "_nuraghe_factory");
      const py::object callable = factory ? py::getattr(b, "_nuraghe_factory") : py::reinterpret_borrow<py::object>(b);
      if (!PyCallable_Check(callable.ptr()))
        input_error("bots: each bot is a spec string, a callable (view, legal) -> move, or nuraghe.Seeded(factory)");
      std::string name = py::str(py::getattr(b, "name", py::getattr(callable, "__name__", py::str("bot"))));
      const std::string spec = "python:" + name;
      const auto it = python.find(spec);
      if (it != python.end() && !it->second.callable.is(callable))
        input_error("bots: two different Python bots are both named \"" + name +
                    "\" (give them different names, e.g. nuraghe.Seeded(factory, name=...))");
      python[spec] = Python{callable, factory};
      specs.push_back(spec);
    }
  }
  ~Seats() {
    py::gil_scoped_acquire gil;
    python.clear();
  }

  template <Game G>
  BotMaker<G> maker() const {
    BotMaker<G> m;
    m.make = [this](const std::string& spec, std::uint64_t seed) -> std::unique_ptr<Bot<G>> {
      const auto it = python.find(spec);
      if (it == python.end()) return make_bot<G>(spec, seed);
      py::gil_scoped_acquire gil;
      return std::make_unique<PythonBot<G>>(it->second.callable, it->second.factory, seed);
    };
    m.threads = [this](const std::string& spec) { return python.count(spec) ? 1 : spec_threads(spec); };
    return m;
  }
};

template <Game G>
class StateOf final : public AnyState {
 public:
  using State = typename G::State;
  explicit StateOf(const State& s) : s_(s) {}

  std::unique_ptr<AnyState> clone() const override { return std::make_unique<StateOf>(s_); }
  std::string game() const override { return std::string(G::kName); }
  int num_players() const override { return num_players_of<G>(s_); }
  Player to_move() const override { return s_.to_move(); }

  std::vector<std::string> legal_moves(Player p) const override {
    MoveListOf<G> moves;
    const Player seat = seat_or_mover(p);
    legal_moves_of<G>(s_, seat, moves);
    std::vector<std::string> out;
    for (const Move m : moves) out.push_back(G::move_to_string(s_, seat, m));
    return out;
  }
  std::vector<int> legal_actions(Player p) const override {
    MoveListOf<G> moves;
    legal_moves_of<G>(s_, seat_or_mover(p), moves);
    std::vector<int> out;
    for (const Move m : moves) out.push_back(action_index(m));
    return out;
  }

  void apply(const py::handle& move) override {
    const Player p = s_.to_move();
    if (p == kTerminal) input_error("apply: the game is over");
    if (p == kSimultaneous) input_error("apply: every seat moves at once here: use apply_joint([...]), a move a seat");
    s_.apply(read_move(move, p, "move"));
  }
  void apply_joint(const py::list& moves) override {
    if (s_.to_move() != kSimultaneous) input_error("apply_joint: this is not a simultaneous node (use apply)");
    if (int(moves.size()) != num_players_of<G>(s_))
      input_error("apply_joint: give one move for each of the " + std::to_string(num_players_of<G>(s_)) + " seats");
    JointMove joint{};
    for (int q = 0; q < num_players_of<G>(s_); ++q)
      joint[q] = read_move(moves[std::size_t(q)], q, "moves[" + std::to_string(q) + "]");
    nuraghe::apply_joint<G>(s_, joint);
  }

  std::vector<double> returns() const override { return first(s_.returns(), num_players_of<G>(s_)); }
  std::vector<double> scores() const override { return first(scores_of<G>(s_), num_players_of<G>(s_)); }
  Json view(Player p) const override { return view_of<G>(s_, checked_seat(p)); }
  std::unique_ptr<AnyState> determinize(Player p, std::uint64_t seed) const override {
    Rng rng(seed);
    return std::make_unique<StateOf>(nuraghe::determinize<G>(s_, checked_seat(p), rng));
  }
  Json to_json() const override { return G::to_json(s_); }
  std::string render(Player p) const override {  // p = -1: everything
    return render_of<G>(s_, p < 0 ? p : checked_seat(p));
  }

  int num_actions() const override {
    if constexpr (HasTensors<G>) return G::num_actions(s_);
    else no_tensors();
  }
  std::string action_to_move(const py::handle& action, Player p) const override {
    const auto a = as_index(action);
    if (!a) type_error("action= must be an int (or a numpy integer), not a " + type_name(action));
    const Player seat = seat_or_mover(p);
    return G::move_to_string(s_, seat, legal_action(*a, seat, "action"));
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
  // Every seat's learned value as the search takes it at a leaf (learned_values). The model must
  // be for this game, map, seat count and observation size; its options are checked where a bot
  // meets a game's settings (arena, play), for a state does not keep the options it was made with.
  std::vector<double> evaluate(const ValueModel& m) const override {
    if constexpr (HasTensors<G>) {
      const std::string why = model_mismatch(m, G::kName, m.options, map_hash_text<G>(s_), num_players_of<G>(s_),
                                             G::observation_size(s_), HasEvaluation<G>);
      if (!why.empty()) input_error("evaluate: " + why);
      ModelEvaluator evaluator(m);
      std::vector<float> observation(std::size_t(m.input_size()));
      return first(learned_values<G>(evaluator, s_, observation.data()), num_players_of<G>(s_));
    } else {
      no_tensors();
    }
  }
  bool equals(const AnyState& other) const override {
    const auto* o = dynamic_cast<const StateOf*>(&other);
    return o && same_state<G>(o->s_, s_);
  }

  std::string act(BotHandle& handle) const override {
    const State s = s_;  // the state as it is now: another thread may apply moves to s_ meanwhile
    const Move m = decide(handle, s);
    return G::move_to_string(s, handle.seat, m);
  }

  py::dict analyze(BotHandle& handle) const override {
    auto* searcher = dynamic_cast<MctsBot<G>*>(&bot_of(handle));
    if (!searcher)
      input_error("analyze: bot " + parse_spec(handle.spec, "bot").name +
                  " does not search (give uct, cheat-uct, pimc, ismcts or mo-ismcts)");
    const State s = s_;  // as act
    const Move best = decide(handle, s);
    const auto& r = searcher->last_result();
    py::list moves;
    for (const auto& m : r.moves) {
      py::dict row;
      row["move"] = G::move_to_string(s, handle.seat, m.move);
      row["visits"] = m.visits;
      row["mean"] = m.mean;
      row["policy"] = m.policy;
      moves.append(row);
    }
    py::dict out;
    out["best"] = G::move_to_string(s, handle.seat, best);
    out["iterations"] = r.iterations;
    out["seconds"] = r.seconds;
    out["moves"] = moves;
    return out;
  }

 private:
  // The seat whose moves are meant: p, or (p = None, -1 here) the seat to move.
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
  int action_index(Move m) const {
    if constexpr (HasTensors<G>) return G::action_index(s_, m);
    else no_tensors();
  }
  // The move of action index `a` (the argument `name`), which must be legal for seat p.
  Move legal_action(const py::int_& a, Player p, const std::string& name) const {
    if constexpr (HasTensors<G>) {
      const int n = G::num_actions(s_);
      if (less(a, py::int_(0)) || !less(a, py::int_(n)))
        input_error(name + "=" + decimal(a) + " is outside the action space [0, " + std::to_string(n) + ")");
      const int action = a.cast<int>();
      const Move m = G::action_move(s_, action);
      MoveListOf<G> moves;
      legal_moves_of<G>(s_, p, moves);
      if (!moves.contains(m))
        input_error(name + "=" + std::to_string(action) + " is not legal for " + mover_name(p) + " (" +
                    std::to_string(moves.size()) + " legal moves)");
      return m;
    } else {
      no_tensors();
    }
  }
  // A move of seat p (the argument `name`): notation (a str) or an action index (an int). Any other
  // type is an InputError too, as it always was.
  Move read_move(const py::handle& move, Player p, const std::string& name) const {
    if (py::isinstance<py::str>(move)) return parse_legal_move<G>(s_, p, move.cast<std::string>());
    if (const auto a = as_index(move)) return legal_action(*a, p, name);
    input_error(name + "= must be a move's notation (a str) or an action index (an int), not a " + type_name(move));
  }

  Bot<G>& bot_of(BotHandle& h) const {
    if (h.game.empty()) {
      h.bot = std::shared_ptr<Bot<G>>(make_bot<G>(h.spec, h.seed));
      h.game = G::kName;
    } else if (h.game != G::kName) {
      input_error("this bot plays " + h.game + ", not " + std::string(G::kName) + " (make one bot a game)");
    }
    return *static_cast<Bot<G>*>(h.bot.get());
  }
  // A fresh decision of the bot's seat at s (nothing carried over from another state), without the
  // GIL. A bot decides for one caller at a time: it is one search tree and one RNG.
  Move decide(BotHandle& handle, const State& s) const {
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
      ~Done() { h.busy = false; }  // with the GIL back: ~gil_scoped_release has run before this
    } done{handle};
    py::gil_scoped_release nogil;
    bot.start(seat);
    return bot.choose(InfoSet<G>(s, seat));
  }

  State s_;
};

// Two seats of an arena that hold the same bot: the same Python bot, or two specs of one bot, as the
// command line refuses them.
inline bool same_bot(const Seats& seats, const std::string& x, const std::string& y) {
  if (seats.python.count(x) || seats.python.count(y)) return x == y;
  return nuraghe::same_bot(x, y);
}

template <Game G>
class GameOps final : public AnyGame {
 public:
  std::unique_ptr<AnyState> initial(const GameConfig& config) const override {
    check_map(config);
    return std::make_unique<StateOf<G>>(G::initial(config));
  }
  std::unique_ptr<AnyState> from_json(const Json& j) const override {
    return std::make_unique<StateOf<G>>(G::from_json(j));
  }
  py::dict info() const override {
    py::dict d;
    d["name"] = std::string(G::kName);
    d["description"] = std::string(G::kDescription);
    d["min_players"] = G::kMinPlayers;
    d["max_players"] = G::kMaxPlayers;
    d["hidden_information"] = hidden_information<G>;
    d["tensors"] = HasTensors<G>;  // the action space and observation vectors of the learning API
    py::list options;
    for (const auto& o : G::option_specs()) options.append(o.describe());
    d["options"] = options;
    return d;
  }

  // As `nuraghe play` plays it: the same seeds, so the same game from the same arguments.
  py::dict play(const GameConfig& config, const py::list& bots) const override {
    check_map(config);
    const auto start = G::initial(config);
    const int n = num_players_of<G>(start);
    const Seats seats(bots);
    if (int(seats.specs.size()) != n)
      input_error("play: " + std::to_string(n) + " seats need " + std::to_string(n) + " bots, got " +
                  std::to_string(seats.specs.size()));
    const BotMaker<G> maker = seats.maker<G>();
    GameRecord record;
    {
      py::gil_scoped_release nogil;
      std::vector<std::unique_ptr<Bot<G>>> owned;
      std::vector<Bot<G>*> table;
      for (int p = 0; p < n; ++p) {
        owned.push_back(maker.make(seats.specs[std::size_t(p)], play_bot_seed(config.seed, p)));
        table.push_back(owned.back().get());
      }
      record = play_game<G>(start, table);
    }
    py::list moves, movers;
    for (const auto& m : record.moves) {
      moves.append(m.text);
      movers.append(m.player);
    }
    py::dict out;
    out["game"] = std::string(G::kName);
    out["seed"] = config.seed;
    out["bots"] = seats.specs;
    out["moves"] = moves;
    out["movers"] = movers;
    out["scores"] = first(record.scores, n);
    out["returns"] = first(record.returns, n);
    return out;
  }

  py::list arena(const ArenaSettings& a, const py::list& bots) const override {
    check_map(a.config);
    const Seats seats(bots);
    ArenaSettings settings = a;
    settings.bots = seats.specs;
    // One bot given twice would be two rows of one player in the table, their comparison meaningless.
    for (std::size_t i = 0; i < seats.specs.size(); ++i)
      for (std::size_t k = i + 1; k < seats.specs.size(); ++k)
        if (same_bot(seats, seats.specs[i], seats.specs[k]))
          input_error("arena: \"" + seats.specs[i] + "\" and \"" + seats.specs[k] +
                      "\" are the same bot given twice: make the specs differ (e.g. seed=), or give two Python "
                      "bots different names");
    ArenaRunOptions options;
    options.names = SettingNames{"games=", "bot in bots=", "out="};
    ArenaRun run;
    {
      py::gil_scoped_release nogil;
      run = run_arena<G>(settings, options, seats.maker<G>());
    }
    py::list out;
    for (const auto& g : run.games) out.append(to_python(g.line));
    return out;
  }

 private:
  // A game without a board file refuses one, in the module's words (reject_map_file names --map).
  static void check_map(const GameConfig& config) {
    if constexpr (!HasMap<G>)
      if (!config.map_file.empty()) input_error(std::string(G::kName) + ": this game takes no map= file");
  }
};

template <Game G>
const AnyGame& any_game() {
  static const GameOps<G> ops;
  return ops;
}

}  // namespace nuraghe::python
