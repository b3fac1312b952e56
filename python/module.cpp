// The Python module `nuraghe` (docs/python.md): every game of lib/games/games.txt through one
// binding. Python sees one State type and one Bot type; behind them, each game G implements the
// type-erased AnyGame and AnyState (python/any_game.hpp) in a file of its own built from the game
// list (python/game_of.hpp), so a new game needs nothing here.

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
#include "bots/registry.hpp"
#include "core/hooks.hpp"
#include "core/value_model.hpp"
#include "python/any_game.hpp"
#include "python/convert.hpp"

namespace nuraghe::python {
namespace {

// A game's AnyGame by name; an unknown name gets the command line's "unknown game" line.
const AnyGame& game_named(const std::string& name) {
  const AnyGame* found = nullptr;
  AllGames::dispatch(name, [&]<Game G>() {
    found = &any_game<G>();
    return 0;
  });
  return *found;
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
