#!/usr/bin/env python3
"""A value function fitted with scikit-learn, written in nuraghe's model format and played.

nuraghe fits its own models (`nuraghe learn`, docs/learning.md); the model file is the whole
contract, so any other program may fit one. This example: self-play with `nuraghe selfplay`, the
arrays read with nuraghe.load_selfplay, a StandardScaler and a LogisticRegression fitted on the
winner of each game from each seat's observation (held-out deals kept apart, as `nuraghe learn`
splits), the pair written as a `logistic` model, loaded back with nuraghe.load_model and checked
to give scikit-learn's own probabilities, then played with `eval=` in an arena against the same
search without it.

Needs the Python module (PYTHONPATH=build/python, or installed) and Debian's python3-sklearn.

  PYTHONPATH=build/python python3 experiments/sklearn_value.py --nuraghe build/nuraghe --out /tmp/sk
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

try:
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import log_loss
    from sklearn.model_selection import GroupShuffleSplit
    from sklearn.preprocessing import StandardScaler
except ImportError:
    sys.exit("sklearn_value.py needs scikit-learn (Debian: apt-get install python3-sklearn)")

import nuraghe


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nuraghe", default="nuraghe", help="the program (default: nuraghe on PATH)")
    ap.add_argument("--game", default="connect4")
    ap.add_argument("--bot", default="uct:iters=100", help="the self-play bot, and the searcher played with and without the model")
    ap.add_argument("--games", type=int, default=200, help="self-play games")
    ap.add_argument("--arena-games", type=int, default=20, help="games of the searcher with the model against it without")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="a new or empty folder for the data, the model and the results")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    data_dir = os.path.join(a.out, "data")
    subprocess.run([a.nuraghe, "selfplay", "-g", a.game, "--bots", a.bot, "-n", str(a.games), "--seed", str(a.seed),
                    "--every", "2", "--out", data_dir], check=True, stdout=subprocess.DEVNULL)
    d = nuraghe.load_selfplay(data_dir)
    manifest = d["manifest"]
    x = d["observation"]
    seat = d["seat"]
    # The target: did the row's seat win? A draw (returns of 0.5 each) counts as no win here, where
    # nuraghe's own logistic fit takes the returns as they are (a soft target); the file still says
    # "returns", the only target a model of who wins can name.
    y = (d["returns"][np.arange(len(seat)), seat] > 0.5).astype(int)

    # Held-out deals, never rows of a deal on both sides (every seating of a deal is one game's twin).
    train, test = next(GroupShuffleSplit(n_splits=1, test_size=0.2, random_state=a.seed).split(x, y, d["deal"]))
    features = np.flatnonzero(x[train].std(axis=0) > 0)  # constant on the training rows: dropped
    scaler = StandardScaler().fit(x[train][:, features])
    # A strong penalty: a few thousand rows of raw features (Connect Four: 85 cells and flags).
    clf = LogisticRegression(C=0.01, max_iter=2000).fit(scaler.transform(x[train][:, features]), y[train])
    p_test = clf.predict_proba(scaler.transform(x[test][:, features]))[:, 1]
    print("%d rows (%d held out), %d of %d features; held-out log-loss %.4f, accuracy %.3f" % (
        len(y), len(test), len(features), x.shape[1], log_loss(y[test], p_test, labels=[0, 1]),
        np.mean((p_test > 0.5) == y[test])))

    model = {
        "nuraghe": "value-model", "format": 1,
        "game": manifest["game"], "options": manifest["options"], "map_hash": manifest["map_hash"],
        "players": manifest["players"], "observation_size": manifest["observation_size"],
        "kind": "logistic", "target": "returns",
        "features": features.tolist(),
        "mean": scaler.mean_.tolist(),
        "scale": [s if s > 0 else 1.0 for s in scaler.scale_.tolist()],
        "layers": [{"inputs": len(features), "outputs": 1,
                    "weights": clf.coef_[0].tolist(), "bias": [float(clf.intercept_[0])]}],
        "data": [manifest],
    }
    model_path = os.path.join(a.out, "sklearn-model.json")
    with open(model_path, "w") as f:
        json.dump(model, f, indent=1)

    loaded = nuraghe.load_model(model_path)
    ours = loaded.predict(x[test])
    worst = float(np.max(np.abs(ours - p_test)))
    if worst > 1e-4:
        sys.exit("nuraghe's values of the model differ from scikit-learn's by %.2g" % worst)
    print("the model's values equal scikit-learn's (largest difference %.1e over %d rows): %s" % (worst, len(test), loaded))

    spec = "%s,eval=%s,cutoff=leaf" % (a.bot, model_path)
    results = nuraghe.arena(a.game, [spec, a.bot], games=a.arena_games, seed=a.seed + 1000,
                            out=os.path.join(a.out, "arena.jsonl"))
    rows = results.rows()  # "win": the seat's return was the table's best (a draw: a win for both)
    for bot in (spec, a.bot):
        mine = [r for r in rows if r["bot"] == bot]
        print("%-60s %d games, %.1f%% won" % (bot, len(mine), 100.0 * sum(r["win"] for r in mine) / len(mine)))


if __name__ == "__main__":
    main()
