"""nuraghe: Monte Carlo tree search bots for Sardinian board games, from Python.

The engine is nuraghe's C++ (the extension module ``_nuraghe``); this package adds only what is
Python's own: the arena's results as a list with ``to_pandas()``, ``Seeded`` for Python bots
whose games must not depend on the order the arena plays them in, ``load_selfplay`` for the
arrays ``nuraghe selfplay`` writes, and ``load_game``, the games under OpenSpiel's pyspiel names
(nuraghe.spiel). docs/python.md is the guide.
"""

import json
import os

from ._nuraghe import (  # noqa: F401  (the public interface)
    SIMULTANEOUS,
    TERMINAL,
    Bot,
    InputError,
    Model,
    State,
    bots,
    game_info,
    games,
    load_model,
    make_bot,
    map_data,
    new_game,
    play,
)
from . import _nuraghe
from .spiel import load_game  # noqa: F401  (pyspiel's names: nuraghe/spiel.py)

__version__ = _nuraghe.__version__  # the build, as `nuraghe --version` names it

for _type in (Bot, InputError, Model, State):  # shown as nuraghe.State, not nuraghe._nuraghe.State
    _type.__module__ = "nuraghe"

__all__ = [
    "SIMULTANEOUS", "TERMINAL", "Bot", "InputError", "Model", "State", "Results", "Seeded",
    "arena", "bots", "from_json", "game_info", "games", "load_game", "load_model", "load_selfplay", "make_bot",
    "map_data", "new_game", "play",
]


def from_json(data):
    """The state of a position (a dict or JSON text, as ``nuraghe new`` prints and State.to_json gives)."""
    return State.from_json(data)


class Seeded:
    """A Python bot made afresh for every game: ``factory(seat, seed)`` returns the callable
    ``(view, legal) -> move`` of that seat in that game, with the seed the arena gives a C++ bot
    there. A bot that draws its randomness from that seed plays the same games whatever ``jobs``."""

    def __init__(self, factory, name=None):
        if not callable(factory):
            raise TypeError("Seeded: factory= must be callable as factory(seat, seed), not a " + type(factory).__name__)
        if name is not None and not isinstance(name, str):
            raise TypeError("Seeded: name= must be a str or None, not a " + type(name).__name__)
        self._nuraghe_factory = factory
        self.name = name or getattr(factory, "__name__", "bot")

    def __repr__(self):
        return f"Seeded({self.name})"


class Results(list):
    """The games of an arena, one dict per game as its results-file line holds it (index, seed,
    seats, bots, scores, returns, ranks, moves, movers, seconds, think_seconds, decisions), and its
    deal: every seating of one deal shares its cards. ``summary`` is the arena's table as
    ``nuraghe arena --format json`` gives it (bots with win rates, Elo and their intervals,
    head_to_head with the Elo difference); table() and head_to_head() give it as DataFrames."""

    COLUMNS = ["game", "deal", "seed", "seat", "bot", "score", "return", "rank", "think_seconds",
               "decisions", "win"]

    def __init__(self, games=(), summary=None):
        super().__init__(games)
        self.summary = summary if summary is not None else {}
        # A bot's name in the tables: its label= where the spec gives one, else the spec.
        self._names = {b["spec"]: b["bot"] for b in self.summary.get("bots", [])}

    def rows(self):
        """One dict per game and seat (the columns of ``nuraghe results --per seat``); "bot" is the
        bot's name in the tables: its label= where its spec gives one."""
        out = []
        for g in self:
            n = len(g["seats"])
            best = max(g["returns"])
            for seat in range(n):
                spec = g["bots"][seat]
                out.append({
                    "game": g["index"], "deal": g["deal"], "seed": g["seed"], "seat": seat,
                    "bot": self._names.get(spec, spec), "score": g["scores"][seat], "return": g["returns"][seat],
                    "rank": g["ranks"][seat], "think_seconds": g["think_seconds"][seat],
                    "decisions": g["decisions"][seat], "win": int(g["returns"][seat] == best),
                })
        return out

    def to_pandas(self):
        """A pandas DataFrame of rows(): one row per game and seat. Needs pandas (Debian python3-pandas)."""
        return _pandas("Results.to_pandas()").DataFrame(self.rows(), columns=self.COLUMNS)

    def table(self):
        """The arena's table, a row a bot, as a DataFrame indexed by the bot's name: games, wins,
        win_rate and its 95% interval (win_rate_low, win_rate_high), mean_score, mean_rank,
        ms_per_move, and Bradley-Terry elo (centred on the mean of the bots) with elo_low, elo_high;
        spec is the bot's full spec."""
        return _pandas("Results.table()").DataFrame(self.summary["bots"]).set_index("bot")

    def head_to_head(self):
        """The head-to-head block, a row a pair (first, second: the bots' names): elo_diff (first
        minus second, from the same resamples as the table's Elo) and its interval, the differences
        of win rate and mean score, and first_above (the share of games the first finished above
        the second), each with its 95% interval."""
        return _pandas("Results.head_to_head()").DataFrame(self.summary["head_to_head"])


def _pandas(what):
    try:
        import pandas
    except ImportError as e:
        raise ImportError(what + " needs pandas (Debian: apt-get install python3-pandas)") from e
    return pandas


def arena(game, bots, games, seed=1, jobs=1, players=0, options=None, map=None, out=None):
    """A tournament as ``nuraghe arena`` plays it (duplicate deals in balanced seatings), with bots given as
    spec strings, Python callables ``(view, legal) -> move``, or ``Seeded(factory)``. ``out``: a
    results file, written and resumed as the command's ``--out``. Returns Results. The arguments are
    read as in new_game and play: a value out of range is an InputError, one of the wrong type a
    TypeError, each naming the argument."""
    return Results(*_nuraghe.arena(game, bots, games, seed, jobs, players, options, map, out))


# The arrays of a self-play chunk as `nuraghe selfplay` writes them (cli/commands/selfplay.hpp,
# kSelfplayArrays): name, dtype, and the manifest field that counts its columns (None: one value a
# row or entry). The features are there where the game names them; the labels' with --label-rate,
# the policy's an entry a labelled move (_LABEL_ENTRIES), the others a row each.
_SELFPLAY_ARRAYS = (
    ("observation", "float32", "observation_size"), ("features", "float32", "feature_count"),
    ("seat", "int32", None), ("game", "int32", None),
    ("deal", "int32", None), ("decision", "int32", None), ("progress", "float32", None), ("moved", "int32", None),
    ("returns", "float32", "players"), ("scores", "float32", "players"), ("search_value", "float32", None),
    ("expert_value", "float32", None), ("policy_row", "int32", None), ("policy_action", "int32", None),
    ("policy_prob", "float32", None),
)
_LABEL_ARRAYS = ("expert_value", "policy_row", "policy_action", "policy_prob")
_LABEL_ENTRIES = ("policy_row", "policy_action", "policy_prob")
_MAX_MANIFEST_BYTES = 64 << 20  # as the program reads a user's JSON file (kMaxInputBytes)
_MAX_GAMES_BYTES = 1 << 30  # as `nuraghe learn` reads games.jsonl


class _Field:
    """A value of a JSON file read by load_selfplay, checked as the program's JsonIn checks one:
    each mistake an InputError naming the file and the field ("chunks[1].rows")."""

    def __init__(self, value, source, path=""):
        self.value, self.source, self.path = value, source, path

    def fail(self, what):
        raise InputError("load_selfplay: %s: %s%s" % (self.source, self.path + " " if self.path else "", what))

    def describe(self):
        v = self.value
        if isinstance(v, (dict, list)):
            return "an object" if isinstance(v, dict) else "a list"
        text = json.dumps(v)
        return text if len(text) <= 60 else text[:60] + "..."

    def at(self, key):
        if not isinstance(self.value, dict):
            self.fail("must be a JSON object, not " + self.describe())
        path = self.path + "." + key if self.path else key
        if key not in self.value:
            raise InputError('load_selfplay: %s: missing field "%s"' % (self.source, path))
        return _Field(self.value[key], self.source, path)

    def allow_only(self, keys):
        if not isinstance(self.value, dict):
            self.fail("must be a JSON object, not " + self.describe())
        for key in self.value:
            if key not in keys:
                self.fail('has an unknown field "%s"' % key)

    def entries(self):
        if not isinstance(self.value, list):
            self.fail("must be a list, not " + self.describe())
        return [_Field(v, self.source, "%s[%d]" % (self.path, i)) for i, v in enumerate(self.value)]

    def integer(self, lo, hi):
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail("must be an integer in [%d, %d], not %s" % (lo, hi, self.describe()))
        return v

    def string(self):
        if not isinstance(self.value, str):
            self.fail("must be a string, not " + self.describe())
        return self.value


def _json_of(data, source):
    """JSON as the program reads a user's file (parse_json): no key twice, no NaN or Infinity."""
    def no_key_twice(pairs):
        out = {}
        for key, value in pairs:
            if key in out:
                raise InputError('load_selfplay: %s: key "%s" given twice in one object' % (source, key))
            out[key] = value
        return out

    def not_json(name):
        raise InputError("load_selfplay: %s: %s is not JSON (numbers are finite)" % (source, name))
    try:
        return json.loads(data, object_pairs_hook=no_key_twice, parse_constant=not_json)
    except InputError:
        raise
    except (ValueError, RecursionError) as e:  # a syntax error, bytes not UTF-8, nesting too deep
        raise InputError("load_selfplay: %s: not JSON: %s" % (source, str(e).splitlines()[0])) from None


def _read_bytes(path, most):
    try:
        with open(path, "rb") as f:
            data = f.read(most + 1)
    except OSError as e:
        raise InputError('load_selfplay: cannot read "%s": %s' % (path, e.strerror or e)) from None
    if len(data) > most:
        raise InputError('load_selfplay: "%s" is larger than %d MB' % (path, most >> 20))
    return data


def _read_npy(numpy, path, dtype, shape):
    """The array of a .npy file as `nuraghe learn` reads one (lib/core/npy.hpp): format 1.0, the
    dtype and shape the manifest gives, in C order, its values filling the file exactly; all
    checked on the header before anything the size of the shape is allocated. `shape` None: one
    dimension of any length (a list of entries)."""
    def fail(what):
        raise InputError('load_selfplay: "%s": %s' % (path, what))
    try:
        f = open(path, "rb")
    except OSError as e:
        fail("cannot read the file: %s" % (e.strerror or e))
    with f:
        fmt = numpy.lib.format
        try:
            version = fmt.read_magic(f)
        except ValueError:
            fail("not a .npy file")
        if version != (1, 0):
            fail("a .npy file of another format version than 1.0")
        try:
            declared, fortran_order, declared_dtype = fmt.read_array_header_1_0(f)
        except ValueError as e:
            fail("a .npy header numpy cannot read (%s)" % str(e).splitlines()[0])
        if declared_dtype != numpy.dtype(dtype):
            fail("holds %s values, not %s" % (declared_dtype, dtype))
        if fortran_order:
            fail("not in C order")
        if shape is None:  # a list of entries, of any length
            if len(declared) != 1:
                fail("has shape %s, not a list of entries" % (tuple(declared),))
            shape = list(declared)
        if tuple(declared) != tuple(shape):
            fail("has shape %s, the manifest says %s" % (tuple(declared), tuple(shape)))
        count = 1
        for n in shape:
            count *= n
        data = os.fstat(f.fileno()).st_size - f.tell()
        if data != count * declared_dtype.itemsize:
            fail("its values do not fill its shape (%d bytes)" % data)
        return numpy.fromfile(f, dtype=declared_dtype, count=count).reshape(shape)


def _check_labels(numpy, where, a, rows, num_actions):
    """A labelled chunk's targets against their meanings: the expert's values in [0, 1] (or NaN), each
    policy entry of a row of the chunk, a mover's, with an action of the game and a share in [0, 1],
    a row's shares summing to 1."""
    def fail(name, i, what):
        raise InputError('load_selfplay: "%s": entry %d %s' % (where(name), i, what))
    with numpy.errstate(invalid="ignore"):
        v = a["expert_value"]
        bad = numpy.argwhere(~((v >= 0) & (v <= 1)) & ~numpy.isnan(v))
        if len(bad):
            raise InputError('load_selfplay: "%s": row %d holds %r, outside [0, 1]' %
                             (where("expert_value"), int(bad[0][0]), float(v[bad[0][0]])))
    for name, bad, what in (
            ("policy_row", (a["policy_row"] < 0) | (a["policy_row"] >= rows), "names row %d, not one of the chunk's"),
            ("policy_action", (a["policy_action"] < 0) | (a["policy_action"] >= num_actions),
             "names action %d, not one of the game's " + str(num_actions)),
            ("policy_prob", ~((a["policy_prob"] >= 0) & (a["policy_prob"] <= 1)), "holds %r, outside [0, 1]")):
        at = numpy.argwhere(bad)
        if len(at):
            i = int(at[0][0])
            fail(name, i, what % a[name][i].item())
    if len(a["policy_row"]):
        sums = numpy.bincount(a["policy_row"], weights=a["policy_prob"], minlength=rows)
        has = numpy.bincount(a["policy_row"], minlength=rows) > 0
        off = numpy.argwhere(has & (numpy.abs(sums - 1) > 1e-3))
        if len(off):
            r = int(off[0][0])
            raise InputError('load_selfplay: "%s": row %d\'s shares sum to %r, not 1' % (where("policy_prob"), r, sums[r]))
        movers = numpy.argwhere(has & (a["moved"] != 1))
        if len(movers):
            raise InputError('load_selfplay: "%s": row %d has a policy target, but its seat did not move there' %
                             (where("policy_row"), int(movers[0][0])))


def _check_chunk(numpy, where, a, players, first, moves, returns):
    """The rows of one chunk against their meanings (docs/learning.md, "Self-play data") and the
    chunk's games (moves[g - first], returns[g - first]: game g's move count and returns in
    games.jsonl), each mistake naming its file and row."""
    def first_bad(name, bad, what):
        bad = numpy.argwhere(bad)
        if len(bad):
            r = int(bad[0][0])
            value = a[name][tuple(bad[0])]
            fail_at = 'load_selfplay: "%s": row %d %s' % (where(name), r, what(value, r))
            raise InputError(fail_at)
    first_bad("seat", (a["seat"] < 0) | (a["seat"] >= players),
              lambda v, r: "holds seat %d (the run has %d players)" % (v, players))
    last = first + len(moves)
    first_bad("game", (a["game"] < first) | (a["game"] >= last),
              lambda v, r: "names game %d, not one of its chunk's games %d to %d" % (v, first, last - 1))
    first_bad("deal", a["deal"] != a["game"] // players,
              lambda v, r: "names deal %d, not game %d's (%d)" % (v, a["game"][r], a["game"][r] // players))
    count = numpy.asarray(moves, dtype=numpy.int64)[a["game"] - first] if len(a["game"]) else a["game"]
    first_bad("decision", (a["decision"] < 0) | (a["decision"] >= count),
              lambda v, r: "names decision %d, past game %d's %d moves in its games.jsonl" %
              (v, a["game"][r], moves[a["game"][r] - first]))
    first_bad("moved", (a["moved"] != 0) & (a["moved"] != 1), lambda v, r: "holds %d, not 0 or 1" % v)
    with numpy.errstate(invalid="ignore"):
        for name in ("progress", "returns", "search_value"):
            v = a[name]
            outside = ~((v >= 0) & (v <= 1))  # NaN too
            if name == "search_value":
                outside &= ~numpy.isnan(v)  # NaN: the seat did not move or did not search
            first_bad(name, outside, lambda x, r: "holds %r, outside [0, 1]" % float(x))
    if len(a["game"]):
        ended = numpy.asarray(returns, dtype=numpy.float32)[a["game"] - first]
        first_bad("returns", a["returns"] != ended, lambda x, r: "holds %r, not the return game %d ended with in "
                  "its games.jsonl" % (float(x), a["game"][r]))
    for name in ("observation", "scores"):
        first_bad(name, ~numpy.isfinite(a[name]), lambda x, r: "holds %r, not a finite number" % float(x))


def load_selfplay(folder):
    """The arrays of a ``nuraghe selfplay --out FOLDER`` run as numpy: a dict of each array of the
    manifest (observation, features where the game names them, seat, game, deal, decision, progress,
    moved, returns, scores, search_value), the chunks the manifest names joined in order, and ``"manifest"``, the manifest
    itself. docs/learning.md, "Self-play data", says what each array holds. Needs numpy.

    Everything is checked as ``nuraghe learn`` checks the folder: the manifest's fields (JSON with no
    key twice), its chunks in order, each array's dtype and shape against the manifest and its
    file's size (read from the .npy header before loading), each row's seat, game, deal and
    decision against games.jsonl, and the values against their meanings. A mistake is an
    InputError naming the file and the field or row."""
    try:
        import numpy
    except ImportError as e:
        raise ImportError("load_selfplay needs numpy (Debian: apt-get install python3-numpy)") from e
    if not isinstance(folder, (str, os.PathLike)):
        raise TypeError("folder= must be a str or a path, not a " + type(folder).__name__)
    folder = os.fspath(folder)
    path = os.path.join(folder, "manifest.json")
    manifest = _json_of(_read_bytes(path, _MAX_MANIFEST_BYTES), path)
    if not isinstance(manifest, dict) or manifest.get("nuraghe") != "selfplay":
        raise InputError("load_selfplay: %s is not a manifest of nuraghe selfplay" % path)
    m = _Field(manifest, path)
    if type(m.at("format").value) is not int or m.at("format").value != 1:
        m.at("format").fail("must be 1 (the layout this module reads), not " + m.at("format").describe())
    m.at("game").string()
    players = m.at("players").integer(1, 5)
    columns = {"observation_size": m.at("observation_size").integer(1, 1 << 16), "players": players}
    options = m.at("options")
    if not isinstance(options.value, dict) or not all(isinstance(v, str) for v in options.value.values()):
        options.fail("must map each option to its value as a string")
    m.at("map").string()
    m.at("map_hash").string()
    games = m.at("games").integer(1, 1 << 30)
    chunk_games = m.at("chunk_games").integer(1, 1 << 30)
    # The named features, where the game has them (the manifest's feature_names): an array more.
    selfplay_arrays = _SELFPLAY_ARRAYS
    if "feature_names" in manifest:
        names = m.at("feature_names").entries()
        if not names or not all(isinstance(x.value, str) and x.value for x in names) or \
                len({x.value for x in names}) != len(names):
            m.at("feature_names").fail("must be a list of the features' names, each once")
        columns["feature_count"] = len(names)
    else:
        selfplay_arrays = tuple(x for x in selfplay_arrays if x[0] != "features")
    labels = "label_rate" in manifest
    if labels:
        num_actions = m.at("num_actions").integer(1, 1 << 16)
    else:
        selfplay_arrays = tuple(x for x in selfplay_arrays if x[0] not in _LABEL_ARRAYS)
    shapes = {name: [] if cols is None else [columns[cols]] for name, _, cols in selfplay_arrays}  # past rows
    arrays = m.at("arrays")
    if not isinstance(arrays.value, dict) or set(arrays.value) != {name for name, _, _ in selfplay_arrays}:
        arrays.fail("must document the arrays " + ", ".join(name for name, _, _ in selfplay_arrays))
    for name, dtype, _ in selfplay_arrays:
        if arrays.at(name).at("dtype").value != dtype:
            arrays.at(name).at("dtype").fail('must be "%s"' % dtype)
        length = "entries" if name in _LABEL_ENTRIES else "rows"
        if arrays.at(name).at("shape").value != [length] + shapes[name]:
            arrays.at(name).at("shape").fail("must be %s" % json.dumps([length] + shapes[name]))

    parts = {name: [] for name, _, _ in selfplay_arrays}
    for i, chunk in enumerate(m.at("chunks").entries()):
        chunk.allow_only(["name", "games", "rows"])
        name = "chunk-%05d" % i
        if chunk.at("name").string() != name:
            chunk.at("name").fail('must be "%s" (the run\'s chunks, in order, each once), not %s' %
                                  (name, chunk.at("name").describe()))
        first, last = i * chunk_games, min(games, (i + 1) * chunk_games)
        if first >= games:
            chunk.fail("is past the run's %d games in chunks of %d" % (games, chunk_games))
        if chunk.at("games").value != [first, last] or not all(type(v) is int for v in chunk.at("games").value):
            chunk.at("games").fail("must be [%d, %d]" % (first, last))
        rows = chunk.at("rows").integer(0, 1 << 40)

        def where(array, name=name):
            return os.path.join(folder, name, array + ".npy")
        a = {array: _read_npy(numpy, where(array), dtype, [rows] + shapes[array])
             for array, dtype, _ in selfplay_arrays if array not in _LABEL_ENTRIES}
        if labels:  # the policy's entries: as many in each of its three arrays
            a["policy_row"] = _read_npy(numpy, where("policy_row"), "int32", None)
            entries = len(a["policy_row"])
            for array, dtype in (("policy_action", "int32"), ("policy_prob", "float32")):
                a[array] = _read_npy(numpy, where(array), dtype, [entries])
        games_path = os.path.join(folder, name, "games.jsonl")
        moves, returns = [None] * (last - first), [None] * (last - first)  # by game - first
        for k, text in enumerate(_read_bytes(games_path, _MAX_GAMES_BYTES).splitlines()):
            source = '"%s" line %d' % (games_path, k + 1)
            line = _Field(_json_of(text, source), source)
            g = line.at("index").integer(first, last - 1)
            if moves[g - first] is not None:
                line.at("index").fail("names game %d a second time" % g)
            line.at("seed").integer(0, (1 << 64) - 1)
            played = line.at("moves").entries()
            if not all(isinstance(x.value, str) for x in played):
                line.at("moves").fail("must be a list of strings (the moves' notation)")
            ended = line.at("returns")
            if (not isinstance(ended.value, list) or len(ended.value) != players or
                    not all(type(v) in (int, float) and 0 <= v <= 1 for v in ended.value)):
                ended.fail("must be a list of %d numbers in [0, 1]" % players)
            moves[g - first], returns[g - first] = len(played), ended.value
        if None in moves:
            raise InputError('load_selfplay: "%s" holds %d games, not the %d of its chunk (games %d to %d)' %
                             (games_path, last - first - moves.count(None), last - first, first, last - 1))
        _check_chunk(numpy, where, a, players, first, moves, returns)
        if labels:
            _check_labels(numpy, where, a, rows, num_actions)
            a["policy_row"] = a["policy_row"] + sum(len(x) for x in parts["seat"])  # rows of the joined arrays
        for array in parts:
            parts[array].append(a[array])
    out = {"manifest": manifest}
    for array, dtype, _ in selfplay_arrays:
        out[array] = (numpy.concatenate(parts[array]) if parts[array] else
                      numpy.zeros([0] + shapes[array], dtype=dtype))
    return out
