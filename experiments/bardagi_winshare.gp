# Win share of each bot at one Bardagi table, for bardagi_bandits.sh and bardagi_so_vs_mo.sh:
#   gnuplot -e 'data="ROWS"; out="PNG"; heading="TITLE"; fair=0.3333; nbots=3' experiments/bardagi_winshare.gp
# ROWS: one bot a line, as `bardagi_stats.py wins` writes them to stderr:
#   "label" "short name" win_share boot_low boot_high wilson_low wilson_high mean_score ms_per_move
set terminal pngcairo size 900,560 font "sans,12"
set output out
set title heading
set ylabel "win share (a shared win split)"
set yrange [0:1.12]
if (!exists("nbots")) nbots = 3
set xrange [-0.6:nbots-0.4]
set grid ytics
set style fill solid 0.75 border -1
set boxwidth 0.55
set key below
set xtics nomirror
plot data using 0:3:xtic(2) with boxes lc rgb "#1f77b4" title "win share", \
     data using ($0-0.08):3:4:5 with yerrorbars lc rgb "black" pt 0 lw 2 title "95% bootstrap over deals", \
     data using ($0+0.08):3:6:7 with yerrorbars lc rgb "#888888" pt 0 lw 1.5 title "95% Wilson over games", \
     data using 0:($7+0.03):(sprintf("%.0f%%, mean %.0f pts, %.3g ms/move", 100*$3, $8, $9)) with labels font "sans,10" notitle, \
     fair with lines dashtype 2 lw 2 lc rgb "#d62728" title "fair share"
