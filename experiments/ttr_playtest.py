#!/usr/bin/env python3
"""Ticket to Ride playtesting statistics from arena results files and `nuraghe score --results`.

Called by experiments/ttr_playtest.sh, once per study (a player count on a map):
    ttr_playtest.py study LABEL MAP.json RESULTS.jsonl SCORES.jsonl OUT_PREFIX
writes OUT_PREFIX.summary.json (the statistics, each with a 95% bootstrap interval over deals),
OUT_PREFIX.routes.csv, OUT_PREFIX.tickets.csv and OUT_PREFIX.cities.csv.
    ttr_playtest.py compare A.summary.json B.summary.json
prints each statistic of two studies with its interval and the difference with its interval;
    ttr_playtest.py table S1.summary.json S2.summary.json ...
prints the statistics of several studies side by side.

Self-play games of one deal in its rotations are the same game (every seat plays the same bot), so
each deal counts once: the first game of each deal. Standard library only.
"""
import csv
import json
import random
import re
import sys

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
    ends = {n: (r["a"], r["b"]) for n, r in zip(names, game_map["routes"])}
    lengths = {n: r["length"] for n, r in zip(names, game_map["routes"])}
    ticket_cities = [t["from"] + t["to"] for t in game_map["tickets"]]

    results = read_jsonl(results_path)
    header, games = results[0], results[1:]
    players = header["players"]
    scores = {s["index"]: s for s in read_jsonl(scores_path)}
    first_of_deal = {}
    for g in games:
        first_of_deal.setdefault(g["seed"], g)
    deals = sorted(first_of_deal.values(), key=lambda g: g["index"])

    per_game = []  # one record per deal
    route_claims = {n: [] for n in names}  # per deal: claim time in [0, 1] or None
    ticket_held = {}  # ticket id -> list of completed flags
    city_claims = {c: [] for c in cities}
    city_tickets = {c: [] for c in cities}
    claim_re = re.compile(r"^claim (\S+) ")
    for g in deals:
        sc = scores[g["index"]]["score"]
        seats = sc["seats"]
        moves = g["moves"]
        plies = len(moves)
        claimed_at = {}
        for i, m in enumerate(moves):
            hit = claim_re.match(m)
            if hit:
                claimed_at[hit.group(1)] = i / max(plies - 1, 1)
        for n in names:
            route_claims[n].append(claimed_at.get(n))
        touching = {c: 0 for c in cities}
        for n in claimed_at:
            for c in ends[n]:
                touching[c] += 1
        named = {c: 0 for c in cities}
        for seat in seats:
            for t in seat["ticket_list"]:
                ticket_held.setdefault(t["id"], []).append(1 if t["completed"] else 0)
                for c in set(ticket_cities[t["id"]]):
                    named[c] += 1
        for c in cities:
            city_claims[c].append(touching[c])
            city_tickets[c].append(named[c])
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
            "decisions": plies,
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

    with open(out + ".routes.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["route", "length", "claimed_share", "lo", "hi", "mean_claim_time"])
        for n in names:
            flags = [0 if t is None else 1 for t in route_claims[n]]
            times = [t for t in route_claims[n] if t is not None]
            est, lo, hi = bootstrap(flags)
            w.writerow([n, lengths[n], f"{est:.4f}", f"{lo:.4f}", f"{hi:.4f}",
                        f"{sum(times) / len(times):.4f}" if times else ""])
    with open(out + ".tickets.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "from", "to", "value", "long", "held", "completed_share"])
        for i, t in enumerate(game_map["tickets"]):
            flags = ticket_held.get(i, [])
            w.writerow([i, "/".join(t["from"]), "/".join(t["to"]), t["value"], int(t.get("long", False)), len(flags),
                        f"{sum(flags) / len(flags):.4f}" if flags else ""])
    with open(out + ".cities.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["city", "claims_touching_per_game", "tickets_naming_per_game"])
        for c in cities:
            w.writerow([c, f"{sum(city_claims[c]) / len(deals):.4f}", f"{sum(city_tickets[c]) / len(deals):.4f}"])


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
