"""The Python module against the engine and the command line (ctest entry `python`).

PYTHONPATH names build/python and NURAGHE_BIN the program, as python/CMakeLists.txt sets them."""

import json
import os
import random
import subprocess
import threading

import pytest

import nuraghe

BIN = os.environ.get("NURAGHE_BIN", "nuraghe")
GAMES = nuraghe.games()


def cli(*args, check=True):
    return subprocess.run([BIN, *args], capture_output=True, text=True, check=check)


def random_game(game, seed, steps=10_000, **setup):
    """Plays uniformly random moves through the module, calling `visit(state)` before each."""
    rng = random.Random(seed)
    s = nuraghe.new_game(game, seed=seed, **setup)
    states = [s.clone()]
    while not s.is_terminal and steps > 0:
        if s.is_simultaneous:
            s.apply_joint([rng.choice(s.legal_moves(seat=q)) for q in range(s.num_players)])
        else:
            s.apply(rng.choice(s.legal_moves()))
        states.append(s.clone())
        steps -= 1
    return states


def test_games_and_bots_are_the_programs():
    listed = [line.split()[0] for line in cli("games").stdout.splitlines() if not line.startswith(" ")]
    assert GAMES == listed
    assert {"random", "heuristic", "uct", "ismcts", "mo-ismcts"} <= set(nuraghe.bots())
    for g in GAMES:
        info = nuraghe.game_info(g)
        assert info["name"] == g and info["min_players"] <= info["max_players"]


@pytest.mark.parametrize("game", GAMES)
def test_random_games_keep_the_contract(game):
    for seed in (1, 2):
        states = random_game(game, seed)
        end = states[-1]
        assert end.is_terminal and end.to_move == nuraghe.TERMINAL
        assert len(end.returns()) == end.num_players and all(0 <= r <= 1 for r in end.returns())
        assert len(end.scores()) == end.num_players
        for s in states[:: max(1, len(states) // 25)]:
            # Positions round-trip, as dicts and as JSON text.
            assert nuraghe.from_json(s.to_json()) == s
            assert nuraghe.State.from_json(json.dumps(s.to_json())) == s
            assert isinstance(s.render(), str) and s.render() == str(s)
            for seat in range(s.num_players):
                view = s.view(seat)
                assert isinstance(view, dict)
                # A determinization is a state of the seat's information set: the same view.
                d = s.determinize(seat, seed=11)
                assert d.view(seat) == view
                # The text picture of a seat shows only what it knows, too.
                assert isinstance(s.render(seat), str) and d.render(seat) == s.render(seat)


@pytest.mark.parametrize("game", GAMES)
def test_actions_and_observations(game):
    if not nuraghe.game_info(game)["tensors"]:
        # A game without the vectors (Nim) says so, in one line naming the game.
        s = nuraghe.new_game(game)
        for call in (s.num_actions, lambda: s.observation(0), s.legal_actions):
            with pytest.raises(nuraghe.InputError, match=f"^{game} has no action space and observation vector"):
                call()
        return
    states = random_game(game, 3)
    sizes = {(s.num_actions(), len(s.observation(0))) for s in states}
    assert len(sizes) == 1, "the action space and observation size are fixed for a game"
    (num_actions, _), = sizes
    for s in states[:-1]:
        seats = range(s.num_players) if s.is_simultaneous else [s.to_move]
        for seat in seats:
            moves, actions = s.legal_moves(seat=seat), s.legal_actions(seat=seat)
            assert len(actions) == len(set(actions)) == len(moves)
            assert all(0 <= a < num_actions for a in actions)
            for m, a in zip(moves, actions):
                assert s.action_to_move(a, seat=seat) == m
                assert s.move_to_action(m, seat=seat) == a
        for seat in range(s.num_players):
            obs = s.observation(seat)
            # What the seat knows and nothing more: equal over its information set.
            assert s.determinize(seat, seed=5).observation(seat) == obs
    # Applying an action is applying its move.
    s = nuraghe.new_game(game, seed=4)
    if not s.is_simultaneous:
        t = s.clone()
        a = s.legal_actions()[-1]
        s.apply(a)
        t.apply(t.action_to_move(a))
        assert s == t


@pytest.mark.parametrize("game", GAMES)
def test_features(game):
    numpy = pytest.importorskip("numpy")
    s = nuraghe.new_game(game, seed=6)
    if not nuraghe.game_info(game)["features"]:
        for call in (s.feature_names, lambda: s.features(0)):
            with pytest.raises(nuraghe.InputError, match=f"^{game} names no features"):
                call()
        return
    names = s.feature_names()
    assert len(names) == len(set(names)) > 0
    for s in random_game(game, 6)[::7]:
        assert s.feature_names() == names
        for seat in range(s.num_players):
            f = s.features(seat)
            assert f.dtype == numpy.float32 and f.shape == (len(names),) and numpy.isfinite(f).all()
            # What the seat knows and nothing more: equal over its information set.
            assert numpy.array_equal(s.determinize(seat, seed=5).features(seat), f)
    with pytest.raises(nuraghe.InputError, match="no such seat"):
        s.features(s.num_players)


def test_clone_is_independent():
    s = nuraghe.new_game("sardegna", players=3, seed=7)
    t = s.clone()
    t.apply(t.legal_moves()[0])
    assert t != s and s == nuraghe.new_game("sardegna", players=3, seed=7)


def test_same_game_from_the_same_seed_as_the_command_line(tmp_path):
    log = tmp_path / "game.jsonl"
    bots = ["heuristic", "random", "ismcts:iters=50"]
    cli("play", "--game", "sardegna", "--players", "3", "--seed", "7", "--bots", ",".join(bots), "--log", str(log))
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    logged_moves = [line["move"] for line in lines if "move" in line]
    game = nuraghe.play("sardegna", bots, players=3, seed=7)
    assert game["moves"] == logged_moves
    assert game["scores"] == lines[-1]["result"]["scores"]
    # And a simultaneous game.
    log2 = tmp_path / "bardagi.jsonl"
    cli("play", "--game", "bardagi", "--players", "3", "--seed", "5", "-o", "length=short",
        "--bots", "heuristic,random,random", "--log", str(log2))
    logged = [json.loads(line) for line in log2.read_text().splitlines()]
    game = nuraghe.play("bardagi", ["heuristic", "random", "random"], players=3, seed=5, options={"length": "short"})
    assert game["moves"] == [line["move"] for line in logged if "move" in line]


def test_a_python_bot_plays_a_sardegna_arena_against_the_heuristic():
    rng = random.Random(1)
    calls = []

    def python_random(view, legal):
        calls.append(len(legal))
        assert isinstance(view, dict) and legal and all(isinstance(m, str) for m in legal)
        return rng.choice(legal)

    results = nuraghe.arena("sardegna", [python_random, "heuristic"], games=10, seed=3)
    assert len(results) == 10 and calls
    assert {tuple(sorted(g["bots"])) for g in results} == {("heuristic", "python:python_random")}
    df_rows = results.rows()
    assert len(df_rows) == 20
    wins = {b: sum(r["win"] for r in df_rows if r["bot"] == b) for b in ("heuristic", "python:python_random")}
    assert wins["heuristic"] > wins["python:python_random"], wins
    # The results are the arena's own: every game replays with the command line.
    for g in results:
        s = nuraghe.new_game("sardegna", seed=g["seed"])
        for m in g["moves"]:
            s.apply(m)
        assert s.is_terminal and s.scores() == g["scores"]


def test_python_bots_in_play_and_by_index():
    first = nuraghe.play("connect4", [lambda view, legal: 0, "random"], seed=2)  # the first move listed
    assert first["bots"][0] == "python:<lambda>"
    assert first["moves"][0] == nuraghe.new_game("connect4", seed=2).legal_moves()[0]


def test_seeded_python_bots_do_not_depend_on_jobs(tmp_path):
    def factory(seat, seed):
        rng = random.Random(seed)
        return lambda view, legal: rng.choice(legal)

    bots = [nuraghe.Seeded(factory, name="seeded"), "random", "ismcts:iters=30"]
    one = nuraghe.arena("sardegna", bots, games=6, seed=9, players=3, jobs=1)
    two = nuraghe.arena("sardegna", bots, games=6, seed=9, players=3, jobs=2, out=str(tmp_path / "r.jsonl"))
    key = lambda r: [(g["index"], g["moves"], g["scores"]) for g in sorted(r, key=lambda g: g["index"])]
    assert key(one) == key(two)
    # The results file is an arena results file: the command line reads it.
    table = cli("merge", str(tmp_path / "r.jsonl"), "--format", "json").stdout
    assert "python:seeded" in table


# Two uct bots of unequal strength draw some tic-tac-toe games: shared wins and ranks are in the table.
# At three seats a deal is n (n - 1) = 6 games (docs/arena.md), not n.
@pytest.mark.parametrize("game,bots", [
    ("tictactoe", ["uct:iters=200", "uct:iters=20"]),
    ("sardegna", ["random", "random:seed=2", "heuristic"]),
])
def test_to_pandas_is_the_programs_table_per_seat(tmp_path, game, bots):
    pandas = pytest.importorskip("pandas")
    out = tmp_path / "r.jsonl"
    results = nuraghe.arena(game, bots, games=12, seed=3, out=str(out))
    df = results.to_pandas()
    assert isinstance(df, pandas.DataFrame) and list(df.columns) == nuraghe.Results.COLUMNS
    lines = cli("results", str(out), "--per", "seat", "--format", "json").stdout.splitlines()
    table = [json.loads(line) for line in lines]
    assert len(table) == 12 * len(bots) and all(list(row) == nuraghe.Results.COLUMNS for row in table)
    # Row by row and value by value (to_dict gives Python's numbers: a seed past 2^63 stays exact).
    assert len(df) == len(table)
    for mine, theirs in zip(df.to_dict("records"), table):
        assert mine == theirs


def test_bots_from_specs_act_and_analyze():
    s = nuraghe.new_game("sardegna", players=3, seed=7)
    bot = nuraghe.make_bot("ismcts:iters=300", seat=s.to_move)
    move = bot.act(s)
    assert move in s.legal_moves()
    stats = bot.analyze(s)
    assert stats["iterations"] == 300 and stats["best"] in s.legal_moves()
    assert sum(m["visits"] for m in stats["moves"]) <= 300
    assert {m["move"] for m in stats["moves"]} <= set(s.legal_moves())
    with pytest.raises(nuraghe.InputError, match="does not search"):
        nuraghe.make_bot("random", seat=0).analyze(s)
    with pytest.raises(nuraghe.InputError, match="is to move"):
        nuraghe.make_bot("random", seat=1).act(s)
    with pytest.raises(nuraghe.InputError, match="plays sardegna"):
        bot.act(nuraghe.new_game("tictactoe"))


def test_the_gil_is_released_while_cpp_searches():
    s = nuraghe.new_game("connect4")
    bot = nuraghe.make_bot("uct:iters=300000", seat=0)
    t = threading.Thread(target=bot.act, args=(s,))
    t.start()
    spins = 0
    while t.is_alive():
        spins += 1
    t.join()
    assert spins > 10_000  # Python ran on while the search did


@pytest.mark.parametrize("args,call", [
    (["new", "--game", "sardegnia"], lambda: nuraghe.new_game("sardegnia")),
    (["new", "--game", "sardegna", "--players", "5"], lambda: nuraghe.new_game("sardegna", players=5)),
    (["new", "--game", "tictactoe", "-o", "size=4"], lambda: nuraghe.new_game("tictactoe", options={"size": "4"})),
    (["arena", "--game", "tictactoe", "--bots", "random,uct:iters=x", "--games", "2"],
     lambda: nuraghe.arena("tictactoe", ["random", "uct:iters=x"], games=2)),
    (["arena", "--game", "tictactoe", "--bot", "random:label=a", "--bot", "uct:label=a", "--games", "2"],
     lambda: nuraghe.arena("tictactoe", ["random:label=a", "uct:label=a"], games=2)),
])
def test_errors_are_the_command_lines_one_line(args, call):
    done = cli(*args, check=False)
    assert done.returncode == 2
    with pytest.raises(nuraghe.InputError) as e:
        call()
    assert done.stderr.strip() == "nuraghe: error: " + str(e.value)


def test_numpy_integers_are_actions():
    numpy = pytest.importorskip("numpy")
    s = nuraghe.new_game("connect4")
    t = s.clone()
    s.apply(numpy.int64(3))
    t.apply(3)
    assert s == t
    game = nuraghe.play("connect4", [lambda view, legal: numpy.int64(0), "random"], seed=2)
    assert game["moves"][0] == nuraghe.new_game("connect4", seed=2).legal_moves()[0]


def test_one_bot_decides_for_one_thread_at_a_time_on_a_copy_of_the_state():
    s = nuraghe.new_game("connect4")
    bot = nuraghe.make_bot("uct:iters=3000000", seat=0)
    found = []
    t = threading.Thread(target=lambda: found.append(bot.act(s)))
    t.start()
    import time
    time.sleep(0.3)
    with pytest.raises(nuraghe.InputError, match="deciding in another thread"):
        bot.act(s)
    start = nuraghe.new_game("connect4")
    s.apply(s.legal_moves()[0])  # while the search runs: it searches the state it was given
    t.join()
    assert found and found[0] in start.legal_moves()


def test_bad_moves_and_bad_bots_are_input_errors():
    s = nuraghe.new_game("tictactoe")
    with pytest.raises(nuraghe.InputError, match="illegal move|cannot|not"):
        s.apply("z9")
    with pytest.raises(nuraghe.InputError, match="outside"):
        s.apply(10_000)
    with pytest.raises(nuraghe.InputError, match="outside"):
        s.apply(2 ** 100)
    with pytest.raises(nuraghe.InputError, match="chose move"):
        nuraghe.play("tictactoe", [lambda v, legal: 10 ** 30, "random"])
    with pytest.raises(nuraghe.InputError, match="give the callable itself"):
        nuraghe.arena("nim", [lambda v, legal: 0, "python:zz"], games=2)
    assert nuraghe.play("nim", ("random", "random:seed=2"))["moves"]  # any sequence of bots
    assert (s == 5) is False and s != "tictactoe"
    with pytest.raises(nuraghe.InputError, match="notation"):
        s.apply(1.5)
    with pytest.raises(nuraghe.InputError, match="apply_joint"):
        s.apply_joint(["a1", "a2"])
    with pytest.raises(nuraghe.InputError, match="no such seat"):
        s.view(5)
    with pytest.raises(nuraghe.InputError, match="not one of its legal moves"):
        nuraghe.play("tictactoe", [lambda v, legal: "z9", "random"])
    with pytest.raises(nuraghe.InputError, match="returned a NoneType"):
        nuraghe.play("tictactoe", [lambda v, legal: None, "random"])
    with pytest.raises(nuraghe.InputError, match="bot"):
        nuraghe.make_bot("nosuchbot", seat=0)
    with pytest.raises(nuraghe.InputError, match="position"):
        nuraghe.from_json({"board": ["..."]})
    g = nuraghe.new_game("goofspiel")
    assert g.is_simultaneous
    with pytest.raises(nuraghe.InputError, match="apply_joint"):
        g.apply(g.legal_moves(seat=0)[0])


def test_the_player_count_comes_from_the_bots_when_not_given(tmp_path):
    # As the command line plays it: three bots, no players=, a three-player game.
    bots = ["heuristic", "random", "random:seed=2"]
    log = tmp_path / "game.jsonl"
    cli("play", "--game", "sardegna", "--seed", "3", "--bots", ",".join(bots), "--log", str(log))
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["players"] == 3
    game = nuraghe.play("sardegna", bots, seed=3)
    assert len(game["scores"]) == 3
    assert game["moves"] == [line["move"] for line in lines if "move" in line]
    results = nuraghe.arena("sardegna", bots, games=6)
    assert {len(r["scores"]) for r in results} == {3}
    # A count the game does not play is still refused, in the same words as before.
    with pytest.raises(nuraghe.InputError, match="2 seats need 2 bots, got 3"):
        nuraghe.play("tictactoe", ["random", "random:seed=2", "random:seed=3"])
    # players= given wins over the bots' count, and the bots must fill its seats.
    with pytest.raises(nuraghe.InputError, match="4 seats need 4 bots, got 3"):
        nuraghe.play("sardegna", bots, players=4)


def test_results_written_from_python_name_the_build(tmp_path):
    out = tmp_path / "r.jsonl"
    nuraghe.arena("tictactoe", ["random", "random:seed=2"], games=2, out=out)
    header = json.loads(out.read_text().splitlines()[0])
    assert header["version"] == nuraghe.__version__
    assert cli("--version").stdout.split() == ["nuraghe", nuraghe.__version__]


def test_map_data_is_the_map_as_its_file_reads(tmp_path):
    sardinia = nuraghe.map_data("ttr")
    assert isinstance(sardinia, dict)
    assert len(sardinia["tickets"]) > 0 and len(sardinia["routes"]) > 0 and len(sardinia["cities"]) > 0
    # A map file given is the data returned, and the game plays on it.
    edited = dict(sardinia, title="Sardinia, edited")
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(edited))
    assert nuraghe.map_data("ttr", map=path) == edited
    # Bardagi's two sides are two boards.
    summer, winter = nuraghe.map_data("bardagi"), nuraghe.map_data("bardagi", options={"side": "winter"})
    assert summer != winter
    assert nuraghe.map_data("sardegna")
    with pytest.raises(nuraghe.InputError, match="connect4 has no board or map data"):
        nuraghe.map_data("connect4")
    with pytest.raises(nuraghe.InputError, match="map="):
        nuraghe.map_data("connect4", map=path)


def test_arena_table_from_python_is_the_programs_and_names_bots_by_label():
    pandas = pytest.importorskip("pandas")
    bots = ["random:label=wanderer", "heuristic", "random:seed=2,label=other"]
    results = nuraghe.arena("sardegna", bots, games=24, seed=5)
    # The table and head-to-head are `nuraghe arena --format json`'s for the same games (timing aside).
    program = json.loads(cli("arena", "--game", "sardegna", "--bots", ",".join(bots), "--games", "24", "--seed", "5",
                             "--format", "json").stdout)
    untimed = lambda rows: [{k: v for k, v in r.items() if k != "ms_per_move"} for r in rows]
    assert untimed(results.summary["bots"]) == untimed(program["bots"])
    assert results.summary["head_to_head"] == program["head_to_head"]
    table = results.table()
    assert list(table.index) == ["wanderer", "heuristic", "other"]
    assert table.loc["wanderer", "spec"] == "random:label=wanderer"
    assert abs(table["elo"].sum()) < 1e-6  # centred on the mean of the bots
    pairs = results.head_to_head()
    first = pairs[(pairs["first"] == "wanderer") & (pairs["second"] == "heuristic")].iloc[0]
    assert first["elo_diff"] == pytest.approx(table.loc["wanderer", "elo"] - table.loc["heuristic", "elo"])
    assert first["elo_diff_low"] <= first["elo_diff"] <= first["elo_diff_high"]
    # Rows name the bots by label, as the tables do.
    assert set(results.to_pandas()["bot"]) == {"wanderer", "heuristic", "other"}
