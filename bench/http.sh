#!/usr/bin/env bash
# HTTP benchmarks: the ceiling (bench/ceiling), then `rime serve --production` on bench/webroot
# (hello, fortunes, service, tags) with wrk (keep-alive, c=1/10/50/100, 8 s after a warm-up) and
# ab (no keep-alive, c=10/100), start-up time and memory. Prints Markdown.
# Needs release builds of rime and rime-ceiling, wrk and ab (Debian: wrk, apache2-utils).
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=target/release/rime
CEILING=target/release/rime-ceiling
[ -x "$RIME" ] && [ -x "$CEILING" ] || cargo build --release -p rime -p rime-ceiling
DUR=${BENCH_SECONDS:-8}

wrk_row() { # url connections -> "rps|p50|p99|errors"
  local c=$2 t=$(( $2 < 2 ? 1 : 2 ))
  local out
  out=$(wrk -t$t -c$c -d${DUR}s --latency "$1")
  local rps p50 p99 errs
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  errs=$(echo "$out" | awk '/Non-2xx/ {n+=$NF} /Socket errors/ {gsub(",", ""); n+=$4+$6+$8+$10} END {print n+0}')
  echo "$rps|$p50|$p99|$errs"
}

wait_up() { for _ in $(seq 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.05; done; return 1; }

declare -A CEIL
port=18600
$CEILING $port 2 2>/dev/null &
cpid=$!
trap 'kill $cpid 2>/dev/null || true' EXIT
wait_up "http://127.0.0.1:$port/"
wrk -t2 -c50 -d2s "http://127.0.0.1:$port/" >/dev/null
echo "## The ceiling: Rime's HTTP stack with no CFML (bench/ceiling), hello.cfm's bytes"
echo
echo "| connections | requests/s | p50 | p99 |"
echo "|---|---|---|---|"
for c in 1 10 50 100; do
  IFS='|' read -r rps p50 p99 _ <<<"$(wrk_row "http://127.0.0.1:$port/" $c)"
  CEIL[$c]=$rps
  echo "| $c | $rps | $p50 | $p99 |"
done
kill $cpid; wait $cpid 2>/dev/null || true

port=18601
rm -rf bench/webroot/.rime
$RIME serve bench/webroot --port $port --production --quiet >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
wait_up "http://127.0.0.1:$port/hello.cfm"
for page in hello.cfm fortunes.cfm service.cfm tags.cfm; do
  wrk -t2 -c10 -d2s "http://127.0.0.1:$port/$page" >/dev/null
done
for page in hello.cfm fortunes.cfm service.cfm tags.cfm; do
  echo
  echo "## HTTP: $page (production, keep-alive, ${DUR} s runs after a warm-up)"
  echo
  if [ "$page" = hello.cfm ]; then
    echo "| connections | requests/s | % of ceiling | p50 | p99 | errors |"
    echo "|---|---|---|---|---|---|"
  else
    echo "| connections | requests/s | p50 | p99 | errors |"
    echo "|---|---|---|---|---|"
  fi
  for c in 1 10 50 100; do
    IFS='|' read -r rps p50 p99 errs <<<"$(wrk_row "http://127.0.0.1:$port/$page" $c)"
    if [ "$page" = hello.cfm ]; then
      pct=$(awk -v a="$rps" -v b="${CEIL[$c]}" 'BEGIN {printf "%.0f%%", 100 * a / b}')
      echo "| $c | $rps | $pct | $p50 | $p99 | $errs |"
    else
      echo "| $c | $rps | $p50 | $p99 | $errs |"
    fi
  done
done
if command -v ab >/dev/null; then
  echo
  echo "## HTTP without keep-alive (ab, 20,000 requests after a warm-up)"
  echo
  echo "| page | connections | requests/s | p50 | p99 | failed |"
  echo "|---|---|---|---|---|---|"
  for page in hello.cfm fortunes.cfm; do
    for c in 10 100; do
      out=$(ab -q -n 20000 -c $c "http://127.0.0.1:$port/$page" 2>&1)
      rps=$(echo "$out" | awk '/Requests per second/ {print $4}')
      p50=$(echo "$out" | awk '$1=="50%" {print $2}')
      p99=$(echo "$out" | awk '$1=="99%" {print $2}')
      failed=$(echo "$out" | awk '/Failed requests/ {print $3}')
      echo "| $page | $c | $rps | ${p50} ms | ${p99} ms | $failed |"
    done
  done
fi
hwm=$(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' /proc/$pid/status)
kill $pid; wait $pid 2>/dev/null || true
echo
echo "## Memory and start-up"
echo
echo "| measure | value |"
echo "|---|---|"
echo "| peak RSS of the server over all the runs above (c=100 included) | $hwm |"
python3 bench/startup.py $RIME bench/webroot 20
