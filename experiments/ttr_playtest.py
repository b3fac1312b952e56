#!/usr/bin/env python3
"""Ticket to Ride playtesting statistics from arena results files and `nuraghe score --results`.

Called by experiments/ttr_playtest.sh, once per study (a player count on a map):
    ttr_playtest.py study LABEL MAP.json RESULTS.jsonl SCORES.jsonl OUT_PREFIX
writes OUT_PREFIX.summary.json (the statistics, each with a 95% bootstrap interval over deals),
OUT_PREFIX.routes.csv, OUT_PREFIX.tickets.csv and OUT_PREFIX.cities.csv. The routes', tickets' and
cities' figures are `nuraghe stats --by route|ticket|city`'s (the program named by $NURAGHE, else
build/nuraghe), each rearranged into a row per item; the summary is the score breakdown's.
    ttr_playtest.py compare A.summary.json B.summary.json
prints each statistic of two studies with its interval and the difference with its interval;
    ttr_playtest.py table S1.summary.json S2.summary.json ...
prints the statistics of several studies side by side.

Self-play games of one deal in its rotations are the same game (every seat plays the same bot), so
each deal counts once: the first game of each deal. Standard library only.
"""
import csv
import io
import json
import os
import random
import subprocess
import sys

NURAGHE = os.environ.get("NURAGHE", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "nuraghe"))

RESAMPLES = 2000


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def bootstrap(values, stat=lambda xs: sum(xs) / len(xs), seed=1):
    """The statistic and its 95% percentile interval over resamples of `values`."""
    rng = random.Random(seed)
    n = len(values)
    if n == 0:
        return [None, None, None]
    est = stat(values)
    draws = sorted(stat([values[rng.randrange(n)] for _ in range(n)]) for _ in range(RESAMPLES))
    return [est, draws[int(0.025 * RESAMPLES)], draws[int(0.975 * RESAMPLES) - 1]]


def nuraghe_stats(results_path, by):
    """`nuraghe stats RESULTS --by BY` as {(item, statistic, group): row}, each row a dict of the CSV."""
    out = subprocess.run([NURAGHE, "stats", results_path, "--by", by, "--format", "csv"], check=True,
                         capture_output=True, text=True).stdout
    return {(r["item"], r["statistic"], r["group"]): r for r in csv.DictReader(io.StringIO(out))}


def ratio_stat(pairs):
    """sum(a) / sum(b) over (a, b) pairs: a share pooled over games."""
    num = sum(a for a, _ in pairs)
    den = sum(b for _, b in pairs)
    return num / den if den else 0.0


def study(label, map_path, results_path, scores_path, out):
    game_map = json.load(open(map_path))
    cities = [c["id"] for c in game_map["cities"]]
    # Route names as the notation writes them: a~b, #2 for the later route of a pair.
    names, seen = [], {}
    for r in game_map["routes"]:
        key = tuple(sorted((r["a"], r["b"])))
        names.append(f'{r["a"]}~{r["b"]}' + ("#2" if key in seen else ""))
        seen[key] = True
    lengths = {n: r["length"] for n, r in zip(names, game_map["routes"])}

    results = read_jsonl(results_path)
    header, games = results[0], results[1:]
    players = header["players"]
    scores = {s["index"]: s for s in read_jsonl(scores_path)}
    first_of_deal = {}
    for g in games:
        first_of_deal.setdefault(g["seed"], g)
    deals = sorted(first_of_deal.values(), key=lambda g: g["index"])

    per_game = []  # one record per deal
    for g in deals:
        sc = scores[g["index"]]["score"]
        seats = sc["seats"]
        moves = g["moves"]
        wins = [s["win"] for s in seats]
        routes = sum(s["routes"] for s in seats)
        tickets = sum(s["tickets"] for s in seats)
        stations = sum(4 * s["unused_stations"] for s in seats)
        bonuses = sum(s["express"] + s["touring"] + s["ferries"] for s in seats)
        total = sum(s["total"] for s in seats)
        held = sum(len(s["ticket_list"]) for s in seats)
        done = sum(s["completed"] for s in seats)
        per_game.append({
            "seat0_win": wins[0],
            "mean_score": total / players,
            "winner_score": max(s["total"] for s in seats),
            "routes": routes, "tickets": tickets, "stations": stations, "bonuses": bonuses, "total": total,
            "held": held, "done": done,
            "stations_built": sum(len(s["station_list"]) for s in seats) / players,
            "safeguard": 1 if sc["ended_by"] == "safeguard" else 0,
            "passes": sum(1 for m in moves if m == "pass"),
            "decisions": len(moves),
        })

    mean = lambda key: bootstrap([r[key] for r in per_game])
    share = lambda key: bootstrap([(r[key], r["total"]) for r in per_game], ratio_stat)
    summary = {
        "label": label,
        "players": players,
        "deals": len(deals),
        "seat0_win_rate": mean("seat0_win"),
        "fair_win_rate": 1 / players,
        "mean_score": mean("mean_score"),
        "winner_score": mean("winner_score"),
        "share_routes": share("routes"),
        "share_tickets": share("tickets"),
        "share_stations": share("stations"),
        "share_bonuses": share("bonuses"),
        "ticket_completion": bootstrap([(r["done"], r["held"]) for r in per_game], ratio_stat),
        "tickets_held_per_seat": bootstrap([r["held"] / players for r in per_game]),
        "stations_built_per_seat": mean("stations_built"),
        "safeguard_rate": mean("safeguard"),
        "passes_per_game": mean("passes"),
        "games_with_a_pass": bootstrap([1 if r["passes"] else 0 for r in per_game]),
        "decisions_per_game": mean("decisions"),
    }
    with open(out + ".summary.json", "w") as f:
        json.dump(summary, f, indent=1)

    # Routes, tickets and cities: nuraghe stats, for all seats (docs/arena.md, "Designers' tables").
    # The claim time is when_claimed: the share of the game's decisions made before the claim.
    number = lambda row: float(row["value"]) if row and row["value"] != "" else None
    fmt = lambda x: f"{x:.4f}" if x is not None else ""
    by_route = nuraghe_stats(results_path, "route")
    with open(out + ".routes.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["route", "length", "claimed_share", "lo", "hi", "mean_claim_time"])
        for n in names:
            row = by_route[(n, "claimed", "all")]
            w.writerow([n, lengths[n], fmt(number(row)), row["low"] and f'{float(row["low"]):.4f}',
                        row["high"] and f'{float(row["high"]):.4f}', fmt(number(by_route[(n, "when_claimed", "all")]))])
    by_ticket = nuraghe_stats(results_path, "ticket")
    with open(out + ".tickets.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "from", "to", "value", "long", "held", "completed_share"])
        items = {item.split(":")[0]: item for (item, _, _) in by_ticket}
        for i, t in enumerate(game_map["tickets"]):
            row = by_ticket[(items[str(i)], "completed", "all")]
            w.writerow([i, "/".join(t["from"]), "/".join(t["to"]), t["value"], int(t.get("long", False)), row["n"],
                        fmt(number(row))])
    by_city = nuraghe_stats(results_path, "city")
    with open(out + ".cities.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["city", "claims_touching_per_game", "tickets_naming_per_game"])
        for c in cities:
            w.writerow([c, fmt(number(by_city[(c, "routes", "all")])), fmt(number(by_city[(c, "tickets", "all")]))])


def compare(path_a, path_b):
    """Each statistic of two studies, and B minus A, each with its 95% interval. The difference's
    interval combines the two (independent deals): the percentile interval of the difference of
    the two bootstrap distributions is approximated by the normal rule from the two widths."""
    a, b = json.load(open(path_a)), json.load(open(path_b))
    print(f'{"statistic":26} {a["label"][:24]:>24} {b["label"][:24]:>24} {"difference (B - A)":>24}')
    for key, va in a.items():
        vb = b.get(key)
        if not isinstance(va, list) or not isinstance(vb, list) or va[0] is None:
            continue
        half = lambda v: (v[2] - v[1]) / 2
        d = vb[0] - va[0]
        dh = (half(va) ** 2 + half(vb) ** 2) ** 0.5
        fmt = lambda v: f"{v[0]:8.3f} [{v[1]:7.3f},{v[2]:7.3f}]"
        print(f"{key:26} {fmt(va):>24} {fmt(vb):>24} {d:+8.3f} [{d - dh:+7.3f},{d + dh:+7.3f}]")


def table(paths):
    """The statistics of several studies side by side, each with its 95% interval."""
    studies = [json.load(open(p)) for p in paths]
    print(f'{"statistic":26}' + "".join(f'{s["label"][:26]:>27}' for s in studies))
    for key, v in studies[0].items():
        if isinstance(v, list):
            cells = []
            for s in studies:
                x = s[key]
                cells.append(f"{x[0]:9.3f} [{x[1]:7.3f},{x[2]:7.3f}]" if x[0] is not None else "-")
            print(f"{key:26}" + "".join(f"{c:>27}" for c in cells))
        elif key in ("deals", "fair_win_rate"):
            print(f"{key:26}" + "".join(f'{s[key]:>27.3f}' if isinstance(s[key], float) else f'{s[key]:>27}'
                                        for s in studies))


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "table":
        table(sys.argv[2:])
        sys.exit(0)
    if len(sys.argv) == 7 and sys.argv[1] == "study":
        study(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
