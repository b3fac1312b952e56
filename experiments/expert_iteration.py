#!/usr/bin/env python3
"""The figures of experiments/expert_iteration.sh, from nuraghe's own files (standard library only).

  expert_iteration.py curve GENERATIONS.csv CPU.csv  -> per generation: CPU hours so far, Elo against
      the reference and its 95% interval (gnuplot's data)
  expert_iteration.py table GENERATIONS.csv CPU.csv  -> the generations as a table for people
  expert_iteration.py row CASE GENERATIONS.csv CPU.csv LINE -> the case's row of expert_iteration.csv
      (LINE: learned_eval.py compare's line of the final match)
  expert_iteration.py assemble TXT CSV WORK CASE...   -> each CASE's WORK/CASE/section.txt and row.csv
      in place of that case's section of TXT and row of CSV, keeping the other cases'
"""

import csv
import os
import re
import sys

import learned_eval  # the same folder: the way a study's sections and rows are put in place

CASES = ["sardegna-2", "ttr-2", "ttr-4", "bardagi-3"]
TITLE = ("# expert_iteration: improve's generations (labelled self-play, a value and a policy on the features, "
         "equal-time SPRT gates) and the last kept bot against the game's best hand-written spec at equal time; "
         "each section names its run (date, machine, binary)")
CSV_HEADER = ("case,generations,kept,cpu_hours,elo_last,elo_last_low,elo_last_high,games,deals,score,score_low,"
              "score_high,elo,elo_low,elo_high,ms_hand,ms_learned")


def generations(path):
    return list(csv.DictReader(open(path)))


def cpu_hours(path):
    """Cumulative CPU hours after each generation (generation 0, rated before any self-play, is
    counted in generation 1's call)."""
    seconds = {}
    if os.path.exists(path):
        for line in open(path):
            g, s = line.strip().split(",")
            seconds[int(g)] = seconds.get(int(g), 0.0) + float(s)
    total, out = 0.0, {0: 0.0}
    for g in sorted(seconds):
        total += seconds[g]
        out[g] = total / 3600
    return out


def curve(gens, cpu):
    hours = cpu_hours(cpu)
    for row in generations(gens):
        g = int(row["generation"])
        if g in hours:
            print("%.4f %s %s %s" % (hours[g], row["elo_vs_reference"], row["elo_low"], row["elo_high"]))


def table(gens, cpu):
    hours = cpu_hours(cpu)
    print("%-3s %9s %8s %-6s %-4s %22s  %s" % ("gen", "CPU h", "rows", "gate", "kept", "Elo vs reference", "bot"))
    for row in generations(gens):
        g = int(row["generation"])
        gate = "%s/%s" % (row["gate_verdict"] or "-", row["gate_deals"])
        elo = "%+.0f [%s, %s]" % (float(row["elo_vs_reference"]), row["elo_low"], row["elo_high"])
        print("%-3d %9s %8s %-6s %-4s %22s  %s" % (g, "%.2f" % hours[g] if g in hours else "?", row["rows"], gate,
                                                 row["accepted"] or "-", elo, row["bot"]))


def row(case, gens, cpu, line):
    rows = generations(gens)
    last = rows[-1]
    kept = sum(1 for r in rows if r["accepted"] == "yes")
    hours = cpu_hours(cpu)
    nums = re.findall(r"[-+]?[0-9]+\.?[0-9]*", line)
    games, deals, score, lo, hi, elo, elo_lo, elo_hi, ms_h, ms_l = nums[:10]
    print(",".join([case, last["generation"], str(kept), "%.2f" % max(hours.values()), last["elo_vs_reference"],
                    last["elo_low"], last["elo_high"], games, deals, score, lo, hi, elo, elo_lo, elo_hi, ms_h, ms_l]))


def assemble(txt, out_csv, work, cases):
    learned_eval.assemble(txt, out_csv, work, cases, order=CASES, title=TITLE, header=CSV_HEADER,
                          row_case=lambda line: line.split(",")[0])


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "curve":
        curve(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "table":
        table(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 6 and sys.argv[1] == "row":
        row(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    elif len(sys.argv) >= 5 and sys.argv[1] == "assemble":
        assemble(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        sys.exit(__doc__)
