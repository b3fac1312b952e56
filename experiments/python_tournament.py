#!/usr/bin/env python3
"""A tournament from Python, to a pandas table and a matplotlib plot (docs/python.md).

    PYTHONPATH=build/python python3 experiments/python_tournament.py [--games 20] [--jobs 2] [--out DIR]

Two-player Sardegna: each of four challengers against the heuristic bot, in both seats of every
deal: a random bot written in Python, a "greedy" Python bot that takes the legal move with the
longest notation (more actions in one move; a strawman a notebook writes in a minute), and ismcts
at 300 and 1,000 iterations. Writes python_tournament.{csv,png,txt} into --out (a new or empty
folder; the committed study's, experiments/, when not given): the win share of each challenger with a
95% Wilson interval. Needs pandas and matplotlib (Debian python3-pandas
python3-matplotlib). Runs under the experiments' CPU lock (/tmp/nuraghe-cpu.lock).
"""

import argparse
import fcntl
import math
import os
import random
import time

import nuraghe

HERE = os.path.dirname(os.path.abspath(__file__))


def python_random(seat, seed):
    rng = random.Random(seed)
    return lambda view, legal: rng.choice(legal)


def python_greedy(seat, seed):
    rng = random.Random(seed)
    return lambda view, legal: max(legal, key=lambda m: (len(m.split()), rng.random()))


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per challenger (even: both seats of each deal)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="the folder of the files written, new or empty (default: the committed study's, "
                    "experiments/, whose files it replaces)")
    a = ap.parse_args()
    out = HERE
    if a.out is not None:  # a user's folder: nothing in it is overwritten
        out = a.out
        if os.path.exists(out) and (not os.path.isdir(out) or os.listdir(out)):
            ap.error("--out %s exists and is not an empty folder: give a new one" % out)
        os.makedirs(out, exist_ok=True)
    import pandas as pd
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    challengers = [nuraghe.Seeded(python_random, name="random.py"), nuraghe.Seeded(python_greedy, name="greedy.py"),
                   "ismcts:iters=300", "ismcts:iters=1000"]
    frames = []
    start = time.time()
    with open("/tmp/nuraghe-cpu.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for c in challengers:
            results = nuraghe.arena("sardegna", [c, "heuristic"], games=a.games, seed=a.seed, jobs=a.jobs)
            df = results.to_pandas()
            frames.append(df[df["bot"] != "heuristic"])
    table = pd.concat(frames).groupby("bot", sort=False).agg(games=("win", "size"), wins=("win", "sum"),
                                                               mean_score=("score", "mean"),
                                                               think_s=("think_seconds", "mean"))
    table["win_share"] = table["wins"] / table["games"]
    table[["low", "high"]] = [wilson(w, n) for w, n in zip(table["wins"], table["games"])]
    table.to_csv(os.path.join(out, "python_tournament.csv"))
    text = (f"python_tournament.py: 2-player Sardegna, each challenger against heuristic, {a.games} games "
            f"(both seats of {a.games // 2} deals), seed {a.seed}, jobs {a.jobs}; {time.time() - start:.0f} s\n"
            + table.to_string(float_format=lambda x: f"{x:.3f}") + "\n")
    with open(os.path.join(out, "python_tournament.txt"), "w") as f:
        f.write(text)
    print(text, end="")

    fig, ax = plt.subplots(figsize=(6, 3.5))
    x = range(len(table))
    ax.bar(x, table["win_share"], color="#6a9fb5")
    ax.errorbar(x, table["win_share"], yerr=[table["win_share"] - table["low"], table["high"] - table["win_share"]],
                fmt="none", ecolor="black", capsize=4)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xticks(list(x), table.index, rotation=15)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share against heuristic")
    ax.set_title(f"2-player Sardegna, {a.games} games each (95% Wilson)")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "python_tournament.png"), dpi=100)


if __name__ == "__main__":
    main()
