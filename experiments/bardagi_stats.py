#!/usr/bin/env python3
"""Bardagi studies' statistics from arena results files (standard-library Python only).

Called by the experiments/bardagi_*.sh scripts:
    bardagi_stats.py seats CSV PLOTDIR FILE...
        win share by seat (a win shared by k seats counts 1/k) with a 95% Wilson interval, mean score,
        rounds each seat starts; PLOTDIR/seats<n>.dat for gnuplot (bardagi_seat_advantage.sh)
    bardagi_stats.py sides CSV PLOTDIR FILE...
        per side and player count: decisions, attack cards, points spread (winner minus last), the
        winner's and the mean score, each mean with a 95% bootstrap interval over deals, and Winter
        minus Summer; the win share by seat with a 95% Wilson interval (bardagi_sides.sh)
    bardagi_stats.py upgrades CSV PLOTDIR TILES.json STACKSDIR LABEL=FILE...
        per upgrade tile: how often it is face up, how often bought, by winners and by the others,
        and by each bot (bardagi_upgrades.sh); STACKSDIR/<seed>.json is `nuraghe new` of each deal. The
        share of each bot's seats buying a tile is `nuraghe stats --by tile`'s (the program named by
        $NURAGHE, else build/nuraghe; docs/arena.md, "Designers' tables").
    bardagi_stats.py think RESULTS.jsonl
        think time and decisions a game of each bot of a results file (the search studies)
    bardagi_stats.py wins ARENA.csv [LABEL [OUT.csv]]
        the arena's csv table (from `nuraghe merge --format csv`) with a 95% Wilson interval beside
        its bootstrap interval, as a table, as gnuplot rows (stderr) and appended to OUT.csv with
        LABEL (the search studies)

A results file is a header line, then one game a line (docs/arena.md). Games of one deal share its
seed. With the same bot in every seat, two seatings of a deal could be the same game; every study
counts each distinct game (seed and moves) once, and says how many there were. Deals are told apart
by their seeds, so files written before fair tables (n rotations a deal) read the same way.
"""
import csv
import json
import math
import os
import random
import statistics
import subprocess
import sys

NURAGHE = os.environ.get("NURAGHE", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "nuraghe"))


def nuraghe_stats(results_path, by):
    """`nuraghe stats RESULTS --by BY` as {(item, statistic, group): row}, each row a dict of the CSV."""
    out = subprocess.run([NURAGHE, "stats", results_path, "--by", by, "--format", "csv"], check=True,
                         capture_output=True, text=True).stdout
    return {(r["item"], r["statistic"], r["group"]): r for r in csv.DictReader(out.splitlines())}


def bot_name(spec):
    """A bot's name as nuraghe's tables give it: its label= if it has one, else its spec."""
    for item in spec.partition(":")[2].split(","):
        if item.strip().startswith("label="):
            return item.strip()[len("label="):]
    return spec.strip()


def short_name(spec):
    """A column heading for a bot: its label (fill.1, ... for --fill's copies), else its name and the
    first 10 characters of its parameters."""
    name = bot_name(spec)
    if name != spec.strip() or ":" not in spec:
        return name
    head, _, params = spec.partition(":")
    return f"{head}:{params[:10]}"

Z = 1.959963984540054
RESAMPLES = 2000


def read(path):
    with open(path) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    return lines[0], lines[1:]


def distinct(games):
    """Games in index order, each distinct (seed, moves) once."""
    seen, out = set(), []
    for g in sorted(games, key=lambda g: g["index"]):
        key = (g["seed"], tuple(g["moves"]))
        if key not in seen:
            seen.add(key)
            out.append(g)
    return out


def wilson(s, n):
    if n == 0:
        return 0.0, 1.0
    p = s / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(max(p * (1 - p), 0.0) / n + Z * Z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def by_deal(games, value):
    """Per deal (seed), the mean of value(g) over its games."""
    deals = {}
    for g in games:
        deals.setdefault(g["seed"], []).append(value(g))
    return [sum(v) / len(v) for v in deals.values()]


def bootstrap(values, seed=1):
    """The mean of values and its 95% percentile interval over resamples."""
    rng = random.Random(seed)
    n = len(values)
    est = sum(values) / n
    draws = sorted(sum(values[rng.randrange(n)] for _ in range(n)) / n for _ in range(RESAMPLES))
    return est, draws[int(0.025 * RESAMPLES)], draws[int(0.975 * RESAMPLES) - 1]


def bootstrap_diff(a, b, seed=1):
    """mean(b) - mean(a), independent samples, with its 95% percentile interval."""
    rng = random.Random(seed)
    na, nb = len(a), len(b)
    est = sum(b) / nb - sum(a) / na
    draws = sorted(sum(b[rng.randrange(nb)] for _ in range(nb)) / nb - sum(a[rng.randrange(na)] for _ in range(na)) / na
                   for _ in range(RESAMPLES))
    return est, draws[int(0.025 * RESAMPLES)], draws[int(0.975 * RESAMPLES) - 1]


def win_shares(g):
    k = g["ranks"].count(1)
    return [1 / k if r == 1 else 0.0 for r in g["ranks"]]


COLOURS = ["red", "blue", "yellow", "green", "black"]  # seat p plays colour p


def pct(x):
    return f"{100 * x:.1f}%"


def interval(est, lo, hi, scale=1.0, digits=1):
    return f"{scale * est:.{digits}f} [{scale * lo:.{digits}f}, {scale * hi:.{digits}f}]"


def side_of(header):
    return header["options"].get("side", "summer")


def rounds_of(header):
    full = {2: 10, 3: 9, 4: 8, 5: 7}[header["players"]]
    return full - 2 if header["options"].get("length") == "short" else full


# ---------------------------------------------------------------------------------------------- seats
def seats(csv_path, plot_dir, files):
    rows = []
    print(f"{'players':>7} {'seat':>4} {'colour':>6} {'starts':>6} {'games':>5} {'wins':>7} {'win share [95% Wilson]':>24} {'fair':>6} {'mean score (se)':>16}")
    notes = []
    for path in files:
        header, all_games = read(path)
        games = distinct(all_games)
        n = header["players"]
        rounds = rounds_of(header)
        m = len(games)
        share = [0.0] * n
        scores = [[] for _ in range(n)]
        for g in games:
            for s, w in enumerate(win_shares(g)):
                share[s] += w
                scores[s].append(g["scores"][s])
        ties = sum(1 for g in games if g["ranks"].count(1) > 1)
        notes.append(f"{n}p: {len(all_games)} games, {m} distinct, {len({g['seed'] for g in games})} deals, {ties} with a shared win, {side_of(header)} side, {rounds} rounds")
        with open(os.path.join(plot_dir, f"seats{n}.dat"), "w") as f:
            for s in range(n):
                lo, hi = wilson(share[s], m)
                mean = statistics.mean(scores[s])
                se = statistics.stdev(scores[s]) / math.sqrt(m)
                starts = len(range(s, rounds, n))  # the start player token passes left each round
                rows.append((n, s, starts, m, share[s], share[s] / m, lo, hi, 1 / n, mean, se))
                f.write(f"{s} {share[s] / m} {lo} {hi} {mean}\n")
                ws = f"{pct(share[s] / m)} [{100 * lo:.1f}, {100 * hi:.1f}]"
                print(f"{n:>7} {s:>4} {COLOURS[s]:>6} {starts:>6} {m:>5} {share[s]:>7.2f} {ws:>24} {pct(1 / n):>6} {mean:>9.1f} ({se:.1f})")
    with open(csv_path, "w") as f:
        f.write("players,seat,rounds_started,games,wins,win_share,wilson_low,wilson_high,fair_share,mean_score,mean_score_se\n")
        for r in rows:
            f.write("%d,%d,%d,%d,%.3f,%.4f,%.4f,%.4f,%.4f,%.2f,%.2f\n" % r)
    print("\nseat 0 is the start player of round 1 (seats count from 0, as everywhere in nuraghe); the token passes left each round, so 'starts' is the")
    print("rounds a seat starts. Seat p plays colour p, whose home is fixed on the board (docs/rules-bardagi.md:")
    print("Summer's sectors clockwise from the top are yellow, red, black, blue, green). A win shared by k seats")
    print("counts 1/k. Wilson intervals over the distinct games.")
    for line in notes:
        print("  " + line)


# ---------------------------------------------------------------------------------------------- sides
SIDE_STATS = [
    ("decisions", "decisions a game (all seats; the planning counts one a seat)", lambda g: sum(g["decisions"])),
    ("sail_steps", "Knerrir steps a game (`toward` decisions, one an ocean square)", lambda g: sum(1 for m in g["moves"] if m.startswith("toward "))),
    ("attacks", "attack cards played a game (all seats)", lambda g: sum(1 for m in g["moves"] if m == "attack")),
    ("spread", "points spread: winner minus last", lambda g: max(g["scores"]) - min(g["scores"])),
    ("winner_score", "the winner's score", lambda g: max(g["scores"])),
    ("mean_score", "mean score a seat", lambda g: sum(g["scores"]) / len(g["scores"])),
]


def sides(csv_path, plot_dir, files):
    studies = {}
    for path in files:
        header, all_games = read(path)
        games = distinct(all_games)
        key = (header["players"], side_of(header))
        studies[key] = (header, all_games, games)
    out = []
    print(f"{'players':>7} {'side':<7} {'games':>5} {'deals':>5}  " + "  ".join(f"{k:>22}" for k, _, _ in SIDE_STATS))
    for (n, side), (header, all_games, games) in sorted(studies.items()):
        cells = []
        for key, _, f in SIDE_STATS:
            est, lo, hi = bootstrap(by_deal(games, f))
            out.append((side, n, len(games), len({g["seed"] for g in games}), key, est, lo, hi))
            cells.append(interval(est, lo, hi))
        print(f"{n:>7} {side:<7} {len(games):>5} {len({g['seed'] for g in games}):>5}  " + "  ".join(f"{c:>22}" for c in cells))
    print("\nmeans with 95% bootstrap intervals over deals (each deal the mean of its distinct games):")
    for key, text, _ in SIDE_STATS:
        print(f"  {key}: {text}")
    print("\nWinter minus Summer (independent samples, 95% bootstrap interval):")
    for n in sorted({k[0] for k in studies}):
        if (n, "summer") not in studies or (n, "winter") not in studies:
            continue
        a, b = studies[(n, "summer")][2], studies[(n, "winter")][2]
        for key, _, f in SIDE_STATS:
            est, lo, hi = bootstrap_diff(by_deal(a, f), by_deal(b, f))
            ma = sum(by_deal(a, f)) / len(by_deal(a, f))
            rel = f" ({100 * est / ma:+.0f}% of Summer's)" if ma else ""
            print(f"  {n}p {key:<13} {interval(est, lo, hi)}{rel}")
            out.append(("winter-summer", n, len(b), len({g['seed'] for g in b}), key, est, lo, hi))
    # gnuplot: one file per statistic, rows "x side mean lo hi colour players" (x: 2p Summer 1, Winter 2;
    # 3p 4, 5).
    for key, _, _ in SIDE_STATS:
        with open(os.path.join(plot_dir, f"side_{key}.dat"), "w") as f:
            for side, n, _, _, k, est, lo, hi in out:
                if k == key and side != "winter-summer":
                    x = (n - 2) * 3 + (1 if side == "summer" else 2)
                    colour = 0xE69F00 if side == "summer" else 0x3A7DC9
                    f.write(f'{x} "{side.capitalize()}" {est} {lo} {hi} {colour} "{n}p"\n')
    print("\nwin share by seat (95% Wilson over distinct games; seat 0 starts round 1, the token passes left):")
    for (n, side), (header, all_games, games) in sorted(studies.items()):
        cells = []
        for seat in range(n):
            w = sum(win_shares(g)[seat] for g in games)
            lo, hi = wilson(w, len(games))
            cells.append(f"seat {seat} ({COLOURS[seat]}) {pct(w / len(games))} [{100 * lo:.1f}, {100 * hi:.1f}]")
            out.append((side, n, len(games), len({g["seed"] for g in games}), f"seat{seat}_win_wilson", w / len(games), lo, hi))
        print(f"  {n}p {side:<7} " + ", ".join(cells) + f" (fair {pct(1 / n)})")
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["side", "players", "games", "deals", "statistic", "mean", "low", "high"])
        for r in out:
            w.writerow(list(r[:5]) + [f"{x:.4f}" for x in r[5:]])
    for n in sorted({k[0] for k in studies}):
        print(f"\n{n}p: " + "; ".join(f"{side}: {len(v[1])} games, {len(v[2])} distinct, {rounds_of(v[0])} rounds"
                                   for (m, side), v in sorted(studies.items()) if m == n))


# ------------------------------------------------------------------------------------------- upgrades
def simulate_stacks(pos, game):
    """Replays the buys of a game on the deal's upgrade stacks (the top of a face-down stack is its
    last element; face-up slots refill at each round's end). Returns the tiles face up in each
    round's buy phase and the number of buys that were not face up (0 when the replay is right)."""
    stacks = {k: (list(v["face_up"]), list(v["face_down"])) for k, v in pos["stacks"].items()}
    slots = {k: len(v[0]) for k, v in stacks.items()}
    offered, bad, rnd = [], 0, 0
    for move, mover in zip(game["moves"], game["movers"]):
        if mover == -2:  # the planning node: a round starts
            rnd += 1
            if rnd > 1:
                for k, (up, down) in stacks.items():
                    while len(up) < slots[k] and down:
                        up.append(down.pop())
            offered.append({t for up, _ in stacks.values() for t in up})
        if move.startswith("buy "):
            _, size, tile = move.split()
            up = stacks[tile.split("-")[0] + "-" + size][0]
            if tile in up:
                up.remove(tile)
            else:
                bad += 1
    return offered, bad


def upgrades(csv_path, plot_dir, tiles_path, stacks_dir, sources):
    tiles = json.load(open(tiles_path))["upgrades"]
    ids = [t["id"] for t in tiles]
    size = {t["id"]: t["size"] for t in tiles}
    out_rows = []
    for si, (label, path) in enumerate(sources):
        header, all_games = read(path)
        games = distinct(all_games)
        n = header["players"]
        # Per-bot columns only when the table has different bots (self-play lists one bot a seat).
        bots = header["bots"] if len(set(header["bots"])) > 1 else []
        m = len(games)
        offered_games = {t: 0 for t in ids}
        offered_rounds = {t: 0 for t in ids}
        buys = {t: 0 for t in ids}
        win_buy = {t: 0 for t in ids}
        other_buy = {t: 0 for t in ids}
        by_tile = nuraghe_stats(path, "tile") if bots else {}
        win_seats = other_seats = 0
        rounds_total = 0
        bad_total = 0
        per_seat = {"winners": [], "others": []}  # tiles bought by a seat, and their end glory
        for g in games:
            pos = json.load(open(os.path.join(stacks_dir, f"{g['seed']}.json")))
            offered, bad = simulate_stacks(pos, g)
            bad_total += bad
            rounds_total += len(offered)
            for t in ids:
                k = sum(1 for o in offered if t in o)
                offered_rounds[t] += k
                offered_games[t] += 1 if k else 0
            bought = [set() for _ in range(n)]
            for move, mover in zip(g["moves"], g["movers"]):
                if move.startswith("buy "):
                    t = move.split()[2]
                    buys[t] += 1
                    bought[mover].add(t)
            for s in range(n):
                winner = g["ranks"][s] == 1
                if winner:
                    win_seats += 1
                else:
                    other_seats += 1
                glory = sum(3 if size[t] == "small" else 5 for t in bought[s])
                per_seat["winners" if winner else "others"].append((len(bought[s]), glory))
                for t in bought[s]:
                    (win_buy if winner else other_buy)[t] += 1
        print(f"\n## {label}: {os.path.basename(path)}, {n} players, {m} distinct games of {len(all_games)}, "
              f"{win_seats} winner seat-games, {other_seats} others")
        print(f"   (replaying the buys on each deal's stacks: {bad_total} buys of a tile not face up; 0 means the replay is right)")
        for who in ("winners", "others"):
            counts = [c for c, _ in per_seat[who]]
            glory = [gl for _, gl in per_seat[who]]
            print(f"   {who}: {statistics.mean(counts):.2f} tiles a seat (sd {statistics.stdev(counts):.2f}), "
                  f"{statistics.mean(glory):.1f} end glory from tiles; no tile at all: "
                  f"{pct(sum(1 for c in counts if c == 0) / len(counts))} of the seats")
        cols = ["offered", "off.rnds", "buys/game", "per offer", "by winners [95% Wilson]", "by others [95% Wilson]"]
        cols += [f"by {short_name(b)}" for b in bots]
        print()
        print(f"   {'tile':<26} {'size':<5} " + " ".join(f"{c:>24}" if 'Wilson' in c else f"{c:>10}" for c in cols))
        plot = open(os.path.join(plot_dir, f"upgrades{si}.dat"), "w")
        for i, t in enumerate(ids):
            wlo, whi = wilson(win_buy[t], win_seats)
            olo, ohi = wilson(other_buy[t], other_seats)
            per_offer = buys[t] / offered_rounds[t] if offered_rounds[t] else float("nan")
            cells = [pct(offered_games[t] / m), pct(offered_rounds[t] / rounds_total), f"{buys[t] / m:.2f}",
                     "-" if not offered_rounds[t] else f"{per_offer:.2f}",
                     f"{pct(win_buy[t] / win_seats)} [{100 * wlo:.1f}, {100 * whi:.1f}]",
                     f"{pct(other_buy[t] / other_seats)} [{100 * olo:.1f}, {100 * ohi:.1f}]"]
            cells += [pct(float(by_tile[(t, "bought", "bot " + bot_name(b))]["value"])) for b in bots]
            print(f"   {t:<26} {size[t]:<5} " + " ".join(f"{c:>24}" if j in (4, 5) else f"{c:>10}" for j, c in enumerate(cells)))
            plot.write(f'{i} "{t}" {win_buy[t] / win_seats} {wlo} {whi} {other_buy[t] / other_seats} {olo} {ohi} {offered_games[t] / m}\n')
            base = [label, t, size[t]]
            out_rows.append(base + ["offered_games", offered_games[t], m] + share_wilson(offered_games[t], m))
            out_rows.append(base + ["offered_rounds", offered_rounds[t], rounds_total] + share_wilson(offered_rounds[t], rounds_total))
            out_rows.append(base + ["buys_per_offered_round", buys[t], offered_rounds[t], f"{per_offer:.4f}", "", ""])
            out_rows.append(base + ["bought_by_winner_seats", win_buy[t], win_seats] + share_wilson(win_buy[t], win_seats))
            out_rows.append(base + ["bought_by_other_seats", other_buy[t], other_seats] + share_wilson(other_buy[t], other_seats))
            for b in bots:
                row = by_tile[(t, "bought", "bot " + bot_name(b))]
                seats_of_b = int(row["n"])
                bought_by_b = round(float(row["value"]) * seats_of_b)
                out_rows.append(base + [f"bought_by_seats_of {b}", bought_by_b, seats_of_b] + share_wilson(bought_by_b, seats_of_b))
        plot.close()
        never = [t for t in ids if buys[t] == 0]
        print(f"\n   never bought: {', '.join(never) if never else 'none'}")
        for t in never:
            print(f"     {t}: face up in {pct(offered_games[t] / m)} of the games, {offered_rounds[t]} buy phases")
        rare = [t for t in ids if 0 < buys[t] / m < 0.05]
        print(f"   bought in under 5 games of 100: {', '.join(f'{t} ({buys[t]})' for t in rare) if rare else 'none'}")
    print("\noffered: share of the games in which the tile is face up in at least one buy phase; off.rnds: share of the")
    print("buy phases in which it is face up; per offer: buys per buy phase it is face up in; by winners / by others:")
    print("share of the winners' (rank 1) and of the other seats' games in which that seat bought it (a seat buys a tile")
    print("at most once), 95% Wilson intervals over seat-games.")
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["source", "tile", "size", "statistic", "count", "out_of", "share", "wilson_low", "wilson_high"])
        w.writerows(out_rows)


def share_wilson(k, n):
    lo, hi = wilson(k, n)
    return [f"{k / n:.4f}" if n else "", f"{lo:.4f}", f"{hi:.4f}"]


# ----------------------------------------------------------------------------------------------- wins
def wins(arena_csv, label="", out_csv=None):
    """The arena's csv table with Wilson intervals; prints the table to stdout and the gnuplot rows
    ("label short-name win_rate low high wilson_low wilson_high mean_score ms_per_move") to stderr;
    with out_csv, appends the arena's rows with the label and the Wilson interval to it."""
    rows = list(csv.DictReader(open(arena_csv)))
    if out_csv:
        new = not os.path.exists(out_csv) or os.path.getsize(out_csv) == 0
        with open(out_csv, "a", newline="") as f:
            w = csv.writer(f)
            if new:
                w.writerow(["label"] + list(rows[0].keys()) + ["wilson_low", "wilson_high"])
            for r in rows:
                lo, hi = wilson(float(r["wins"]), int(r["games"]))
                w.writerow([label] + list(r.values()) + [f"{lo:.4f}", f"{hi:.4f}"])
    # A short name a bot for plots: its name and the parameters the search bots do not share.
    parts = [r["bot"].split(":", 1) for r in rows]
    params = [set(p[1].split(",")) if len(p) > 1 else set() for p in parts]
    searched = [q for q in params if q]
    common = set.intersection(*searched) if len(searched) >= 2 else set()
    short = [p[0] + ("" if not (q - common) else " " + ",".join(x for x in p[1].split(",") if x not in common))
             for p, q in zip(parts, params)]
    width = max(len(r["bot"]) for r in rows)
    print(f"{'bot':<{width}} {'games':>5} {'wins':>6} {'win share [95% bootstrap]':>26} {'[95% Wilson]':>14} {'mean score':>10} {'ms/move':>8} {'Elo [95%]':>18}")
    for r, name in zip(rows, short):
        g, w = int(r["games"]), float(r["wins"])
        lo, hi = wilson(w, g)
        wr = f"{100 * float(r['win_rate']):.1f}% [{100 * float(r['win_rate_low']):.1f}, {100 * float(r['win_rate_high']):.1f}]"
        elo = f"{float(r['elo']):.0f} [{float(r['elo_low']):.0f}, {float(r['elo_high']):.0f}]"
        print(f"{r['bot']:<{width}} {g:>5} {w:>6.1f} {wr:>26} {f'[{100 * lo:.1f}, {100 * hi:.1f}]':>14} {float(r['mean_score']):>10.1f} {float(r['ms_per_move']):>8.1f} {elo:>18}")
        print(f'"{label}" "{name}" {float(r["win_rate"])} {float(r["win_rate_low"])} {float(r["win_rate_high"])} {lo} {hi} {float(r["mean_score"])} {float(r["ms_per_move"])}',
              file=sys.stderr)


def think(path):
    lines = [json.loads(line) for line in open(path) if line.strip()]
    header, games = lines[0], lines[1:]
    print("think time a game by bot (s, mean over its games):")
    for b, bot in enumerate(header["bots"]):
        t = [g["think_seconds"][s] for g in games for s in range(len(g["seats"])) if g["seats"][s] == b]
        d = [g["decisions"][s] for g in games for s in range(len(g["seats"])) if g["seats"][s] == b]
        print(f"  {bot}: {sum(t) / len(t):.1f} s a game, {sum(d) / len(d):.0f} decisions a game")


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "seats" and len(argv) >= 5:
        seats(argv[2], argv[3], argv[4:])
    elif cmd == "sides" and len(argv) >= 5:
        sides(argv[2], argv[3], argv[4:])
    elif cmd == "upgrades" and len(argv) >= 7:
        upgrades(argv[2], argv[3], argv[4], argv[5], [tuple(a.split("=", 1)) for a in argv[6:]])
    elif cmd == "think" and len(argv) == 3:
        think(argv[2])
    elif cmd == "wins" and len(argv) in (3, 4, 5):
        wins(*argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
