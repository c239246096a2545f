#!/usr/bin/env bash
# Run Rime's benchmarks and print Markdown tables for docs/performance.md.
#   bench/run.sh            VM programs (Rime, Lua 5.4, Python 3) and HTTP (wrk on hello.cfm and
#                           service.cfm: components, accessors, an application-scoped service)
# Needs: a release build (cargo build --release -p rime), wrk and lua5.4 (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=target/release/rime
[ -x "$RIME" ] || cargo build --release -p rime

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() { # command... -> median wall milliseconds of 5 runs
  for _ in 1 2 3 4 5; do
    s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 ))
  done | median
}

echo "## VM (median of 5 runs, wall ms, whole process)"
echo
echo "| program | Rime | Lua 5.4 | Python 3 |"
echo "|---|---|---|---|"
lua=$(command -v lua5.4 || true)
echo "| fib(30) | $(time_ms $RIME run bench/vm/fib.cfm) | $([ -n "$lua" ] && time_ms $lua bench/vm/fib.lua || echo n/a) | $(time_ms python3 bench/vm/fib.py) |"
for p in loop strings structs; do
  echo "| $p | $(time_ms $RIME run bench/vm/$p.cfm) | | |"
done

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
