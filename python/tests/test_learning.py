"""Learning from Python: observations and legal masks as numpy, a model file loaded and
evaluated as the search evaluates it, self-play arrays read back, and the scikit-learn example."""

import json
import math
import os
import random
import subprocess
import sys

import pytest

import nuraghe

np = pytest.importorskip("numpy")

BIN = os.environ.get("NURAGHE_BIN", "nuraghe")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MLP = os.path.join(ROOT, "tests", "models", "tictactoe-mlp.json")
FLOOR = 1e-3  # the search's floor under each seat's learned value (docs/learning.md)


def by_the_docs(model_json, observation):
    """A model's value computed as docs/learning.md, "The model file", states it, in numpy."""
    m = model_json
    x = (np.asarray(observation, dtype=np.float64)[m["features"]] - m["mean"]) / m["scale"]
    for k, layer in enumerate(m["layers"]):
        w = np.asarray(layer["weights"]).reshape(layer["outputs"], layer["inputs"])
        x = w @ x + layer["bias"]
        if k + 1 < len(m["layers"]):
            x = np.maximum(x, 0)
    y = float(x[0])
    return min(max(y, 0.0), 1.0) if m["kind"] == "linear" else 1 / (1 + math.exp(-y))


def random_states(game, seed, **setup):
    rng = random.Random(seed)
    s = nuraghe.new_game(game, seed=seed, **setup)
    out = [s.clone()]
    while not s.is_terminal:
        if s.is_simultaneous:
            s.apply_joint([rng.choice(s.legal_moves(seat=q)) for q in range(s.num_players)])
        else:
            s.apply(rng.choice(s.legal_moves()))
        out.append(s.clone())
    return out


@pytest.mark.parametrize("game", ["tictactoe", "goofspiel", "sardegna", "ttr", "bardagi"])
def test_observation_array_and_legal_mask(game):
    for s in random_states(game, 5)[:40]:
        for seat in range(s.num_players):
            a = s.observation_array(seat)
            assert a.dtype == np.float32 and a.shape == (len(s.observation(seat)),)
            assert np.array_equal(a, np.asarray(s.observation(seat), dtype=np.float32))
        if s.is_terminal:
            continue
        seats = range(s.num_players) if s.is_simultaneous else [s.to_move]
        for seat in seats:
            mask = s.legal_mask(seat)
            assert mask.dtype == np.bool_ and mask.shape == (s.num_actions(),)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(s.legal_actions(seat=seat))
        if not s.is_simultaneous:
            assert np.array_equal(s.legal_mask(), s.legal_mask(s.to_move))


def test_legal_mask_refusals():
    s = nuraghe.new_game("goofspiel", players=2, seed=3)
    with pytest.raises(nuraghe.InputError, match="name the seat"):
        s.legal_mask()  # every seat moves at once
    with pytest.raises(nuraghe.InputError, match="no such seat"):
        s.observation_array(2)
    with pytest.raises(TypeError, match="seat="):
        s.observation_array("0")


def test_model_loads_and_evaluates_as_the_docs_say():
    model = nuraghe.load_model(MLP)
    text = json.load(open(MLP))
    assert (model.game, model.players, model.kind, model.target) == ("tictactoe", 2, "mlp", "returns")
    assert model.observation_size == 19 and model.options == {} and len(model.hash) == 16
    assert model.evaluate_input is False
    # The docs' worked example: seat 0 holds a3 and b2 (cells 0 and 4), seat 1 holds c1.
    s = nuraghe.new_game("tictactoe")
    for m in ["a3", "c1", "b2"]:
        s.apply(m)
    raw = [by_the_docs(text, s.observation_array(q)) for q in range(2)]
    assert raw[0] == pytest.approx(1 / (1 + math.exp(-4.75)), rel=1e-6)
    values = model.evaluate(s)
    assert values == pytest.approx([r / sum(raw) for r in raw], rel=1e-5)
    # predict: rows of observations, one seat each, before the floor and the normalisation.
    for t in random_states("tictactoe", 8):
        rows = np.stack([t.observation_array(q) for q in range(2)])
        got = model.predict(rows)
        assert got.shape == (2,)
        assert got == pytest.approx([by_the_docs(text, r) for r in rows], rel=1e-5, abs=1e-7)
        floored = [max(v, FLOOR) for v in got]
        assert model.evaluate(t) == pytest.approx([v / sum(floored) for v in floored], rel=1e-5)
    assert model.predict(s.observation_array(0)).shape == (1,)


def test_model_refusals(tmp_path):
    model = nuraghe.load_model(MLP)
    with pytest.raises(nuraghe.InputError, match="the model is for the game tictactoe, not connect4"):
        model.evaluate(nuraghe.new_game("connect4"))
    with pytest.raises(nuraghe.InputError, match="19 columns"):
        model.predict(np.zeros((3, 18), dtype=np.float32))
    with pytest.raises(TypeError, match="observations="):
        model.predict("no")
    with pytest.raises(TypeError, match="state="):
        model.evaluate(None)
    bad = tmp_path / "bad.json"
    bad.write_text(open(MLP).read().replace('"players": 2', '"players": "2"'))
    with pytest.raises(nuraghe.InputError, match="players"):
        nuraghe.load_model(str(bad))
    with pytest.raises(nuraghe.InputError, match="missing.json"):
        nuraghe.load_model(tmp_path / "missing.json")  # a pathlib.Path, as every file argument
    with pytest.raises(TypeError, match="path="):
        nuraghe.load_model(None)


POLICY = os.path.join(ROOT, "tests", "models", "tictactoe-policy.json")


def test_a_policy_model_loads_steers_a_bot_and_is_refused_where_it_does_not_fit(tmp_path):
    policy = nuraghe.load_model(POLICY)
    assert policy.is_policy and policy.num_actions == 9 and policy.target == "visits"
    assert "policy" in repr(policy)
    assert not nuraghe.load_model(MLP).is_policy and nuraghe.load_model(MLP).num_actions == 0
    with pytest.raises(nuraghe.InputError, match="value model"):
        policy.evaluate(nuraghe.new_game("tictactoe"))
    with pytest.raises(nuraghe.InputError, match="value model"):
        policy.predict(np.zeros((1, 19), dtype=np.float32))
    # X on a3 and b3 (cells 0 and 1), O on a2 and b2: the policy's cell 2 (c3) completes the row.
    s = nuraghe.new_game("tictactoe")
    for m in ["a3", "a2", "b3", "b2"]:
        s.apply(m)
    assert nuraghe.make_bot("uct:iters=6,prior=" + POLICY, 0).act(s) == "c3"
    # Its probabilities of the mover's legal moves, as the search's priors: c3's logit is 4, the
    # four others' 0 (docs/learning.md, "Policy models").
    p = policy.policy(s)
    assert sorted(p) == sorted(s.legal_moves())
    assert p["c3"] == pytest.approx(math.exp(4) / (math.exp(4) + 4))
    assert all(p[m] == pytest.approx(1 / (math.exp(4) + 4)) for m in p if m != "c3")
    assert policy.policy(s, seat=0) == p
    with pytest.raises(nuraghe.InputError, match="policy takes a policy model"):
        nuraghe.load_model(MLP).policy(s)
    # A policy over another action space is refused before the bot searches.
    other = json.load(open(POLICY))
    other.update(game="goofspiel", observation_size=54)
    path = tmp_path / "goofspiel-policy.json"
    path.write_text(json.dumps(other))
    with pytest.raises(nuraghe.InputError, match="the policy is over 9 actions, not the game's 13"):
        nuraghe.make_bot("ismcts:iters=10,prior=" + str(path), 0).act(nuraghe.new_game("goofspiel", players=2))


def selfplay(tmp_path, game, bots, games, *extra):
    out = tmp_path / game
    subprocess.run([BIN, "selfplay", "-g", game, "--bots", bots, "-n", str(games), "--seed", "3",
                    "--every", "2", "--chunk", "4", "--out", str(out), *extra], check=True, capture_output=True)
    return out


def test_load_selfplay_joins_the_chunks(tmp_path):
    out = selfplay(tmp_path, "connect4", "random", 10)
    data = nuraghe.load_selfplay(str(out))
    manifest = data["manifest"]
    assert len(manifest["chunks"]) == 3  # 4 + 4 + 2 games
    rows = sum(c["rows"] for c in manifest["chunks"])
    for name, info in manifest["arrays"].items():
        joined = np.concatenate([np.load(out / c["name"] / (name + ".npy")) for c in manifest["chunks"]])
        assert np.array_equal(data[name], joined, equal_nan=True), name
        assert data[name].shape[0] == rows and str(data[name].dtype) == info["dtype"]
    assert sorted(set(data["game"].tolist())) == list(range(10))
    with pytest.raises(nuraghe.InputError, match="cannot read"):
        nuraghe.load_selfplay(str(tmp_path / "nothing"))
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "manifest.json").write_text('{"nuraghe": "arena"}')
    with pytest.raises(nuraghe.InputError, match="not a manifest"):
        nuraghe.load_selfplay(str(tmp_path / "other"))
    (tmp_path / "other" / "manifest.json").write_text('{"nuraghe": "selfplay"}')
    with pytest.raises(nuraghe.InputError, match='manifest.json: missing field "format"'):
        nuraghe.load_selfplay(tmp_path / "other")
    (out / manifest["chunks"][1]["name"] / "seat.npy").unlink()
    with pytest.raises(nuraghe.InputError, match="seat.npy"):
        nuraghe.load_selfplay(out)


def test_a_fitted_model_plays_from_python(tmp_path):
    out = selfplay(tmp_path, "connect4", "uct:iters=30", 12)
    model_path = tmp_path / "m.json"
    subprocess.run([BIN, "learn", "--data", str(out), "--model", "logistic", "--target", "returns",
                    "--out", str(model_path), "--seed", "1"], check=True, capture_output=True)
    model = nuraghe.load_model(str(model_path))
    s = nuraghe.new_game("connect4")
    values = model.evaluate(s)
    assert len(values) == 2 and sum(values) == pytest.approx(1.0)
    spec = "uct:iters=30,eval=%s,cutoff=leaf" % model_path
    results = nuraghe.arena("connect4", [spec, "uct:iters=30"], games=2, seed=5)
    assert len(results) == 2 and all(sorted(g["bots"]) == sorted([spec, "uct:iters=30"]) for g in results)


def test_the_scikit_learn_example(tmp_path):
    pytest.importorskip("sklearn")
    example = os.path.join(ROOT, "experiments", "sklearn_value.py")
    run = subprocess.run([sys.executable, example, "--nuraghe", BIN, "--games", "40", "--arena-games", "4",
                          "--out", str(tmp_path)], capture_output=True, text=True, env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    assert "the model's values equal scikit-learn's" in run.stdout
    nuraghe.load_model(str(tmp_path / "sklearn-model.json"))


def test_the_scikit_learn_policy_example(tmp_path):
    pytest.importorskip("sklearn")
    example = os.path.join(ROOT, "experiments", "sklearn_policy.py")
    run = subprocess.run([sys.executable, example, "--nuraghe", BIN, "--games", "40", "--arena-games", "4",
                          "--bot", "uct:iters=30", "--out", str(tmp_path)], capture_output=True, text=True,
                         env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    assert "the policy's priors equal scikit-learn's softmax" in run.stdout
    model = nuraghe.load_model(str(tmp_path / "sklearn-policy.json"))
    assert model.is_policy
