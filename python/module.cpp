// The Python module `nuraghe` (docs/python.md): every game of lib/games/games.txt through one
// binding. Python sees one State type and one Bot type; behind them are the library's type-erased
// AnyGame and AnyState (lib/any_game/any_game.hpp), which the command line uses too, so a new game needs
// nothing here. This file turns Python's objects into their arguments and their answers into
// Python's objects, and seats bots written in Python as ExternalBots.
//
// The GIL is released while C++ plays or searches (act, analyze, play, arena). A bot written in
// Python takes it back for each of its decisions, so with arena(jobs > 1) the C++ bots search in
// parallel while the Python ones take turns.

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "any_game/any_game.hpp"
#include "arena/arena.hpp"
#include "bots/games.hpp"
#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "cli/cli.hpp"
#include "core/model_file.hpp"
#include "core/value_model.hpp"
#include "python/convert.hpp"

namespace nuraghe::python {
namespace {

// ---- bots written in Python ------------------------------------------------------------------

// A Python object that C++ threads hold: dropped with the GIL, on whichever thread lets it go.
struct Held {
  py::object object;
  explicit Held(py::object o) : object(std::move(o)) {}
  Held(const Held&) = delete;
  Held& operator=(const Held&) = delete;
  ~Held() {
    py::gil_scoped_acquire gil;
    object = py::object();
  }
};

// A Python seat's decisions: `decide(view, legal)` with the seat's view (a dict) and its legal moves
// (notation strings) returns one of them, or its place in the list. Called on a C++ thread of the
// game: every touch of a Python object holds the GIL.
ExternalBot::Decide decisions_of(std::shared_ptr<Held> decide, Player seat) {
  return [decide = std::move(decide), seat](const Json& view, const std::vector<std::string>& legal) -> std::size_t {
    py::gil_scoped_acquire gil;
    const py::object chosen = decide->object(to_python(view), py::cast(legal));
    if (const auto index = as_index(chosen)) {
      if (less(*index, py::int_(0)) || !less(*index, py::int_(legal.size())))
        input_error("a Python bot for seat " + std::to_string(seat) + " chose move " + decimal(*index) +
                    " of a list of " + std::to_string(legal.size()));
      return index->cast<std::size_t>();
    }
    if (py::isinstance<py::str>(chosen)) {
      const std::string text = chosen.cast<std::string>();
      for (std::size_t i = 0; i < legal.size(); ++i)
        if (legal[i] == text) return i;
      input_error("a Python bot for seat " + std::to_string(seat) + " chose \"" + text +
                  "\", which is not one of its legal moves");
    }
    input_error("a Python bot for seat " + std::to_string(seat) + " returned a " + type_name(chosen) +
                "; it must return one of the legal moves (a str) or its index in the list (an int)");
  };
}

// The bots of one play() or arena() call: a spec string seats nuraghe's bot; a Python seat is named
// "python:NAME" in the results, and is either one callable shared by every game or a factory called
// as factory(seat, seed) for each game and seat (nuraghe.Seeded), which makes its games independent
// of the order the arena's jobs play them in.
struct Seats {
  std::vector<std::string> specs;
  ExternalBots python;                                     // by spec
  std::map<std::string, std::shared_ptr<Held>> callables;  // by spec: two bots of one name must be one callable

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
      const auto it = callables.find(spec);
      if (it != callables.end() && !it->second->object.is(callable))
        input_error("bots: two different Python bots are both named \"" + name +
                    "\" (give them different names, e.g. nuraghe.Seeded(factory, name=...))");
      auto held = std::make_shared<Held>(callable);
      callables[spec] = held;
      python[spec].start = [held, factory](Player seat, std::uint64_t seed) -> ExternalBot::Decide {
        if (!factory) return decisions_of(held, seat);
        py::gil_scoped_acquire gil;
        auto decide = std::make_shared<Held>(held->object(seat, seed));
        if (!PyCallable_Check(decide->object.ptr()))
          input_error("a nuraghe.Seeded factory must return a callable (view, legal) -> move");
        return decisions_of(std::move(decide), seat);
      };
      specs.push_back(spec);
    }
  }

  // Two seats of an arena that hold the same bot: the same Python bot, or two specs of one bot, as
  // the command line refuses them.
  bool same_bot(const std::string& x, const std::string& y) const {
    if (python.count(x) || python.count(y)) return x == y;
    return nuraghe::same_bot(x, y);
  }
};

// ---- arguments --------------------------------------------------------------------------------

// A move of apply or apply_joint (the argument `name`): notation (a str) or an action index (an
// int). Any other type is refused where the state reads it.
Action action_of(const py::int_& a) {
  Action out;
  out.text = decimal(a);
  if (!less(a, py::int_(std::numeric_limits<int>::min())) && !less(py::int_(std::numeric_limits<int>::max()), a))
    out.value = a.cast<int>();
  return out;
}
MoveArg move_arg(const py::handle& move, const std::string& name) {
  if (py::isinstance<py::str>(move)) return move.cast<std::string>();
  if (const auto a = as_index(move)) return action_of(*a);
  return WrongType{name + "= must be a move's notation (a str) or an action index (an int), not a " + type_name(move)};
}

// While C++ decides: Python's other threads run.
std::shared_ptr<void> release_gil() { return std::make_shared<py::gil_scoped_release>(); }

py::dict info_of(const GameInfo& i) {
  py::dict d;
  d["name"] = i.name;
  d["description"] = i.description;
  d["min_players"] = i.min_players;
  d["max_players"] = i.max_players;
  d["hidden_information"] = i.hidden_information;
  d["tensors"] = i.tensors;    // the action space and observation vectors of the learning API
  d["features"] = i.features;  // named features of a seat's view
  d["options"] = i.options;
  return d;
}

py::dict analysis_of(const Analysis& r) {
  py::list moves;
  for (const auto& m : r.moves) {
    py::dict row;
    row["move"] = m.move;
    row["visits"] = m.visits;
    row["mean"] = m.mean;
    row["policy"] = m.policy;
    moves.append(row);
  }
  py::dict out;
  out["best"] = r.best;
  out["iterations"] = r.iterations;
  out["seconds"] = r.seconds;
  out["moves"] = moves;
  return out;
}

// As `nuraghe play` plays it: the same seeds, so the same game from the same arguments.
// Without players=, the bots' count is the player count when the game plays that many.
py::dict play(const AnyGame& game, GameConfig config, const py::list& bots) {
  config.players = players_for_bots(game.info(), config.players, bots.size());
  game.check_map(config);
  const int n = game.initial(config)->num_players();  // the setup's checks come before the bots'
  const Seats seats(bots);
  GameRecord record;
  {
    py::gil_scoped_release nogil;
    record = game.play(config, seats.specs, seats.python);
  }
  py::list moves, movers;
  for (const auto& m : record.moves) {
    moves.append(m.text);
    movers.append(m.player);
  }
  py::dict out;
  out["game"] = game.info().name;
  out["seed"] = config.seed;
  out["bots"] = seats.specs;
  out["moves"] = moves;
  out["movers"] = movers;
  out["scores"] = seat_values(record.scores, n);
  out["returns"] = seat_values(record.returns, n);
  return out;
}

py::tuple arena(const AnyGame& game, const ArenaSettings& a, const py::list& bots) {
  game.check_map(a.config);
  const Seats seats(bots);
  ArenaSettings settings = a;
  settings.bots = seats.specs;
  settings.config.players = players_for_bots(game.info(), a.config.players, seats.specs.size());
  // One bot given twice under one name would be two rows of one player in the table, their
  // comparison meaningless; copies under two labels are two equal players (an A/A table).
  for (std::size_t i = 0; i < seats.specs.size(); ++i)
    for (std::size_t k = i + 1; k < seats.specs.size(); ++k)
      if (seats.same_bot(seats.specs[i], seats.specs[k]) && bot_name(seats.specs[i]) == bot_name(seats.specs[k]))
        input_error("arena: \"" + seats.specs[i] + "\" is given twice: copies of one bot need two labels (\"" +
                    seats.specs[i] + (seats.specs[i].find(':') == std::string::npos ? ":" : ",") +
                    "label=a\" and ...label=b), or two Python bots different names");
  check_bot_names(seats.specs, "arena");  // two specs that share a label= would share a table row's name
  ArenaRunOptions options;
  options.names = SettingNames{"games=", "bot in bots=", "out="};
  options.version = version();  // the results file's header says which build played, as the program's do
  std::vector<Json> lines;
  Json summary;
  {
    py::gil_scoped_release nogil;
    lines = game.arena(settings, options, seats.python, summary);
  }
  py::list games;
  for (const auto& line : lines) games.append(to_python(line));
  return py::make_tuple(games, to_python(summary));
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

// A real number as predict reads one: an int or a float, Python's or numpy's, or a bool (0 or 1, as
// numpy and Python's arithmetic read it: an observation's indicators may come as a bool array).
bool real_number(const py::handle& x) {
  if (PyLong_Check(x.ptr()) || PyFloat_Check(x.ptr())) return true;  // bool is an int
  const py::module_ numpy = py::module_::import("numpy");
  return py::isinstance(x, numpy.attr("integer")) || py::isinstance(x, numpy.attr("floating")) ||
         py::isinstance(x, numpy.attr("bool_"));
}

// The raw value of each row of `observations` (rows x the model's input size, or one row): what the
// model says of one seat's view, before the search floors and normalises the seats' values. The
// input is the observation, the named features or both (the model's inputs), then the
// hand-written evaluation's logit for a model with evaluate_input. Real numbers only: numpy would read None as NaN and
// drop a complex's imaginary part, so anything else is a TypeError; a number that is not finite as a float (the model's
// inputs are floats) is an InputError.
py::array_t<double> predict(const ValueModel& m, const py::handle& observations) {
  using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
  if (m.is_policy()) input_error("predict takes a value model; this is a policy model (logits over actions)");
  if (!py::isinstance<py::array>(observations) && !py::isinstance<py::list>(observations))
    type_error("observations= must be a numpy array (or a list) of real numbers, not a " + type_name(observations));
  const std::string numbers = "observations= must hold real numbers (ints, floats or bools), not ";
  py::object array;
  try {
    array = py::module_::import("numpy").attr("asarray")(observations);
  } catch (py::error_already_set& e) {  // numpy's "inhomogeneous shape"
    if (!e.matches(PyExc_ValueError)) throw;
    input_error("observations= must be rows of one length, or one row");
  }
  const std::string kind = py::str(array.attr("dtype").attr("kind")), dtype = py::str(array.attr("dtype"));
  if (kind == "O") {  // a list holding None, a str beside numbers, an int past 64 bits, ...
    for (const py::handle x : array.attr("flat"))
      if (!real_number(x)) type_error(numbers + "a " + type_name(x));
  } else if (kind != "b" && kind != "i" && kind != "u" && kind != "f") {
    const std::string what = kind == "c"   ? "complex"
                             : kind == "U" ? "str"
                             : kind == "S" ? "bytes"
                             : kind == "M" ? "datetime"
                             : kind == "m" ? "timedelta"
                                           : "other";
    type_error(numbers + what + " values (numpy dtype " + dtype + ")");
  }
  // As doubles first, checked, then floats: numpy's own cast to float32 would warn of an overflow.
  const Doubles x = Doubles::ensure(array);  // null (the Python error cleared) when numpy cannot convert
  if (!x) type_error(numbers + dtype + " values");
  const py::ssize_t size = m.input_size();
  if (!((x.ndim() == 1 && x.shape(0) == size) || (x.ndim() == 2 && x.shape(1) == size)))
    input_error("observations= must have " + std::to_string(size) + " columns (the model's " +
                std::string(kModelInputs[std::size_t(m.inputs)]) +
                (m.evaluate_input ? " and the evaluation's logit" : "") + "), as rows x " + std::to_string(size) +
                " or one row");
  const py::ssize_t rows = x.ndim() == 1 ? 1 : x.shape(0);
  std::vector<float> values(std::size_t(rows * size));
  for (py::ssize_t i = 0; i < rows * size; ++i) {
    const double v = x.data()[i];
    if (!(std::fabs(v) <= std::numeric_limits<float>::max()))  // NaN too
      input_error("observations=" + (x.ndim() == 2 ? " row " + std::to_string(i / size) + "," : std::string()) +
                  " column " + std::to_string(i % size) + " is " + py::repr(py::float_(v)).cast<std::string>() +
                  ": a model reads finite numbers within a float's range");
    values[std::size_t(i)] = float(v);
  }
  py::array_t<double> out(rows);
  ModelEvaluator evaluator(m);
  for (py::ssize_t r = 0; r < rows; ++r) out.mutable_at(r) = evaluator.value(values.data() + r * size);
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
      "game_info",
      [](const py::handle& name) { return info_of(any_game(str_arg(name, "name", "a game's name")).info()); },
      py::arg("name"));
  // Two facts of a game that the pyspiel-style layer (nuraghe/spiel.py) reports and AnyGame's info
  // does not carry: the game's own bound on the decisions of one game (kMaxGameLength, a joint
  // move counted once, which tests/invariants.hpp checks) and whether it has simultaneous nodes.
  m.def(
      "_game_limits",
      [](const py::handle& name) {
        const std::string game = str_arg(name, "name", "a game's name");
        any_game(game);  // an unknown name: the usual one-line InputError
        py::dict out;
        AllGames::for_each([&]<Game G>() {
          if (G::kName != game) return;
          out["max_game_length"] = int(G::kMaxGameLength);
          out["simultaneous"] = HasSimultaneousMoves<G>;
        });
        return out;
      },
      py::arg("name"));
  m.def("bots", [] { return names(bot_catalog()); });
  m.attr("__version__") = version();
  m.def(
      "map_data",
      [](const py::handle& game, const py::handle& options, const py::handle& map) {
        const AnyGame& g = any_game(str_arg(game, "game", "a game's name"));
        const GameConfig config = config_of(py::int_(0), py::int_(1), options, map);
        return to_python(g.map_data(config));
      },
      py::arg("game"), py::arg("options") = py::none(), py::arg("map") = py::none());

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
          "apply", [](PyState& s, const py::handle& move) { s.s->apply(move_arg(move, "move"), "move"); },
          py::arg("move"))
      .def(
          "apply_joint",
          [](PyState& s, const py::handle& moves) {
            std::vector<MoveArg> each;
            for (const py::handle m : as_list(moves, "moves="))
              each.push_back(move_arg(m, "moves[" + std::to_string(each.size()) + "]"));
            s.s->apply_joint(each);
          },
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
            return PyState{any_game(in.at("game").string()).from_json(j)};
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
            const auto a = as_index(action);
            if (!a) type_error("action= must be an int (or a numpy integer), not a " + type_name(action));
            return s.s->action_to_move(action_of(*a), p);
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
      .def("feature_names", [](const PyState& s) { return s.s->feature_names(); })
      .def(
          "features",
          [](const PyState& s, const py::handle& seat) {
            const std::vector<float> f = s.s->features(seat_arg(seat, s, false));
            return py::array_t<float>(py::ssize_t(f.size()), f.data());
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

  // A learned model (docs/learning.md): a value model, as `eval=` reads it (one seat's observation to
  // its value), or a policy model, as `prior=` reads it (is_policy, num_actions; evaluate and
  // predict take value models only).
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
      .def_property_readonly("inputs",
                             [](const PyModel& x) { return std::string(kModelInputs[std::size_t(x.model->inputs)]); })
      .def_property_readonly("feature_names", [](const PyModel& x) { return x.model->feature_names; })
      .def_property_readonly("is_policy", [](const PyModel& x) { return x.model->is_policy(); })
      .def_property_readonly("num_actions", [](const PyModel& x) { return x.model->num_actions; })
      .def_property_readonly("hash", [](const PyModel& x) { return model_hash_text(*x.model); })
      .def(
          "evaluate", [](const PyModel& x, const py::handle& s) { return state_arg(s).s->evaluate(*x.model); },
          py::arg("state"))
      .def(
          "policy",
          [](const PyModel& x, const py::handle& s, const py::handle& seat) {
            const PyState& state = state_arg(s);
            py::dict out;
            for (const auto& [move, p] : state.s->policy(*x.model, seat_arg(seat, state, true))) out[py::str(move)] = p;
            return out;
          },
          py::arg("state"), py::arg("seat") = py::none())
      .def(
          "predict", [](const PyModel& x, const py::handle& observations) { return predict(*x.model, observations); },
          py::arg("observations"))
      .def("__repr__", [](const PyModel& x) {
        return "<nuraghe.Model " + std::string(x.model->is_policy() ? "policy " : "") +
               std::string(kModelKinds[std::size_t(x.model->kind)]) + " for " + x.model->game + ", " +
               std::to_string(x.model->players) + " players, " + model_hash_text(*x.model) + ">";
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
        const AnyGame& g = any_game(str_arg(game, "game", game_name));
        const GameConfig config = config_of(players, seed, options, map);
        g.check_map(config);
        return PyState{g.initial(config)};
      },
      py::arg("game"), py::arg("players") = 0, py::arg("seed") = 1, py::arg("options") = py::none(),
      py::arg("map") = py::none());

  py::class_<BotHandle>(m, "Bot")
      .def_readonly("spec", &BotHandle::spec)
      .def_readonly("seat", &BotHandle::seat)
      .def(
          "act", [](BotHandle& b, const py::handle& s) { return state_arg(s).s->act(b, release_gil); },
          py::arg("state"))
      .def(
          "analyze",
          [](BotHandle& b, const py::handle& s) { return analysis_of(state_arg(s).s->analyze(b, release_gil)); },
          py::arg("state"))
      .def("__repr__",
           [](const BotHandle& b) { return "<nuraghe.Bot " + b.spec + " for seat " + std::to_string(b.seat) + ">"; });
  m.def(
      "make_bot",
      [](const py::handle& spec, const py::handle& seat, const py::handle& seed) {
        const std::string text = str_arg(spec, "spec", "a bot spec, as `nuraghe bots` lists them");
        bot_params(parse_spec(text, "bot"));  // an unknown bot or parameter is refused here, not at the first act
        const int p = integer_arg<int>(seat, "seat", 0, kMaxPlayers - 1);
        return BotHandle{text, p, seed_arg(seed), {}, {}, false};
      },
      py::arg("spec"), py::arg("seat"), py::arg("seed") = 1);

  m.def(
      "play",
      [game_name](const py::handle& game, const py::handle& bots, const py::handle& players, const py::handle& seed,
                  const py::handle& options, const py::handle& map) {
        const std::string name = str_arg(game, "game", game_name);
        const GameConfig config = config_of(players, seed, options, map);
        const AnyGame& g = any_game(name);
        return play(g, config, as_list(bots, "bots="));
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
        const AnyGame& g = any_game(a.game);
        return arena(g, a, as_list(bots, "bots="));
      },
      py::arg("game"), py::arg("bots"), py::arg("games"), py::arg("seed") = 1, py::arg("jobs") = 1,
      py::arg("players") = 0, py::arg("options") = py::none(), py::arg("map") = py::none(),
      py::arg("out") = py::none());
}
