# Figures the benchmark scripts print; sourced, not run, and builds nothing.
#   median X…   the median of the numbers given
#   ratio A B   A / B to two decimals
median() { python3 -c 'import statistics, sys; print(statistics.median(map(float, sys.argv[1:])))' "$@"; }
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
