// The Python module `nuraghe` (docs/python.md): every game of lib/games/games.txt through one
// binding. Python sees one State type and one Bot type; behind them, GameOps<G> and StateOf<G>
// implement the type-erased interfaces below for each game G, built from the game list, so a new
// game needs nothing here.
//
// The GIL is released while C++ plays or searches (act, analyze, play, arena). A bot written in
// Python takes it back for each of its decisions, so with arena(jobs > 1) the C++ bots search in
// parallel while the Python ones take turns.

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "bots/games.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "core/hooks.hpp"
#include "core/value_model.hpp"

namespace py = pybind11;

namespace nuraghe::python {
namespace {

// ---- JSON <-> Python ------------------------------------------------------------------------

py::object to_python(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null: return py::none();
    case Json::value_t::boolean: return py::bool_(j.get<bool>());
    case Json::value_t::number_integer: return py::int_(j.get<std::int64_t>());
    case Json::value_t::number_unsigned: return py::int_(j.get<std::uint64_t>());
    case Json::value_t::number_float: return py::float_(j.get<double>());
    case Json::value_t::string: return py::str(j.get<std::string>());
    case Json::value_t::array: {
      py::list out;
      for (const auto& x : j) out.append(to_python(x));
      return out;
    }
    default: {
      py::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[py::str(it.key())] = to_python(it.value());
      return out;
    }
  }
}

std::vector<double> first(const Values& v, int n) { return std::vector<double>(v.begin(), v.begin() + n); }

std::string type_name(const py::handle& x) { return py::str(x.get_type().attr("__name__")); }

// ---- arguments ------------------------------------------------------------------------------
//
// Every argument is taken as a Python object and read here, not by pybind11's conversions (whose
// TypeError lists every signature on many lines, and which cannot say which value is out of range):
// a value out of range is an InputError, a value of the wrong type a TypeError, each one line naming
// the argument as Python spells it (seed=), never the command line's flag (--seed).

[[noreturn]] void type_error(const std::string& text) { throw py::type_error(text); }

// An integer from Python: an int or anything that says it is one (operator.index: numpy's integers,
// which a learning agent's argmax gives), not a bool. Nothing when `x` is not one.
std::optional<py::int_> as_index(const py::handle& x) {
  if (py::isinstance<py::bool_>(x) || !PyIndex_Check(x.ptr())) return std::nullopt;
  PyObject* index = PyNumber_Index(x.ptr());
  if (!index) {  // a type with __index__ that refuses this value (a numpy array of several)
    PyErr_Clear();
    return std::nullopt;
  }
  return py::reinterpret_steal<py::int_>(index);
}

// The decimal text of a Python int, however large.
std::string decimal(const py::int_& x) { return py::str(py::handle(x)).cast<std::string>(); }

bool less(const py::handle& a, const py::handle& b) {
  const int r = PyObject_RichCompareBool(a.ptr(), b.ptr(), Py_LT);
  if (r < 0) throw py::error_already_set();
  return r == 1;
}

// The integer argument `name` in [lo, hi] (`why` follows the range in the message).
template <class T>
T integer_arg(const py::handle& x, const std::string& name, T lo, T hi, const std::string& why = "") {
  const auto v = as_index(x);
  if (!v) type_error(name + "= must be an int (or a numpy integer), not a " + type_name(x));
  if (less(*v, py::int_(lo)) || less(py::int_(hi), *v))
    input_error(name + "=" + decimal(*v) + " must be a whole number in [" + std::to_string(lo) + ", " +
                std::to_string(hi) + "]" + why);
  return v->cast<T>();
}

std::uint64_t seed_arg(const py::handle& x, const std::string& name = "seed") {
  return integer_arg<std::uint64_t>(x, name, 0, std::numeric_limits<std::uint64_t>::max());
}

std::string str_arg(const py::handle& x, const std::string& name, const std::string& what) {
  if (!py::isinstance<py::str>(x)) type_error(name + "= must be a str (" + what + "), not a " + type_name(x));
  return x.cast<std::string>();
}

// A file: a str or a path (os.PathLike), or None for none.
std::optional<std::string> file_arg(const py::handle& x, const std::string& name) {
  if (x.is_none()) return std::nullopt;
  py::object path = py::reinterpret_borrow<py::object>(x);
  if (!py::isinstance<py::str>(path) && py::hasattr(x, "__fspath__"))
    path = py::module_::import("os").attr("fspath")(x);
  if (!py::isinstance<py::str>(path))
    type_error(name + "= must be a file name (a str or a pathlib.Path) or None, not a " + type_name(x));
  const std::string file = path.cast<std::string>();
  if (file.empty()) input_error(name + "=\"\" needs a file name, not an empty one (None for none)");
  return file;
}

// Game options {name: value}, None for none: a value is the text `-o name=value` would give, from a
// str, an int, a float (its shortest round-trip text) or a bool (on or off, as the switches read).
// The game's reader checks each against its range and names the option.
std::map<std::string, std::string> options_arg(const py::handle& x) {
  std::map<std::string, std::string> out;
  if (x.is_none()) return out;
  if (!py::isinstance<py::dict>(x)) type_error("options= must be a dict {name: value} or None, not a " + type_name(x));
  for (const auto& [key, value] : py::reinterpret_borrow<py::dict>(x)) {
    if (!py::isinstance<py::str>(key)) type_error("options= names options by str, not by a " + type_name(key));
    const std::string name = key.cast<std::string>();
    std::string text;
    if (py::isinstance<py::str>(value)) text = value.cast<std::string>();
    else if (py::isinstance<py::bool_>(value)) text = value.cast<bool>() ? "on" : "off";
    else if (const auto i = as_index(value)) text = decimal(*i);
    else if (py::isinstance<py::float_>(value)) text = py::repr(value);
    else type_error("options=: option " + name + " must be a str, int, float or bool, not a " + type_name(value));
    out[name] = text;
  }
  return out;
}

// A dict, list or JSON text from Python (the argument `name`), read as a user's file is (parse_json:
// bounded, no key twice). numpy's integers in it are integers, as apply takes them; anything JSON
// has no value for is a TypeError.
Json from_python(const py::handle& data, const std::string& name) {
  if (py::isinstance<py::str>(data)) return parse_json(data.cast<std::string>(), "position");
  const py::cpp_function integer([name](const py::handle& x) -> py::object {
    if (const auto i = as_index(x)) return *i;
    type_error(name + "= holds a " + type_name(x) + ", which JSON has no value for");
  });
  std::string text;
  try {
    text = py::module_::import("json").attr("dumps")(data, py::arg("default") = integer).cast<std::string>();
  } catch (py::error_already_set& e) {  // a key JSON cannot hold, a list that holds itself
    if (!e.matches(PyExc_TypeError) && !e.matches(PyExc_ValueError)) throw;
    const std::string why = py::str(e.value());
    if (why.rfind(name + "=", 0) == 0) throw;
    type_error(name + "= is not JSON: " + why.substr(0, why.find('\n')));
  }
  return parse_json(text, "position");
}

// A list from any sequence Python gives (a list, a tuple, a generator), its elements in order.
py::list as_list(const py::handle& items, const std::string& what) {
  if (py::isinstance<py::str>(items) || !py::isinstance<py::iterable>(items))
    input_error(what + " must be a list (or another sequence), not a " + type_name(items));
  py::list out;
  for (const py::handle x : items) out.append(x);
  return out;
}

// A message of the library in the module's words: the games' readers and setups hint at the
// command line's flags (`--map FILE reads a board file`, `-o side=winter and --map`), which from
// Python are the arguments map= and options=. (The arena's messages are worded by SettingNames.)
std::string in_python_words(std::string text) {
  const auto replace_all = [&](const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  replace_all("--map FILE", "map=FILE");
  replace_all("--map", "map=");
  replace_all(" -o ", " option ");
  return text;
}

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

// ---- the type-erased game and state ---------------------------------------------------------

class AnyState;

// A bot made from a spec by nuraghe.make_bot: its game is fixed by the first state it acts on.
struct BotHandle {
  std::string spec;
  Player seat = 0;
  std::uint64_t seed = 1;
  std::string game;           // empty until the first act
  std::shared_ptr<void> bot;  // a Bot<G> of that game
  bool busy = false;          // deciding, without the GIL: an act from another thread meanwhile is refused
};

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::unique_ptr<AnyState> initial(const GameConfig& config) const = 0;
  virtual std::unique_ptr<AnyState> from_json(const Json& j) const = 0;
  virtual py::dict info() const = 0;
  virtual py::dict play(const GameConfig& config, const py::list& bots) const = 0;
  virtual py::list arena(const ArenaSettings& a, const py::list& bots) const = 0;
};

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual std::string game() const = 0;
  virtual int num_players() const = 0;
  virtual Player to_move() const = 0;
  virtual std::vector<std::string> legal_moves(Player p) const = 0;
  virtual std::vector<int> legal_actions(Player p) const = 0;
  virtual void apply(const py::handle& move) = 0;
  virtual void apply_joint(const py::list& moves) = 0;
  virtual std::vector<double> returns() const = 0;
  virtual std::vector<double> scores() const = 0;
  virtual Json view(Player p) const = 0;
  virtual std::unique_ptr<AnyState> determinize(Player p, std::uint64_t seed) const = 0;
  virtual Json to_json() const = 0;
  virtual std::string render(Player p) const = 0;
  virtual int num_actions() const = 0;
  virtual std::string action_to_move(const py::handle& action, Player p) const = 0;
  virtual int move_to_action(const std::string& text, Player p) const = 0;
  virtual std::vector<float> observation(Player p) const = 0;
  virtual std::vector<double> evaluate(const ValueModel& m) const = 0;
  virtual bool equals(const AnyState& other) const = 0;
  virtual std::string act(BotHandle& bot) const = 0;
  virtual py::dict analyze(BotHandle& bot) const = 0;
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
bool same_bot(const Seats& seats, const std::string& x, const std::string& y) {
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

const AnyGame& game_named(const std::string& name) {
  static const auto games = [] {
    std::map<std::string, std::unique_ptr<AnyGame>, std::less<>> all;
    AllGames::for_each([&]<Game G>() { all.emplace(std::string(G::kName), std::make_unique<GameOps<G>>()); });
    return all;
  }();
  const auto it = games.find(name);
  if (it == games.end()) AllGames::dispatch(name, []<Game G>() { return 0; });  // the CLI's "unknown game" line
  return *it->second;
}

GameConfig config_of(const py::handle& players, const py::handle& seed, const py::handle& options,
                     const py::handle& map) {
  GameConfig c;
  c.players = integer_arg<int>(players, "players", 0, kMaxPlayers, " (0: the game's default)");
  c.seed = seed_arg(seed);
  c.options = options_arg(options);
  c.map_file = file_arg(map, "map").value_or("");
  return c;
}

// The Python State: an AnyState behind a value type (copying copies the state).
struct PyState {
  std::unique_ptr<AnyState> s;
  PyState clone() const { return PyState{s->clone()}; }
};

const PyState& state_arg(const py::handle& x) {
  if (!py::isinstance<PyState>(x)) type_error("state= must be a nuraghe.State, not a " + type_name(x));
  return x.cast<const PyState&>();
}

// A model read by load_model; bots naming the same file with eval= read it again (shared_model).
struct PyModel {
  std::shared_ptr<const ValueModel> model;
  std::string path;
};

// The raw value of each row of `observations` (rows x the model's input size, or one row): what the
// model says of one seat's view, before the search floors and normalises the seats' values. The
// input size is observation_size, plus one (the hand-written evaluation's logit) for a model with
// evaluate_input.
py::array_t<double> predict(const ValueModel& m, const py::handle& observations) {
  using Floats = py::array_t<float, py::array::c_style | py::array::forcecast>;
  if (!py::isinstance<py::array>(observations) && !py::isinstance<py::list>(observations))
    type_error("observations= must be a numpy array (or a list) of floats, not a " + type_name(observations));
  const Floats x = Floats::ensure(observations);  // null (the Python error cleared) when not numbers
  if (!x) type_error("observations= must hold numbers only");
  const py::ssize_t size = m.input_size();
  if (!((x.ndim() == 1 && x.shape(0) == size) || (x.ndim() == 2 && x.shape(1) == size)))
    input_error("observations= must have " + std::to_string(size) + " columns (the model's observation_size" +
                (m.evaluate_input ? " and the evaluation's logit" : "") + "), as rows x " + std::to_string(size) +
                " or one row");
  const py::ssize_t rows = x.ndim() == 1 ? 1 : x.shape(0);
  py::array_t<double> out(rows);
  ModelEvaluator evaluator(m);
  for (py::ssize_t r = 0; r < rows; ++r) out.mutable_at(r) = evaluator.value(x.data() + r * size);
  return out;
}

// A seat of state s; None (where `optional`) is -1, the seat to move.
Player seat_arg(const py::handle& x, const PyState& s, bool optional) {
  if (optional && x.is_none()) return -1;
  const auto v = as_index(x);
  if (!v)
    type_error(std::string("seat= must be an int (or a numpy integer)") + (optional ? " or None" : "") + ", not a " +
               type_name(x));
  if (less(*v, py::int_(0)) || !less(*v, py::int_(s.s->num_players())))
    input_error("seat=" + decimal(*v) + ": there is no such seat (this game has " + std::to_string(s.s->num_players()) +
                ")");
  return v->cast<int>();
}

std::vector<std::string> names(const std::vector<BotInfo>& bots) {
  std::vector<std::string> out;
  for (const auto& b : bots) out.push_back(b.name);
  return out;
}

}  // namespace
}  // namespace nuraghe::python

PYBIND11_MODULE(_nuraghe, m) {
  using namespace nuraghe;
  using namespace nuraghe::python;
  m.doc() = "nuraghe's games, bots and arena (docs/python.md)";

  // An InputError carries the one line the command line prints after "nuraghe: error: ", in
  // Python's words where the games' own messages name a flag (in_python_words).
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError);
  static PyObject* const input_error_type = py::object(m.attr("InputError")).release().ptr();  // kept for the process
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      PyErr_SetString(input_error_type, in_python_words(e.what()).c_str());
    }
  });

  m.attr("TERMINAL") = kTerminal;
  m.attr("SIMULTANEOUS") = kSimultaneous;

  m.def("games", [] {
    std::vector<std::string> out;
    AllGames::for_each([&]<Game G>() { out.push_back(std::string(G::kName)); });
    return out;
  });
  m.def(
      "game_info", [](const py::handle& name) { return game_named(str_arg(name, "name", "a game's name")).info(); },
      py::arg("name"));
  m.def("bots", [] { return names(bot_catalog()); });

  // Every argument is a py::handle read by the *_arg functions above (one-line errors naming it).
  py::class_<PyState>(m, "State")
      .def_property_readonly("game", [](const PyState& s) { return s.s->game(); })
      .def_property_readonly("num_players", [](const PyState& s) { return s.s->num_players(); })
      .def_property_readonly("to_move", [](const PyState& s) { return s.s->to_move(); })
      .def_property_readonly("is_terminal", [](const PyState& s) { return s.s->to_move() == kTerminal; })
      .def_property_readonly("is_simultaneous", [](const PyState& s) { return s.s->to_move() == kSimultaneous; })
      .def(
          "legal_moves",
          [](const PyState& s, const py::handle& seat) { return s.s->legal_moves(seat_arg(seat, s, true)); },
          py::arg("seat") = py::none())
      .def(
          "legal_actions",
          [](const PyState& s, const py::handle& seat) { return s.s->legal_actions(seat_arg(seat, s, true)); },
          py::arg("seat") = py::none())
      .def(
          "apply", [](PyState& s, const py::handle& move) { s.s->apply(move); }, py::arg("move"))
      .def(
          "apply_joint", [](PyState& s, const py::handle& moves) { s.s->apply_joint(as_list(moves, "moves=")); },
          py::arg("moves"))
      .def("returns", [](const PyState& s) { return s.s->returns(); })
      .def("scores", [](const PyState& s) { return s.s->scores(); })
      .def(
          "view",
          [](const PyState& s, const py::handle& seat) { return to_python(s.s->view(seat_arg(seat, s, false))); },
          py::arg("seat"))
      .def(
          "determinize",
          [](const PyState& s, const py::handle& seat, const py::handle& seed) {
            const Player p = seat_arg(seat, s, false);
            return PyState{s.s->determinize(p, seed_arg(seed))};
          },
          py::arg("seat"), py::arg("seed"))
      .def("clone", &PyState::clone)
      .def("__copy__", &PyState::clone)
      .def("__deepcopy__", [](const PyState& s, const py::handle&) { return s.clone(); })
      .def("to_json", [](const PyState& s) { return to_python(s.s->to_json()); })
      .def_static(
          "from_json",
          [](const py::handle& data) {
            const Json j = from_python(data, "data");
            const JsonIn in(j, "position");
            in.expect_object();
            return PyState{game_named(in.at("game").string()).from_json(j)};
          },
          py::arg("data"))
      .def(
          "render", [](const PyState& s, const py::handle& seat) { return s.s->render(seat_arg(seat, s, true)); },
          py::arg("seat") = py::none())
      .def("num_actions", [](const PyState& s) { return s.s->num_actions(); })
      .def(
          "action_to_move",
          [](const PyState& s, const py::handle& action, const py::handle& seat) {
            const Player p = seat_arg(seat, s, true);
            return s.s->action_to_move(action, p);
          },
          py::arg("action"), py::arg("seat") = py::none())
      .def(
          "move_to_action",
          [](const PyState& s, const py::handle& move, const py::handle& seat) {
            const std::string text = str_arg(move, "move", "a move's notation");
            return s.s->move_to_action(text, seat_arg(seat, s, true));
          },
          py::arg("move"), py::arg("seat") = py::none())
      .def(
          "observation",
          [](const PyState& s, const py::handle& seat) { return s.s->observation(seat_arg(seat, s, false)); },
          py::arg("seat"))
      .def(
          "observation_array",
          [](const PyState& s, const py::handle& seat) {
            const std::vector<float> o = s.s->observation(seat_arg(seat, s, false));
            return py::array_t<float>(py::ssize_t(o.size()), o.data());
          },
          py::arg("seat"))
      .def(
          "legal_mask",
          [](const PyState& s, const py::handle& seat) {
            const std::vector<int> actions = s.s->legal_actions(seat_arg(seat, s, true));
            py::array_t<bool> mask(py::ssize_t(s.s->num_actions()));
            bool* m = mask.mutable_data();
            std::fill(m, m + mask.size(), false);
            for (const int a : actions) m[a] = true;
            return mask;
          },
          py::arg("seat") = py::none())
      .def("__eq__",
           [](const PyState& a, const py::object& b) -> py::object {
             if (!py::isinstance<PyState>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(a.s->equals(*b.cast<const PyState&>().s));
           })
      .def("__hash__",
           [](const PyState&) -> py::object {
             throw py::type_error("a nuraghe.State changes: it is not hashable (hash its to_json() dumped)");
           })
      .def("__str__", [](const PyState& s) { return s.s->render(-1); })
      .def("__repr__", [](const PyState& s) {
        return "<nuraghe.State " + s.s->game() + ", " + std::to_string(s.s->num_players()) + " players, to move " +
               std::to_string(s.s->to_move()) + ">";
      });

  // A learned value model (docs/learning.md), as `eval=` reads it: one seat's observation to its value.
  py::class_<PyModel>(m, "Model")
      .def_property_readonly("path", [](const PyModel& x) { return x.path; })
      .def_property_readonly("game", [](const PyModel& x) { return x.model->game; })
      .def_property_readonly("players", [](const PyModel& x) { return x.model->players; })
      .def_property_readonly("options", [](const PyModel& x) { return to_python(x.model->options); })
      .def_property_readonly("kind",
                             [](const PyModel& x) { return std::string(kModelKinds[std::size_t(x.model->kind)]); })
      .def_property_readonly("target", [](const PyModel& x) { return x.model->target; })
      .def_property_readonly("observation_size", [](const PyModel& x) { return x.model->observation_size; })
      .def_property_readonly("evaluate_input", [](const PyModel& x) { return x.model->evaluate_input; })
      .def_property_readonly("hash", [](const PyModel& x) { return model_hash_text(*x.model); })
      .def(
          "evaluate", [](const PyModel& x, const py::handle& s) { return state_arg(s).s->evaluate(*x.model); },
          py::arg("state"))
      .def(
          "predict", [](const PyModel& x, const py::handle& observations) { return predict(*x.model, observations); },
          py::arg("observations"))
      .def("__repr__", [](const PyModel& x) {
        return "<nuraghe.Model " + std::string(kModelKinds[std::size_t(x.model->kind)]) + " for " + x.model->game +
               ", " + std::to_string(x.model->players) + " players, " + model_hash_text(*x.model) + ">";
      });
  m.def(
      "load_model",
      [](const py::handle& path) {
        const std::optional<std::string> p = file_arg(path, "path");
        if (!p) type_error("path= must be a model file's name (a str or a pathlib.Path), not None");
        return PyModel{std::make_shared<const ValueModel>(read_model(*p)), *p};
      },
      py::arg("path"));

  const std::string game_name = "a game's name";
  m.def(
      "new_game",
      [game_name](const py::handle& game, const py::handle& players, const py::handle& seed, const py::handle& options,
                  const py::handle& map) {
        const std::string name = str_arg(game, "game", game_name);
        return PyState{game_named(name).initial(config_of(players, seed, options, map))};
      },
      py::arg("game"), py::arg("players") = 0, py::arg("seed") = 1, py::arg("options") = py::none(),
      py::arg("map") = py::none());

  py::class_<BotHandle>(m, "Bot")
      .def_readonly("spec", &BotHandle::spec)
      .def_readonly("seat", &BotHandle::seat)
      .def(
          "act", [](BotHandle& b, const py::handle& s) { return state_arg(s).s->act(b); }, py::arg("state"))
      .def(
          "analyze", [](BotHandle& b, const py::handle& s) { return state_arg(s).s->analyze(b); }, py::arg("state"))
      .def("__repr__",
           [](const BotHandle& b) { return "<nuraghe.Bot " + b.spec + " for seat " + std::to_string(b.seat) + ">"; });
  m.def(
      "make_bot",
      [](const py::handle& spec, const py::handle& seat, const py::handle& seed) {
        const std::string text = str_arg(spec, "spec", "a bot spec, as `nuraghe bots` lists them");
        bot_params(parse_spec(text, "bot"));  // an unknown bot or parameter is refused here, not at the first act
        const int p = integer_arg<int>(seat, "seat", 0, kMaxPlayers - 1);
        return BotHandle{text, p, seed_arg(seed), {}, {}};
      },
      py::arg("spec"), py::arg("seat"), py::arg("seed") = 1);

  m.def(
      "play",
      [game_name](const py::handle& game, const py::handle& bots, const py::handle& players, const py::handle& seed,
                  const py::handle& options, const py::handle& map) {
        const std::string name = str_arg(game, "game", game_name);
        const GameConfig config = config_of(players, seed, options, map);
        return game_named(name).play(config, as_list(bots, "bots="));
      },
      py::arg("game"), py::arg("bots"), py::arg("players") = 0, py::arg("seed") = 1, py::arg("options") = py::none(),
      py::arg("map") = py::none());

  m.def(
      "arena",
      [game_name](const py::handle& game, const py::handle& bots, const py::handle& games, const py::handle& seed,
                  const py::handle& jobs, const py::handle& players, const py::handle& options, const py::handle& map,
                  const py::handle& out) {
        ArenaSettings a;
        a.game = str_arg(game, "game", game_name);
        a.games = integer_arg<int>(games, "games", 1, std::numeric_limits<int>::max());
        a.config = config_of(players, seed, options, map);
        a.jobs = integer_arg<int>(jobs, "jobs", 1, 256);
        a.out = file_arg(out, "out").value_or("");
        return game_named(a.game).arena(a, as_list(bots, "bots="));
      },
      py::arg("game"), py::arg("bots"), py::arg("games"), py::arg("seed") = 1, py::arg("jobs") = 1,
      py::arg("players") = 0, py::arg("options") = py::none(), py::arg("map") = py::none(),
      py::arg("out") = py::none());
}
