#!/usr/bin/env python3
"""Legal moves + apply per second from Python (bench/RESULTS.md), beside the C++ playouts of the
same games in the same run (`nuraghe bench`), so that the figure is read as a ratio.

    PYTHONPATH=build/python python3 bench/python_speed.py [--seconds 2] [--bin build/nuraghe]

Each row plays uniformly random games from the start through the module: `text` asks for the legal
moves as notation and applies one (what a notebook does), `actions` as action indices (what a
learning agent does). A decision is one apply (a joint move at a simultaneous node counts once, as
in the C++ figures)."""

import argparse
import random
import subprocess
import time

import nuraghe


def rate(game, seconds, use_actions):
    rng = random.Random(1)
    decisions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = nuraghe.new_game(game, seed=rng.randrange(1 << 30))
        while not s.is_terminal:
            if s.is_simultaneous:
                pick = s.legal_actions if use_actions else s.legal_moves
                s.apply_joint([rng.choice(pick(seat=q)) for q in range(s.num_players)])
            else:
                s.apply(rng.choice(s.legal_actions() if use_actions else s.legal_moves()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time for each measurement")
    ap.add_argument("--bin", default="build/nuraghe", help="the program, for the C++ figures")
    ap.add_argument("games", nargs="*", default=nuraghe.games())
    a = ap.parse_args()
    cpp = {}
    for line in subprocess.run([a.bin, "bench", "--seconds", "0.5"], capture_output=True, text=True,
                               check=True).stdout.splitlines()[1:]:
        cols = line.split()
        cpp[cols[0]] = float(cols[2])
    print(f"{'game':10} {'text/s':>10} {'actions/s':>10} {'C++/s':>12} {'actions/C++':>12}")
    for g in a.games:
        text, actions = rate(g, a.seconds, False), rate(g, a.seconds, True)
        print(f"{g:10} {text:10.0f} {actions:10.0f} {cpp[g]:12.0f} {actions / cpp[g]:12.5f}")


if __name__ == "__main__":
    main()
