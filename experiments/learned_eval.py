#!/usr/bin/env python3
"""The figures of experiments/learned_eval.sh, from nuraghe's own files (standard library only).

  learned_eval.py calibrate ARENA.json HAND LEARNED ITERS   -> the learned spec's iterations for equal time
  learned_eval.py compare RESULTS.jsonl HAND LEARNED SEED   -> one line: the learned spec's score
      against the hand-written one over the games both played (1 a game it finished above, 1/2 a tie),
      its 95% bootstrap interval over deals, and the Elo difference they mean
  learned_eval.py moves RESULTS.jsonl HAND LEARNED          -> what each of the two plays: its moves a
      game by kind (a move's first word, two for "draw ..."), its mean score
  learned_eval.py assemble TXT CSV WORK CASE...             -> puts each CASE's WORK/CASE/section.txt
      and row.csv in place of that case's section of TXT and row of CSV, keeping the other cases'
"""

import json
import math
import os
import random
import sys

# The cases of learned_eval.sh in the order of its files, and the heading that starts each section.
CASES = ["sardegna-2", "ttr-2", "ttr-4", "bardagi-3", "curve"]
TITLE = ("# learned_eval: the best search spec with its hand-written evaluation against the same spec "
         "with a learned one, at equal time a move; each section names its run (date, machine, binary)")
CSV_HEADER = ("game,players,rows,logloss_learned,logloss_hand,iters_hand,iters_learned,ms_hand,ms_learned,"
              "games,deals,score,score_low,score_high,elo,elo_low,elo_high")


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def calibrate(path, hand, learned, iters):
    table = {b["bot"]: b for b in json.load(open(path))["bots"]}
    ms_hand, ms_learned = table[hand]["ms_per_move"], table[learned]["ms_per_move"]
    print("%d %.3f %.3f" % (max(1, round(iters * ms_hand / ms_learned)), ms_hand, ms_learned))


def games_a_deal(header):
    """The games of one deal: n (n - 1) balanced seatings at n players, or n rotations in a file
    written before fair tables (its header without "seatings": "balanced"; docs/arena.md)."""
    players = header["players"]
    return players * (players - 1) if header.get("seatings") == "balanced" else players


def compare(path, hand, learned, seed):
    lines = [json.loads(line) for line in open(path)]
    header, games = lines[0], lines[1:]
    per_deal = games_a_deal(header)
    by_deal = {}
    for g in games:
        seat = {b: i for i, b in enumerate(g["bots"])}
        h, l = g["ranks"][seat[hand]], g["ranks"][seat[learned]]
        by_deal.setdefault(g["index"] // per_deal, []).append(1.0 if l < h else 0.5 if l == h else 0.0)
    deals = [sum(v) / len(v) for v in by_deal.values()]
    mean = sum(deals) / len(deals)
    rng = random.Random(seed)
    means = sorted(sum(rng.choice(deals) for _ in deals) / len(deals) for _ in range(2000))
    low, high = means[int(0.025 * len(means))], means[int(0.975 * len(means)) - 1]
    ms = {}
    for g in games:
        for i, b in enumerate(g["bots"]):
            t, n = ms.get(b, (0.0, 0))
            ms[b] = (t + g["think_seconds"][i], n + g["decisions"][i])
    per_move = {b: 1000 * t / max(n, 1) for b, (t, n) in ms.items()}
    print("%d games, %d deals; learned above hand %.3f [%.3f, %.3f]; Elo %+.0f [%+.0f, %+.0f]; ms/move hand %.2f, learned %.2f" % (
        len(games), len(deals), mean, low, high, elo(mean), elo(low), elo(high), per_move[hand], per_move[learned]))


def kind(move):
    words = move.split()
    return " ".join(words[:2]) if words and words[0] == "draw" else (words[0] if words else "")


def moves(path, hand, learned):
    games = [json.loads(line) for line in open(path)][1:]
    for name, spec in (("hand", hand), ("learned", learned)):
        counts, score, played = {}, 0.0, 0
        for g in games:
            if spec not in g["bots"]:
                continue
            seat = g["bots"].index(spec)
            played += 1
            score += g["scores"][seat]
            for mover, move in zip(g["movers"], g["moves"]):
                if mover == seat:
                    counts[kind(move)] = counts.get(kind(move), 0) + 1
        top = sorted(counts.items(), key=lambda kv: -kv[1])[:8]
        print("%-8s mean score %.1f; moves a game: %s" % (
            name, score / played, ", ".join("%s %.1f" % (k, n / played) for k, n in top)))


def case_of_heading(line):
    """'## sardegna, 2 players' -> 'sardegna-2'; '## generations ...' -> 'curve'."""
    if line.startswith("## generations"):
        return "curve"
    game, players = line[3:].split(", ")
    return "%s-%s" % (game, players.split()[0])


def row_case(line):
    """A row of learned_eval.csv -> its case: 'sardegna,2,...' -> 'sardegna-2'."""
    game, players = line.split(",")[:2]
    return "%s-%s" % (game, players)


def assemble(txt, csv, work, cases, order=CASES, title=TITLE, header=CSV_HEADER, heading_case=case_of_heading,
             row_case=row_case):
    """Puts each case's WORK/CASE/section.txt (and row.csv, where there is one) in place of that
    case's section of TXT and row of CSV, keeping the other cases'; the files list the cases in
    `order`. A study's script calls it with its own order, title, header and ways of naming the case
    of a section's heading and of a row."""
    sections = {}
    if os.path.exists(txt):
        current = None
        for line in open(txt).read().splitlines(keepends=True):
            if line.startswith("## "):
                current = heading_case(line)
                sections[current] = ""
            if current is not None:
                sections[current] += line
    rows = {}
    if os.path.exists(csv):
        for line in open(csv).read().splitlines()[1:]:
            rows[row_case(line)] = line
    for case in cases:
        sections[case] = open(os.path.join(work, case, "section.txt")).read()
        row = os.path.join(work, case, "row.csv")
        if os.path.exists(row):
            rows[case] = open(row).read().strip()
    with open(txt, "w") as f:
        f.write(title + "\n")
        for case in order:
            if case in sections:
                f.write("\n" + sections[case].strip("\n") + "\n")
    with open(csv, "w") as f:
        f.write(header + "\n")
        for case in order:
            if case in rows:
                f.write(rows[case] + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "calibrate":
        calibrate(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    elif len(sys.argv) == 6 and sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    elif len(sys.argv) >= 5 and sys.argv[1] == "assemble":
        assemble(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) == 5 and sys.argv[1] == "moves":
        moves(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
