#!/usr/bin/env bash
# Sardegna: does the seat matter? The same bot (ismcts:iters=300) in every seat at 2, 3 and 4
# players: 40 games at 2p, 30 at 3p, 24 at 4p (multiples of the seat count; seats rotated over each
# deal, --seed 1). From the arena's per-game records (--out JSONL) it computes, per seat, the win
# share (a win shared by k players counts 1/k) with a 95% Wilson interval, and the mean score.
# Writes experiments/seat_advantage.{csv,txt,png}.
#   experiments/seat_advantage.sh [SPEC]
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build on the shared machine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
spec=${1:-ismcts:iters=300}
declare -A games=([2]=40 [3]=30 [4]=24)
jobs=2

experiment_start seat_advantage

experiment_header "Sardegna, $spec in every seat, 2/3/4 players (${games[2]}/${games[3]}/${games[4]} games)"
echo "# commands (each under flock $lock):" >>"$txt"

for n in 2 3 4; do
  botargs=(--bot "$spec" --self-play)
  cmd=(arena --game sardegna --players "$n" "${botargs[@]}" --games "${games[$n]}" --seed 1 --jobs "$jobs" --out "$name-${n}p.jsonl")
  echo "#   build/nuraghe ${cmd[*]}" >>"$txt"
  echo "$name: $n players ..." >&2
  rm -f "$tmp/$name-${n}p.jsonl"
  (cd "$tmp" && locked "$nuraghe" "${cmd[@]}" >/dev/null 2>&1)
done
echo "# per-seat statistics: python3 (inline in the script) over the three JSONL files" >>"$txt"

# Per seat: win share (rank 1 shared by k players counts 1/k), 95% Wilson interval over games,
# mean score with its standard error. The JSONL holds a header line, then one game a line with
# "scores", "returns", "ranks" indexed by seat.
python3 - "$tmp" "$csv" <<'EOF' >>"$txt"
import json, math, statistics, sys
tmp, csv_path = sys.argv[1], sys.argv[2]
z = 1.959963984540054

def wilson(s, n):
    p = s / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)

rows = []
for n in (2, 3, 4):
    with open(f"{tmp}/seat_advantage-{n}p.jsonl") as f:
        header = json.loads(f.readline())
        games = [json.loads(line) for line in f if line.strip()]
    share = [0.0] * n
    scores = [[] for _ in range(n)]
    for g in games:
        k = g["ranks"].count(1)
        for s in range(n):
            if g["ranks"][s] == 1:
                share[s] += 1 / k
            scores[s].append(g["scores"][s])
        # the game's own returns are the same win shares (win 1, shared win split, loss 0)
        assert all(abs(g["returns"][s] - (1 / k if g["ranks"][s] == 1 else 0)) < 1e-9 for s in range(n)), g["index"]
    m = len(games)
    ties = sum(1 for g in games if g["ranks"].count(1) > 1)
    for s in range(n):
        lo, hi = wilson(share[s], m)
        mean = statistics.mean(scores[s])
        se = statistics.stdev(scores[s]) / math.sqrt(m)
        rows.append((n, s, m, share[s], share[s] / m, lo, hi, 1 / n, mean, se, ties))

with open(csv_path, "w") as f:
    f.write("players,seat,games,wins,win_share,wilson_low,wilson_high,fair_share,mean_score,mean_score_se,shared_win_games\n")
    for r in rows:
        f.write("%d,%d,%d,%.3f,%.4f,%.4f,%.4f,%.4f,%.2f,%.2f,%d\n" % r)
for n in (2, 3, 4):
    with open(f"{tmp}/plot{n}.dat", "w") as f:
        for r in rows:
            if r[0] == n:
                f.write(f"{r[1] + 1} {r[4]} {r[5]} {r[6]}\n")

print()
print(f"{'players':>7} {'seat':>4} {'games':>5} {'wins':>6} {'win share [95% Wilson]':>26} {'fair':>6} {'mean score (se)':>16}")
for n, s, m, w, p, lo, hi, fair, mean, se, ties in rows:
    ws = f"{100*p:.1f}% [{100*lo:.1f}, {100*hi:.1f}]"
    print(f"{n:>7} {s + 1:>4} {m:>5} {w:>6.2f} {ws:>26} {100*fair:>5.1f}% {mean:>9.1f} ({se:.1f})")
print("\nseat 1 moves first; a win shared by k players counts 1/k; Wilson intervals treat the games as")
print("independent (each deal is played once per rotation of the seats, so games of one deal are correlated).")
print("games with a shared win: " + ", ".join(f"{n}p {next(r[10] for r in rows if r[0] == n)}" for n in (2, 3, 4)))
EOF

gnuplot <<EOF
set terminal pngcairo size 1200,520 font "sans,12"
set output "$png"
set multiplot layout 1,3 title "Sardegna, $spec in every seat: win share by seat (95% Wilson intervals; dashed: fair share 1/n)"
set ylabel "win share"
set xlabel "seat (1 moves first)"
set yrange [0:1]
set grid ytics
set style fill solid 0.7 border -1
set boxwidth 0.6
set key top right
do for [n=2:4] {
  set title sprintf("%d players (%d games)", n, n == 2 ? ${games[2]} : n == 3 ? ${games[3]} : ${games[4]})
  set xrange [0.4:n+0.6]
  set xtics 1
  plot sprintf("$tmp/plot%d.dat", n) using 1:2 with boxes lc rgb "#1f77b4" notitle, \
       "" using 1:2:3:4 with yerrorbars lc rgb "black" pt 0 lw 1.5 notitle, \
       "" using 1:(\$4+0.03):(sprintf("%.0f%%", 100*\$2)) with labels notitle, \
       1.0/n with lines dashtype 2 lw 2 lc rgb "#d62728" title sprintf("fair 1/%d", n)
}
unset multiplot
EOF
experiment_finish
