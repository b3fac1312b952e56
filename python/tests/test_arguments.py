"""Every argument of the module given a value out of its range or of the wrong type.

A value out of range is a nuraghe.InputError, a value of the wrong type a TypeError; either is one
line that names the Python argument (`seed=`), never a command-line flag (`--seed`). numpy's
integers are taken wherever Python's ints are (operator.index), bools nowhere an integer is meant.
PYTHONPATH names build/python and NURAGHE_BIN the program, as python/CMakeLists.txt sets them."""

import os
import re
import subprocess

import pytest

import nuraghe

numpy = pytest.importorskip("numpy")

BIN = os.environ.get("NURAGHE_BIN", "nuraghe")
HUGE = [2**64, 2**70, -(2**70)]


def one_line(e):
    text = str(e.value)
    assert text and "\n" not in text, f"not one line: {text!r}"
    assert not re.search(r"--[a-z]", text), f"names a command-line flag: {text!r}"
    return text


def c4():
    return nuraghe.new_game("connect4", seed=3)


def goof():
    return nuraghe.new_game("goofspiel", seed=3)


def nim_arena(**kw):
    args = dict(game="nim", bots=["random", "random:seed=2"], games=2)
    args.update(kw)
    return nuraghe.arena(**args)


# Each integer argument: (a call with the argument set to v, its name, a valid value, values out of
# its range, whether None is allowed). The call gives something comparable, so that a numpy integer
# can be checked to mean what the int does.
INTEGERS = [
    ("new_game seed", lambda v: nuraghe.new_game("ttr", seed=v).to_json(), "seed", 7, [-1], False),
    ("new_game players", lambda v: nuraghe.new_game("sardegna", players=v).to_json(), "players", 3, [-1, 99], False),
    ("play seed", lambda v: nuraghe.play("nim", ["random", "random:seed=2"], seed=v)["moves"], "seed", 5, [-1], False),
    ("play players", lambda v: nuraghe.play("nim", ["random", "random:seed=2"], players=v)["moves"], "players", 2,
     [-1, 99], False),
    ("arena games", lambda v: len(nim_arena(games=v)), "games", 4, [-1, 0, 3], False),
    ("arena seed", lambda v: [g["moves"] for g in nim_arena(seed=v)], "seed", 11, [-1], False),
    ("arena jobs", lambda v: [g["moves"] for g in nim_arena(jobs=v)], "jobs", 1, [-1, 0, 257], False),
    ("arena players", lambda v: len(nim_arena(players=v)), "players", 2, [-1, 99], False),
    ("make_bot seat", lambda v: nuraghe.make_bot("random", seat=v).seat, "seat", 1, [-1, 99], False),
    ("make_bot seed", lambda v: nuraghe.make_bot("random", seat=0, seed=v).act(c4()), "seed", 4, [-1], False),
    ("view seat", lambda v: c4().view(v), "seat", 1, [-1, 2], False),
    ("view seat kw", lambda v: c4().view(seat=v), "seat", 1, [-1, 2], False),
    ("determinize seat", lambda v: c4().determinize(v, 1).to_json(), "seat", 1, [-1, 2], False),
    ("determinize seed", lambda v: nuraghe.new_game("kuhn", seed=2).determinize(0, v).to_json(), "seed", 9, [-1],
     False),
    ("observation seat", lambda v: c4().observation(v), "seat", 0, [-1, 2], False),
    ("legal_moves seat", lambda v: goof().legal_moves(seat=v), "seat", 1, [-1, 2], True),
    ("legal_actions seat", lambda v: goof().legal_actions(seat=v), "seat", 1, [-1, 2], True),
    ("render seat", lambda v: goof().render(seat=v), "seat", 1, [-1, 2], True),
    ("action_to_move action", lambda v: c4().action_to_move(v), "action", 3, [-1, 7], False),
    ("action_to_move seat", lambda v: c4().action_to_move(3, seat=v), "seat", 0, [-1, 2], True),
    ("move_to_action seat", lambda v: c4().move_to_action(c4().legal_moves()[2], seat=v), "seat", 0, [-1, 2], True),
]


@pytest.mark.parametrize("what,call,name,good,bad,optional", INTEGERS, ids=[i[0] for i in INTEGERS])
def test_integer_arguments(what, call, name, good, bad, optional):
    # Out of range, including beyond 64 bits: an InputError naming the argument.
    for v in bad + HUGE:
        with pytest.raises(nuraghe.InputError) as e:
            call(v)
        assert one_line(e).count(name + "="), (v, str(e.value))
        with pytest.raises(nuraghe.InputError):
            call(numpy.int64(v)) if -(2**63) <= v < 2**63 else call(v)
    # Not an integer: a TypeError naming the argument (None too, unless None means "the default").
    for v in [1.0, 1.5, "1", True] + ([] if optional else [None]):
        with pytest.raises(TypeError) as e:
            call(v)
        assert one_line(e).count(name + "="), (v, str(e.value))
    # numpy's integers are integers.
    expected = call(good)
    for t in (numpy.int64, numpy.int32, numpy.uint8, numpy.uint64):
        assert call(t(good)) == expected


def test_seeds_take_every_64_bit_value():
    top = 2**64 - 1
    assert nuraghe.new_game("ttr", seed=numpy.uint64(top)) == nuraghe.new_game("ttr", seed=top)
    assert nuraghe.play("nim", ["random", "random:seed=2"], seed=top)["seed"] == top
    assert nuraghe.new_game("kuhn").determinize(0, top) is not None
    nuraghe.make_bot("random", seat=0, seed=top)


def test_moves_as_integers():
    for v in [-1, c4().num_actions()] + HUGE:
        with pytest.raises(nuraghe.InputError) as e:
            c4().apply(v)
        assert "move=" in one_line(e)
    for v in [-1, goof().num_actions()] + HUGE:
        g = goof()
        with pytest.raises(nuraghe.InputError) as e:
            g.apply_joint([g.legal_actions(seat=0)[0], v])
        assert "moves[1]=" in one_line(e)
    s, t = c4(), c4()
    s.apply(numpy.uint8(3))
    t.apply(3)
    assert s == t
    for v in [None, 1.5, True]:
        with pytest.raises(nuraghe.InputError) as e:  # as before: a move is a str or an int
            c4().apply(v)
        one_line(e)


STRINGS = [
    ("game_info name", lambda v: nuraghe.game_info(v), "name"),
    ("new_game game", lambda v: nuraghe.new_game(v), "game"),
    ("new_game map", lambda v: nuraghe.new_game("ttr", map=v), "map"),
    ("play game", lambda v: nuraghe.play(v, ["random", "random"]), "game"),
    ("arena game", lambda v: nuraghe.arena(v, ["random", "random:seed=2"], games=2), "game"),
    ("arena out", lambda v: nim_arena(out=v), "out"),
    ("make_bot spec", lambda v: nuraghe.make_bot(v, seat=0), "spec"),
    ("move_to_action move", lambda v: c4().move_to_action(v), "move"),
    ("act state", lambda v: nuraghe.make_bot("random", seat=0).act(v), "state"),
    ("analyze state", lambda v: nuraghe.make_bot("uct:iters=10", seat=0).analyze(v), "state"),
]


@pytest.mark.parametrize("what,call,name", STRINGS, ids=[s[0] for s in STRINGS])
def test_arguments_of_the_wrong_type(what, call, name):
    for v in [5, numpy.int64(5), 1.5, b"ttr", ["ttr"]] + ([] if name in ("map", "out") else [None]):
        with pytest.raises(TypeError) as e:
            call(v)
        assert one_line(e).count(name + "="), (v, str(e.value))


def test_seeded_names_are_str():
    with pytest.raises(TypeError) as e:
        nuraghe.Seeded(lambda seat, seed: None, name=5)
    assert "name=" in one_line(e)
    with pytest.raises(TypeError) as e:
        nuraghe.Seeded(None)
    assert "factory=" in one_line(e)


def test_files_may_be_paths(tmp_path):
    import pathlib
    out = tmp_path / "r.jsonl"
    assert len(nim_arena(out=pathlib.Path(out))) == 2 and out.exists()


def test_options_take_strings_ints_floats_and_bools():
    base = nuraghe.new_game("ttr", seed=2)
    as_text = nuraghe.new_game("ttr", seed=2, options={"cars": "30", "stations": "off", "touring": "on"})
    assert as_text != base
    assert nuraghe.new_game("ttr", seed=2, options={"cars": 30, "stations": False, "touring": True}) == as_text
    assert nuraghe.new_game("ttr", seed=2, options={"cars": numpy.int64(30), "stations": "off",
                                                    "touring": "on"}) == as_text
    assert nuraghe.new_game("nim", options={"heaps": 3}) == nuraghe.new_game("nim", options={"heaps": "3"})
    # None is no options, in every function that takes them.
    assert nuraghe.new_game("ttr", seed=2, options=None) == base
    assert nuraghe.play("nim", ["random", "random:seed=2"], options=None)["moves"]
    assert nim_arena(options=None)
    # A value out of range or not allowed: an InputError naming the option.
    for options, name in [({"cars": 500}, "cars="), ({"cars": -1}, "cars="), ({"cars": 2**70}, "cars="),
                          ({"cars": 1.5}, "cars="), ({"cars": True}, "cars="), ({"stations": 1}, "stations="),
                          ({"carz": 5}, "carz")]:
        for call in (lambda: nuraghe.new_game("ttr", options=options),
                     lambda: nuraghe.play("ttr", ["random", "random:seed=2"], options=options),
                     lambda: nuraghe.arena("ttr", ["random", "random:seed=2"], games=2, options=options)):
            with pytest.raises(nuraghe.InputError) as e:
                call()
            assert name in one_line(e), (options, str(e.value))
    # The wrong type: a TypeError naming options=.
    for options in [{"cars": None}, {"cars": [5]}, {5: "x"}, [("cars", "5")], "cars=5", 5]:
        for call in (lambda: nuraghe.new_game("ttr", options=options),
                     lambda: nuraghe.play("ttr", ["random", "random:seed=2"], options=options),
                     lambda: nuraghe.arena("ttr", ["random", "random:seed=2"], games=2, options=options)):
            with pytest.raises(TypeError) as e:
                call()
            assert "options" in one_line(e), (options, str(e.value))


def test_from_json_takes_what_apply_takes():
    s = nuraghe.new_game("sardegna", seed=2)
    s.apply(numpy.int64(s.legal_actions()[0]))
    found = []

    def numpy_ints(x):  # every int of the position as a numpy integer, as an agent's arrays give them
        if isinstance(x, dict):
            return {k: numpy_ints(v) for k, v in x.items()}
        if isinstance(x, list):
            return [numpy_ints(v) for v in x]
        if isinstance(x, int) and not isinstance(x, bool):
            found.append(x)
            return numpy.int64(x)
        return x

    with_numpy = numpy_ints(s.to_json())
    assert found
    assert nuraghe.from_json(with_numpy) == s
    for data in [{1, 2}, object(), numpy.zeros(3), {"game": "connect4", "x": 1j}]:
        with pytest.raises(TypeError) as e:
            nuraghe.from_json(data)
        assert "data=" in one_line(e), str(e.value)
    for data in [None, 5, [1, 2]]:
        with pytest.raises(nuraghe.InputError) as e:
            nuraghe.from_json(data)
        one_line(e)


def test_arena_refuses_the_same_bot_twice_as_the_command_line_does():
    done = subprocess.run([BIN, "arena", "--game", "nim", "--bots", "random,random", "--games", "2"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "is given twice: copies of one bot need two labels" in done.stderr
    for bots in (["random", "random"], ["uct:iters=10", "uct:iters=10"]):
        with pytest.raises(nuraghe.InputError) as e:
            nuraghe.arena("nim", bots, games=2)
        assert "is given twice: copies of one bot need two labels" in one_line(e)
    # Copies under two labels are two equal players (an A/A table), as on the command line.
    assert len(nuraghe.arena("nim", ["random:label=a", "random:label=b"], games=2)) == 2

    def mine(view, legal):
        return 0

    with pytest.raises(nuraghe.InputError) as e:
        nuraghe.arena("nim", [mine, mine], games=2)
    assert "is given twice" in one_line(e)
    # play() seats whom it is given: one spec in every seat is a game of that bot against itself.
    assert nuraghe.play("nim", ["random", "random"])["moves"]
    assert nuraghe.play("nim", [mine, mine])["moves"]


def test_errors_name_python_arguments_not_flags(tmp_path):
    for call, name in [(lambda: nim_arena(games=3), "games="),
                       (lambda: nuraghe.arena("nim", ["random"], games=2), "bots="),
                       (lambda: nim_arena(out=str(tmp_path)), "out="),
                       (lambda: nim_arena(out=str(tmp_path / "no" / "r.jsonl")), "out="),
                       (lambda: nuraghe.new_game("connect4", map="board.json"), "map="),
                       (lambda: nuraghe.play("nim", ["random", "random"], map="board.json"), "map="),
                       # The games' readers and setups name the flags: the module says them its own way.
                       (lambda: nuraghe.from_json({**nuraghe.new_game("ttr").to_json(), "map": "zz"}), "map="),
                       (lambda: nuraghe.from_json({**nuraghe.new_game("bardagi").to_json(), "board": "zz"}), "map="),
                       (lambda: nuraghe.new_game("bardagi", options={"side": "winter"}, map="b.json"), "map=")]:
        with pytest.raises(nuraghe.InputError) as e:
            call()
        assert name in one_line(e), str(e.value)
    (tmp_path / "mine.txt").write_text("not a results file\n")
    with pytest.raises(nuraghe.InputError) as e:
        nim_arena(out=str(tmp_path / "mine.txt"))
    assert "out=" in one_line(e)
    nim_arena(out=str(tmp_path / "r.jsonl"))
    with pytest.raises(nuraghe.InputError) as e:
        nim_arena(seed=2, out=str(tmp_path / "r.jsonl"))
    assert "another tournament" in one_line(e) and "out=" in str(e.value)
