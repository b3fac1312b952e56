#pragma once
// The Python module's conversions: JSON to and from Python values, and every argument read from a
// Python object, each mistake one line naming the argument as Python spells it (docs/python.md).

#include <pybind11/pybind11.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/json.hpp"

namespace nuraghe::python {

namespace py = pybind11;

// ---- JSON <-> Python ------------------------------------------------------------------------

inline py::object to_python(const Json& j) {
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

inline std::string type_name(const py::handle& x) { return py::str(x.get_type().attr("__name__")); }

// ---- arguments ------------------------------------------------------------------------------
//
// Every argument is taken as a Python object and read here, not by pybind11's conversions (whose
// TypeError lists every signature on many lines, and which cannot say which value is out of range):
// a value out of range is an InputError, a value of the wrong type a TypeError, each one line naming
// the argument as Python spells it (seed=), never the command line's flag (--seed).

[[noreturn]] inline void type_error(const std::string& text) { throw py::type_error(text); }

// An integer from Python: an int or anything that says it is one (operator.index: numpy's integers,
// which a learning agent's argmax gives), not a bool. Nothing when `x` is not one.
inline std::optional<py::int_> as_index(const py::handle& x) {
  if (py::isinstance<py::bool_>(x) || !PyIndex_Check(x.ptr())) return std::nullopt;
  PyObject* index = PyNumber_Index(x.ptr());
  if (!index) {  // a type with __index__ that refuses this value (a numpy array of several)
    PyErr_Clear();
    return std::nullopt;
  }
  return py::reinterpret_steal<py::int_>(index);
}

// The decimal text of a Python int, however large.
inline std::string decimal(const py::int_& x) { return py::str(py::handle(x)).cast<std::string>(); }

inline bool less(const py::handle& a, const py::handle& b) {
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

inline std::uint64_t seed_arg(const py::handle& x, const std::string& name = "seed") {
  return integer_arg<std::uint64_t>(x, name, 0, std::numeric_limits<std::uint64_t>::max());
}

inline std::string str_arg(const py::handle& x, const std::string& name, const std::string& what) {
  if (!py::isinstance<py::str>(x)) type_error(name + "= must be a str (" + what + "), not a " + type_name(x));
  return x.cast<std::string>();
}

// A file: a str or a path (os.PathLike), or None for none.
inline std::optional<std::string> file_arg(const py::handle& x, const std::string& name) {
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
inline std::map<std::string, std::string> options_arg(const py::handle& x) {
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
inline Json from_python(const py::handle& data, const std::string& name) {
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
inline py::list as_list(const py::handle& items, const std::string& what) {
  if (py::isinstance<py::str>(items) || !py::isinstance<py::iterable>(items))
    input_error(what + " must be a list (or another sequence), not a " + type_name(items));
  py::list out;
  for (const py::handle x : items) out.append(x);
  return out;
}

// A message of the library in the module's words: the games' readers and setups hint at the
// command line's flags (`--map FILE reads a board file`, `-o side=winter and --map`), which from
// Python are the arguments map= and options=. (The arena's messages are worded by SettingNames.)
inline std::string in_python_words(std::string text) {
  const auto replace_all = [&](const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  replace_all("--map FILE", "map=FILE");
  replace_all("--map", "map=");
  replace_all(" -o ", " option ");
  return text;
}

}  // namespace nuraghe::python
