"""nuraghe: Monte Carlo tree search bots for Sardinian board games, from Python.

The engine is nuraghe's C++ (the extension module ``_nuraghe``); this package adds only what is
Python's own: the arena's results as a list with ``to_pandas()``, ``Seeded`` for Python bots
whose games must not depend on the order the arena plays them in, and ``load_selfplay`` for the
arrays ``nuraghe selfplay`` writes. docs/python.md is the guide.
"""

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

__version__ = _nuraghe.__version__  # the build, as `nuraghe --version` names it

for _type in (Bot, InputError, Model, State):  # shown as nuraghe.State, not nuraghe._nuraghe.State
    _type.__module__ = "nuraghe"

__all__ = [
    "SIMULTANEOUS", "TERMINAL", "Bot", "InputError", "Model", "State", "Results", "Seeded",
    "arena", "bots", "from_json", "game_info", "games", "load_model", "load_selfplay", "make_bot",
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
    deal: every seating of one deal shares its cards."""

    COLUMNS = ["game", "deal", "seed", "seat", "bot", "score", "return", "rank", "think_seconds",
               "decisions", "win"]

    def rows(self):
        """One dict per game and seat (the columns of ``nuraghe results --per seat``)."""
        out = []
        for g in self:
            n = len(g["seats"])
            best = max(g["returns"])
            for seat in range(n):
                out.append({
                    "game": g["index"], "deal": g["deal"], "seed": g["seed"], "seat": seat,
                    "bot": g["bots"][seat], "score": g["scores"][seat], "return": g["returns"][seat],
                    "rank": g["ranks"][seat], "think_seconds": g["think_seconds"][seat],
                    "decisions": g["decisions"][seat], "win": int(g["returns"][seat] == best),
                })
        return out

    def to_pandas(self):
        """A pandas DataFrame of rows(): one row per game and seat. Needs pandas (Debian python3-pandas)."""
        try:
            import pandas
        except ImportError as e:
            raise ImportError("Results.to_pandas() needs pandas (Debian: apt-get install python3-pandas)") from e
        return pandas.DataFrame(self.rows(), columns=self.COLUMNS)


def arena(game, bots, games, seed=1, jobs=1, players=0, options=None, map=None, out=None):
    """A tournament as ``nuraghe arena`` plays it (duplicate deals in balanced seatings), with bots given as
    spec strings, Python callables ``(view, legal) -> move``, or ``Seeded(factory)``. ``out``: a
    results file, written and resumed as the command's ``--out``. Returns Results. The arguments are
    read as in new_game and play: a value out of range is an InputError, one of the wrong type a
    TypeError, each naming the argument."""
    return Results(_nuraghe.arena(game, bots, games, seed, jobs, players, options, map, out))


def load_selfplay(folder):
    """The arrays of a ``nuraghe selfplay --out FOLDER`` run as numpy: a dict of each array of the
    manifest (observation, seat, game, deal, decision, progress, moved, returns, scores,
    search_value), the chunks the manifest names joined in order, and ``"manifest"``, the manifest
    itself. docs/learning.md, "Self-play data", says what each array holds. Needs numpy."""
    import json
    import os
    try:
        import numpy
    except ImportError as e:
        raise ImportError("load_selfplay needs numpy (Debian: apt-get install python3-numpy)") from e
    if not isinstance(folder, (str, os.PathLike)):
        raise TypeError("folder= must be a str or a path, not a " + type(folder).__name__)
    path = os.path.join(folder, "manifest.json")
    try:
        with open(path) as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        raise InputError("load_selfplay: cannot read %s: %s" % (path, e)) from None
    if not isinstance(manifest, dict) or manifest.get("nuraghe") != "selfplay":
        raise InputError("load_selfplay: %s is not a manifest of nuraghe selfplay" % path)
    out = {"manifest": manifest}
    try:
        for name, info in manifest["arrays"].items():
            parts = [numpy.load(os.path.join(folder, c["name"], name + ".npy")) for c in manifest["chunks"]]
            if parts:
                out[name] = numpy.concatenate(parts)
            else:
                out[name] = numpy.zeros([0] + list(info["shape"][1:]), dtype=info["dtype"])
    except (KeyError, TypeError, AttributeError) as e:
        raise InputError("load_selfplay: %s: the manifest lacks or garbles %s" % (path, e)) from None
    except (OSError, ValueError) as e:
        raise InputError("load_selfplay: %s: %s" % (folder, e)) from None
    return out
