"""nuraghe: Monte Carlo tree search bots for Sardinian board games, from Python.

The engine is nuraghe's C++ (the extension module ``_nuraghe``); this package adds only what is
Python's own: the arena's results as a list with ``to_pandas()``, and ``Seeded`` for Python bots
whose games must not depend on the order the arena plays them in. docs/python.md is the guide.
"""

from ._nuraghe import (  # noqa: F401  (the public interface)
    SIMULTANEOUS,
    TERMINAL,
    Bot,
    InputError,
    State,
    bots,
    game_info,
    games,
    make_bot,
    new_game,
    play,
)
from . import _nuraghe

for _type in (Bot, InputError, State):  # shown as nuraghe.State, not nuraghe._nuraghe.State
    _type.__module__ = "nuraghe"

__all__ = [
    "SIMULTANEOUS", "TERMINAL", "Bot", "InputError", "State", "Results", "Seeded",
    "arena", "bots", "from_json", "game_info", "games", "make_bot", "new_game", "play",
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
    """The games of an arena, one dict per game as its results-file line holds it: index, seed,
    seats, bots, scores, returns, ranks, moves, movers, seconds, think_seconds, decisions."""

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
                    "game": g["index"], "deal": g["index"] // n, "seed": g["seed"], "seat": seat,
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
    """A tournament as ``nuraghe arena`` plays it (rotated seats, duplicate deals), with bots given as
    spec strings, Python callables ``(view, legal) -> move``, or ``Seeded(factory)``. ``out``: a
    results file, written and resumed as the command's ``--out``. Returns Results. The arguments are
    read as in new_game and play: a value out of range is an InputError, one of the wrong type a
    TypeError, each naming the argument."""
    return Results(_nuraghe.arena(game, bots, games, seed, jobs, players, options, map, out))
