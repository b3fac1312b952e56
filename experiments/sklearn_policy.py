#!/usr/bin/env python3
"""A policy fitted with scikit-learn on an expert's visit shares, written in nuraghe's format and played.

The companion of sklearn_value.py for priors (docs/learning.md, "Policy models"). Self-play with
`nuraghe selfplay --label-rate` labels decisions with an expert search (the bot at --expert-budget
times its iterations): its visit shares over the mover's legal moves, read as numpy arrays with
nuraghe.load_selfplay (policy_row, policy_action, policy_prob). A multinomial LogisticRegression
is fitted on them, each (row, move) pair a sample weighted by its share, deals held out; it is
written as a `policy-model` file (one logit an action of the game's), loaded back with
nuraghe.load_model and checked to give the probabilities computed here from scikit-learn's own
coefficients, its held-out cross-entropy against the expert set beside equal shares', and played
with `prior=` in an arena against the same search without it.

scikit-learn's softmax runs over every action it saw, where nuraghe's policy runs over each
position's legal moves only; nuraghe's own fit (`nuraghe learn --target policy`) minimises the
latter. An action never seen labelled keeps weights 0 and the lowest bias: the least prior.

Needs the Python module (PYTHONPATH=build/python, or installed) and Debian's python3-sklearn.

  PYTHONPATH=build/python python3 experiments/sklearn_policy.py --nuraghe build/nuraghe --out /tmp/skp
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

try:
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupShuffleSplit
    from sklearn.preprocessing import StandardScaler
except ImportError:
    sys.exit("sklearn_policy.py needs scikit-learn (Debian: apt-get install python3-sklearn)")

import nuraghe


def softmax_over(logits, actions):
    """The probabilities of `actions` (a row's legal moves) by the softmax of their logits only."""
    z = logits[actions]
    z = np.exp(z - z.max())
    return z / z.sum()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nuraghe", default="nuraghe", help="the program (default: nuraghe on PATH)")
    ap.add_argument("--game", default="connect4")
    ap.add_argument("--bot", default="uct:iters=100", help="the self-play bot, and the searcher played with and without the policy")
    ap.add_argument("--expert-budget", type=float, default=10, help="the expert: the bot at this many times its iterations")
    ap.add_argument("--label-rate", type=float, default=0.5, help="the share of decisions the expert labels")
    ap.add_argument("--games", type=int, default=200, help="self-play games")
    ap.add_argument("--arena-games", type=int, default=20, help="games of the searcher with the policy against it without")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="a new or empty folder for the data, the policy and the results")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    data_dir = os.path.join(a.out, "data")
    subprocess.run([a.nuraghe, "selfplay", "-g", a.game, "--bots", a.bot, "-n", str(a.games), "--seed", str(a.seed),
                    "--every", "1", "--label-rate", str(a.label_rate), "--expert-budget", str(a.expert_budget),
                    "--out", data_dir], check=True, stdout=subprocess.DEVNULL)
    d = nuraghe.load_selfplay(data_dir)
    manifest = d["manifest"]
    num_actions = manifest["num_actions"]
    entry_row, entry_action, entry_share = d["policy_row"], d["policy_action"], d["policy_prob"]
    rows = np.unique(entry_row)  # the labelled movers' rows
    x = d["observation"]

    # Held-out deals, never rows of a deal on both sides (every seating of a deal is one game's twin).
    train_at, test_at = next(GroupShuffleSplit(n_splits=1, test_size=0.2, random_state=a.seed).split(
        rows, groups=d["deal"][rows]))
    train, test = rows[train_at], rows[test_at]
    features = np.flatnonzero(x[train].std(axis=0) > 0)  # constant on the training rows: dropped
    scaler = StandardScaler().fit(x[train][:, features])
    # Each (row, move) pair with a share is a sample of that move, weighted by the share.
    sample = np.isin(entry_row, train) & (entry_share > 0)
    clf = LogisticRegression(C=0.1, max_iter=2000).fit(
        scaler.transform(x[entry_row[sample]][:, features]), entry_action[sample], sample_weight=entry_share[sample])

    # One logit an action: scikit-learn's classes get their coefficients (two classes: one row,
    # the second class's logit against the first's 0), the actions it never saw the lowest bias.
    weights = np.zeros((num_actions, len(features)))
    bias = np.zeros(num_actions)
    classes = clf.classes_
    if len(classes) == 2:
        weights[classes[1]], bias[classes[1]] = clf.coef_[0], clf.intercept_[0]
    else:
        weights[classes], bias[classes] = clf.coef_, clf.intercept_
    unseen = np.setdiff1d(np.arange(num_actions), classes)
    bias[unseen] = bias[classes].min()

    def logits_of(r):
        return weights @ ((x[r][features] - scaler.mean_) / scaler.scale_) + bias

    # Held out: the cross-entropy against the expert's shares and the top-1 agreement, each row's
    # softmax over its legal moves (the entries of the row), beside equal shares.
    ce, even, top = [], [], []
    for r in test:
        at = entry_row == r
        actions, shares = entry_action[at], entry_share[at]
        p = softmax_over(logits_of(r), actions)
        ce.append(-np.sum(shares * np.log(np.maximum(p, 1e-12))))
        even.append(np.log(len(actions)))
        top.append(actions[np.argmax(p)] == actions[np.argmax(shares)])
    print("%d labelled rows (%d held out), %d of %d features, %d actions seen of %d" % (
        len(rows), len(test), len(features), x.shape[1], len(classes), num_actions))
    print("held out: cross-entropy %.4f (equal shares %.4f), top-1 agreement with the expert %.1f%%" % (
        np.mean(ce), np.mean(even), 100 * np.mean(top)))

    model = {
        "nuraghe": "policy-model", "format": 1,
        "game": manifest["game"], "options": manifest["options"], "map_hash": manifest["map_hash"],
        "players": manifest["players"], "observation_size": manifest["observation_size"],
        "kind": "logistic", "target": "visits", "num_actions": num_actions,
        "features": features.tolist(),
        "mean": scaler.mean_.tolist(),
        "scale": [s if s > 0 else 1.0 for s in scaler.scale_.tolist()],
        "layers": [{"inputs": len(features), "outputs": num_actions,
                    "weights": weights.reshape(-1).tolist(), "bias": bias.tolist()}],
        "data": [manifest],
    }
    model_path = os.path.join(a.out, "sklearn-policy.json")
    with open(model_path, "w") as f:
        json.dump(model, f, indent=1)

    # nuraghe's priors of the file, at the held-out rows' positions replayed from games.jsonl,
    # against the softmax computed here.
    loaded = nuraghe.load_model(model_path)
    lines = {}
    for chunk in manifest["chunks"]:
        for text in open(os.path.join(data_dir, chunk["name"], "games.jsonl")):
            line = json.loads(text)
            lines[line["index"]] = line
    worst = 0.0
    for r in test[:50]:
        line = lines[int(d["game"][r])]
        s = nuraghe.new_game(a.game, players=manifest["players"], seed=line["seed"])
        for text in line["moves"][:d["decision"][r]]:
            s.apply(text)
        seat = int(d["seat"][r])
        ours = loaded.policy(s, seat)
        actions = np.array([s.move_to_action(m, seat=seat) for m in ours])
        mine = softmax_over(logits_of(r), actions)
        worst = max(worst, float(np.max(np.abs(np.array(list(ours.values())) - mine))))
    if worst > 1e-4:
        sys.exit("nuraghe's priors of the policy differ from those computed here by %.2g" % worst)
    print("the policy's priors equal scikit-learn's softmax over the legal moves (largest difference %.1e): %s" % (
        worst, loaded))

    spec = "%s,prior=%s" % (a.bot, model_path)
    results = nuraghe.arena(a.game, [spec, a.bot], games=a.arena_games, seed=a.seed + 1000,
                            out=os.path.join(a.out, "arena.jsonl"))
    table = results.rows()  # "win": the seat's return was the table's best (a draw: a win for both)
    for bot in (spec, a.bot):
        mine = [r for r in table if r["bot"] == bot]
        print("%-60s %d games, %.1f%% won" % (bot, len(mine), 100.0 * sum(r["win"] for r in mine) / len(mine)))


if __name__ == "__main__":
    main()
