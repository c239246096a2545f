#!/usr/bin/env bash
# Run Rime's benchmarks and print Markdown tables for docs/performance.md.
#   bench/run.sh [vm|http]  VM programs (bench/vm: Rime, Lua 5.4, Python 3) and HTTP (wrk on
#                           hello.cfm and service.cfm: components, accessors, an
#                           application-scoped service); both when no section is named
# Needs: a release build (cargo build --release -p rime; RIME=path picks another binary, e.g.
# target/bench-fast/rime), wrk and lua5.4 (Debian packages), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=${RIME:-target/release/rime}
[ -x "$RIME" ] || cargo build --release -p rime
section=${1:-all}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# command... -> "wall cpu" of one run in milliseconds (cpu = user + sys)
measure_once() {
  local t
  t=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 )
  awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}' <<<"$t"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
# The VM programs run in rounds (Rime, Lua, Python in turn): a slow spell of this shared machine
# then touches all three alike, and each ratio is the median of the rounds' own ratios.
ROUNDS=${ROUNDS:-9}
if [ "$section" = all ] || [ "$section" = vm ]; then
  lua=$(command -v lua5.4 || true)
  echo "## VM (median of $ROUNDS interleaved runs, ms, whole process: wall / CPU; ratios: median of the per-round CPU ratios)"
  echo
  echo "| program | Rime | Lua 5.4 | Python 3 | Rime/Lua (CPU) | Rime/Python (CPU) |"
  echo "|---|---|---|---|---|---|"
  for p in fib loop strings structs sort lists; do
    # The three programs must agree before their times mean anything.
    want=$("$RIME" run "bench/vm/$p.cfm")
    for other in ${lua:+"$lua bench/vm/$p.lua"} "python3 bench/vm/$p.py"; do
      got=$($other)
      [ "$got" = "$want" ] || echo "warning: $other printed [$got], Rime [$want]" >&2
    done
    rs=() ls=() ps=() rl=() rp=()
    for _ in $(seq "$ROUNDS"); do
      read -r rw rc < <(measure_once "$RIME" run "bench/vm/$p.cfm")
      if [ -n "$lua" ]; then read -r lw lc < <(measure_once "$lua" "bench/vm/$p.lua"); else lw=0 lc=0; fi
      read -r pw pc < <(measure_once python3 "bench/vm/$p.py")
      rs+=("$rw $rc") ls+=("$lw $lc") ps+=("$pw $pc")
      rl+=("$(ratio "$rc" "$lc")") rp+=("$(ratio "$rc" "$pc")")
    done
    med() { printf '%s\n' "$@" | awk '{print $1}' | median | tr -d '\n'; printf ' / '; printf '%s\n' "$@" | awk '{print $2}' | median; }
    lcol=$([ -n "$lua" ] && med "${ls[@]}" || echo n/a)
    echo "| $p | $(med "${rs[@]}") | $lcol | $(med "${ps[@]}") | $(printf '%s\n' "${rl[@]}" | median) | $(printf '%s\n' "${rp[@]}" | median) |"
  done
fi
[ "$section" = all ] || [ "$section" = http ] || exit 0

if command -v wrk >/dev/null; then
  port=18571
  $RIME serve bench/webroot --port $port --production --quiet >/dev/null 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null || true' EXIT
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/hello.cfm" && break; sleep 0.1; done
  wrk -t1 -c10 -d2s "http://127.0.0.1:$port/hello.cfm" >/dev/null
  wrk -t1 -c10 -d2s "http://127.0.0.1:$port/service.cfm" >/dev/null
  for page in hello.cfm service.cfm; do
    echo
    echo "## HTTP: $page (production, keep-alive, 8 s runs after a warm-up)"
    echo
    echo "| connections | requests/s | p50 | p99 |"
    echo "|---|---|---|---|"
    for c in 1 10 50 100; do
      t=$(( c < 2 ? 1 : 2 ))
      out=$(wrk -t$t -c$c -d8s --latency "http://127.0.0.1:$port/$page")
      rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
      p50=$(echo "$out" | awk '$1=="50%" {print $2}')
      p99=$(echo "$out" | awk '$1=="99%" {print $2}')
      echo "| $c | $rps | $p50 | $p99 |"
    done
  done
  rss=$(awk '/VmHWM/ {print $2 " " $3}' /proc/$pid/status)
  echo
  echo "Peak RSS of the server after the runs: $rss"
fi
