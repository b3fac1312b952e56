"""Bad input to the learning side of the module: a self-play folder that `nuraghe learn` would
refuse is refused by load_selfplay too, with an InputError naming the file and the field (never a
MemoryError or numbers read wrong), and Model.predict takes real numbers only."""

import json
import math
import os
import shutil
import struct
import subprocess

import pytest

import nuraghe

np = pytest.importorskip("numpy")

BIN = os.environ.get("NURAGHE_BIN", "nuraghe")
HERE = os.path.dirname(os.path.abspath(__file__))
MLP = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "models", "tictactoe-mlp.json")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Connect Four self-play, 6 games in chunks of 2 (three chunks), a row set every 2 decisions."""
    out = tmp_path_factory.mktemp("selfplay") / "c4"
    subprocess.run([BIN, "selfplay", "-g", "connect4", "--bots", "random", "-n", "6", "--seed", "3", "--every", "2",
                    "--chunk", "2", "--out", str(out)], check=True, capture_output=True)
    return out


@pytest.fixture
def data(played, tmp_path):
    """A copy of the self-play to break."""
    out = tmp_path / "c4"
    shutil.copytree(played, out)
    return out


def edit_manifest(folder, change):
    path = folder / "manifest.json"
    m = json.loads(path.read_text())
    change(m)
    path.write_text(json.dumps(m))


def refused(folder, *patterns):
    with pytest.raises(nuraghe.InputError) as e:
        nuraghe.load_selfplay(folder)
    text = str(e.value)
    assert "\n" not in text, text
    for p in patterns:
        assert p in text, text
    return text


def npy_bytes(header, payload=b""):
    """A .npy file (format 1.0) with the header dict text given, padded as numpy pads it."""
    h = header + " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode() + payload


def test_the_unbroken_folder_loads(data):
    d = nuraghe.load_selfplay(data)
    assert d["observation"].shape == (sum(c["rows"] for c in d["manifest"]["chunks"]), 85)


def test_a_key_twice_in_the_manifest(data):
    path = data / "manifest.json"
    path.write_text(path.read_text().replace('"format": 1', '"format": 1, "format": 1', 1))
    refused(data, "manifest.json", '"format" given twice')


def test_a_value_json_has_not(data):
    path = data / "manifest.json"
    path.write_text(path.read_text().replace('"seed": 3', '"seed": NaN', 1))
    refused(data, "manifest.json", "NaN")


@pytest.mark.parametrize("field,value,words", [
    ("format", 2, "format"),
    ("players", 0, "players"),
    ("players", 9, "players"),
    ("players", True, "players"),
    ("observation_size", 2 ** 40, "observation_size"),
    ("observation_size", "85", "observation_size"),
    ("options", {"cars": 30}, "options"),
    ("game", None, "game"),
    ("chunk_games", 0, "chunk_games"),
])
def test_manifest_fields(data, field, value, words):
    edit_manifest(data, lambda m: m.__setitem__(field, value))
    refused(data, "manifest.json", words)


def test_a_missing_field(data):
    edit_manifest(data, lambda m: m.pop("map_hash"))
    refused(data, "manifest.json", 'missing field "map_hash"')


def test_a_chunk_listed_twice(data):
    edit_manifest(data, lambda m: m["chunks"].insert(1, dict(m["chunks"][0])))
    refused(data, "manifest.json", "chunks[1].name", "chunk-00001")


def test_a_chunk_outside_the_folder(data):
    edit_manifest(data, lambda m: m["chunks"][0].__setitem__("name", "../c4"))
    refused(data, "manifest.json", "chunks[0].name")


def test_a_chunk_of_other_games_or_fields(data):
    edit_manifest(data, lambda m: m["chunks"][1].__setitem__("games", [2, 3]))
    refused(data, "manifest.json", "chunks[1].games")
    edit_manifest(data, lambda m: (m["chunks"][1].__setitem__("games", [2, 4]), m["chunks"][1].__setitem__("x", 1)))
    refused(data, "manifest.json", "chunks[1]", '"x"')


def test_rows_the_arrays_do_not_hold(data):
    edit_manifest(data, lambda m: m["chunks"][0].__setitem__("rows", m["chunks"][0]["rows"] + 1))
    refused(data, "chunk-00000", "observation.npy", "shape")


def test_a_huge_declared_count_of_rows(data):
    edit_manifest(data, lambda m: m["chunks"][0].__setitem__("rows", 10 ** 12))
    refused(data, "chunk-00000", "shape")


def test_an_observation_size_the_arrays_do_not_have(data):
    edit_manifest(data, lambda m: m.__setitem__("observation_size", 84))
    refused(data, "manifest.json", "arrays.observation.shape", "84")  # its documentation of the arrays first
    edit_manifest(data, lambda m: m["arrays"]["observation"].__setitem__("shape", ["rows", 84]))
    refused(data, "observation.npy", "shape", "84")


def test_players_the_arrays_do_not_have(data):
    def three(m):
        m["players"] = 3
        for name in ("returns", "scores"):
            m["arrays"][name]["shape"] = ["rows", 3]
    edit_manifest(data, three)
    refused(data, "returns.npy", "shape")


def test_a_huge_shape_in_an_array_header(data):
    path = data / "chunk-00000" / "seat.npy"
    path.write_bytes(npy_bytes("{'descr': '<i4', 'fortran_order': False, 'shape': (1000000000000,), }", b"\0" * 8))
    refused(data, "chunk-00000", "seat.npy")  # not numpy's MemoryError


def test_values_that_do_not_fill_the_shape(data):
    path = data / "chunk-00001" / "deal.npy"
    path.write_bytes(path.read_bytes()[:-4])
    refused(data, "chunk-00001", "deal.npy")


def test_another_dtype(data):
    path = data / "chunk-00000" / "seat.npy"
    np.save(path, np.load(path).astype(np.int64))
    refused(data, "seat.npy", "int32")


def test_fortran_order(data):
    path = data / "chunk-00000" / "returns.npy"
    np.save(path, np.asfortranarray(np.load(path)))
    refused(data, "returns.npy", "C order")


def test_a_pickle_is_not_read(data):
    path = data / "chunk-00000" / "seat.npy"
    np.save(path, np.array([{"a": 1}] * len(np.load(path)), dtype=object), allow_pickle=True)
    refused(data, "seat.npy", "int32")


def test_not_an_npy_file(data):
    (data / "chunk-00002" / "moved.npy").write_text("hello")
    refused(data, "chunk-00002", "moved.npy", "not a .npy file")


def test_a_seat_outside_the_players(data):
    path = data / "chunk-00000" / "seat.npy"
    seat = np.load(path)
    seat[1] = 7
    np.save(path, seat)
    refused(data, "seat.npy", "seat 7")


def test_a_game_outside_its_chunk(data):
    path = data / "chunk-00001" / "game.npy"
    game = np.load(path)
    game[0] = 5
    np.save(path, game)
    refused(data, "chunk-00001", "game.npy", "game 5")


def test_a_decision_past_its_game(data):
    path = data / "chunk-00002" / "decision.npy"
    decision = np.load(path)
    decision[-1] = 500
    np.save(path, decision)
    refused(data, "chunk-00002", "decision.npy", "decision 500")


@pytest.mark.parametrize("name,value", [("returns", 1.5), ("returns", math.nan), ("observation", math.inf),
                                         ("search_value", -0.5), ("moved", 2), ("progress", math.nan)])
def test_values_outside_their_meaning(data, name, value):
    path = data / "chunk-00000" / (name + ".npy")
    a = np.load(path)
    a[0] = value
    np.save(path, a)
    refused(data, name + ".npy")


def test_returns_other_than_the_game_ended_with(data):
    path = data / "chunk-00001" / "returns.npy"
    a = np.load(path)
    a[2] = a[2][::-1] if a[2][0] != a[2][1] else [1, 0]
    np.save(path, a)
    refused(data, "chunk-00001", "returns.npy", "row 2", "not the return game")


def test_games_jsonl(data):
    path = data / "chunk-00000" / "games.jsonl"
    lines = path.read_text().splitlines()
    path.write_text(lines[0].replace('"index"', '"index": 0, "index"', 1) + "\n" + lines[1] + "\n")
    refused(data, "games.jsonl", "line 1", '"index" given twice')
    path.write_text(lines[0] + "\n")
    refused(data, "games.jsonl", "holds 1 games, not the 2 of its chunk")
    path.write_text(lines[0] + "\n" + lines[0] + "\n")
    refused(data, "games.jsonl", "line 2", "names game 0 a second time")
    path.write_text(lines[0] + "\n" + lines[1].replace('"index":1', '"index":2', 1) + "\n")
    refused(data, "games.jsonl", "line 2", "index must be an integer in [0, 1], not 2")
    path.write_text(lines[0] + "\n" + lines[1].replace('"moves":[', '"moves":3,"x":[', 1) + "\n")
    refused(data, "games.jsonl", "line 2", "moves")


def test_a_missing_file_is_named(data):
    (data / "chunk-00002" / "games.jsonl").unlink()
    refused(data, "chunk-00002", "games.jsonl")


def test_no_chunks_gives_empty_arrays_of_the_manifest_shapes(data):
    edit_manifest(data, lambda m: m.__setitem__("chunks", []))
    d = nuraghe.load_selfplay(data)
    assert d["observation"].shape == (0, 85) and d["returns"].shape == (0, 2) and d["seat"].dtype == np.int32


# ---- Model.predict: real numbers only -----------------------------------------------------------

@pytest.fixture(scope="module")
def model():
    return nuraghe.load_model(MLP)


@pytest.mark.parametrize("rows,kind", [
    ([None] * 19, "NoneType"),
    ([[0.0] * 18 + [None]], "NoneType"),
    ([0.0] * 18 + ["1"], "str"),
    (np.zeros(19, dtype=np.complex128), "complex128"),
    ([0.0] * 18 + [1j], "complex"),
    (np.array(["0"] * 19), "<U1"),
    (np.array([None] * 19, dtype=object), "NoneType"),
    (np.zeros(19, dtype="datetime64[s]"), "datetime64"),
])
def test_predict_takes_real_numbers_only(model, rows, kind):
    with pytest.raises(TypeError) as e:
        model.predict(rows)
    assert str(e.value).startswith("observations=") and kind in str(e.value) and "\n" not in str(e.value)


def test_predict_refuses_numbers_a_model_cannot_read(model):
    for bad in (math.nan, math.inf, 1e300):
        row = [0.0] * 19
        row[4] = bad
        with pytest.raises(nuraghe.InputError, match=r"observations=.*column 4"):
            model.predict(row)
    with pytest.raises(nuraghe.InputError, match="observations="):
        model.predict([[0.0] * 19, [0.0] * 18])  # rows of two lengths


def test_predict_reads_ints_and_bools_as_numbers(model):
    x = np.zeros((3, 19), dtype=np.float32)
    x[0, 0] = x[1, 4] = x[2, 13] = 1
    want = model.predict(x)
    assert np.array_equal(model.predict(x.astype(np.int64)), want)
    assert np.array_equal(model.predict(x.astype(bool)), want)  # a bool is 0 or 1, as in numpy
    assert np.array_equal(model.predict(x.astype(np.float64).tolist()), want)
    assert np.array_equal(model.predict([[int(v) for v in r] for r in x]), want)
    assert np.array_equal(model.predict(np.array(x.tolist(), dtype=object)), want)


@pytest.fixture(scope="module")
def labelled(tmp_path_factory):
    """Connect Four self-play with half its row decisions labelled by an expert search."""
    out = tmp_path_factory.mktemp("labelled") / "c4"
    subprocess.run([BIN, "selfplay", "-g", "connect4", "--bots", "uct:iters=20", "-n", "4", "--seed", "3", "--every",
                    "2", "--label-rate", "0.5", "--out", str(out)], check=True, capture_output=True)
    return out


def test_labels_load_and_their_mistakes_are_refused(labelled, tmp_path):
    d = nuraghe.load_selfplay(labelled)
    rows = len(d["seat"])
    assert d["expert_value"].shape == (rows,) and len(d["policy_row"]) == len(d["policy_prob"]) > 0
    sums = np.bincount(d["policy_row"], weights=d["policy_prob"], minlength=rows)
    assert np.allclose(sums[np.unique(d["policy_row"])], 1, atol=1e-5)

    def broken(name, change):
        folder = tmp_path / name
        shutil.copytree(labelled, folder)
        path = folder / "chunk-00000" / (name + ".npy")
        a = np.load(path)
        change(a)
        np.save(path, a)
        return folder

    refused(broken("policy_row", lambda a: a.__setitem__(0, rows + 7)), "policy_row.npy", "entry 0", "not one of")
    refused(broken("policy_action", lambda a: a.__setitem__(1, 7)), "policy_action.npy", "entry 1", "action 7")
    refused(broken("policy_prob", lambda a: a.__setitem__(0, a[0] / 2)), "policy_prob.npy", "sum to")
    refused(broken("expert_value", lambda a: a.__setitem__(np.argwhere(~np.isnan(a))[0][0], 2.0)),
            "expert_value.npy", "outside [0, 1]")
