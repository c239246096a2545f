#!/usr/bin/env bash
# Busy pages must not stall the server (#24): with 2 x cores pages spinning in a loop (until their
# 8 s request timeout) and 16 pages in sleep(2000), a client fetching a static file and
# hello.cfm (wrk, one connection each, 5 s) should see every request answered and p99 under
# 20 ms. Prints the latency of each, the spinning/sleeping pages' statuses and the server's
# thread count. Usage: bench/busy.sh [RIME] (default target/release/rime); extra serve flags in
# SERVE_FLAGS.
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=${1:-target/release/rime}
PORT=${PORT:-18650}
CORES=$(nproc)
SPIN=$((2 * CORES))
$RIME serve --production --quiet --port "$PORT" ${SERVE_FLAGS:-} bench/busy &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/static.txt" && break; sleep 0.05; done
curl -s -o /dev/null "http://127.0.0.1:$PORT/hello.cfm"
tmp=$(mktemp -d)
busy=()
for i in $(seq $SPIN); do
  curl -s -o /dev/null -w "%{http_code}\n" --max-time 30 "http://127.0.0.1:$PORT/spin.cfm" >"$tmp/spin$i" &
  busy+=($!)
done
for i in $(seq 16); do
  curl -s -o /dev/null -w "%{http_code} %{time_total}\n" --max-time 30 "http://127.0.0.1:$PORT/sleep.cfm" >"$tmp/sleep$i" &
  busy+=($!)
done
sleep 0.5
row() { # name url
  local out
  out=$(wrk -t1 -c1 -d5s --latency "$2")
  printf '| %s | %s | %s | %s | %s |\n' "$1" \
    "$(echo "$out" | awk '/requests in/ {print $1}')" \
    "$(echo "$out" | awk '$1=="50%" {print $2}')" \
    "$(echo "$out" | awk '$1=="99%" {print $2}')" \
    "$(echo "$out" | awk '/Non-2xx/ {n+=$NF} /Socket errors/ {gsub(",", ""); n+=$4+$6+$8+$10} END {print n+0}')"
}
echo "| while $SPIN pages spin and 16 sleep | requests | p50 | p99 | errors |"
echo "|---|---|---|---|---|"
row "static.txt" "http://127.0.0.1:$PORT/static.txt" >"$tmp/row1" &
r1=$!
row "hello.cfm" "http://127.0.0.1:$PORT/hello.cfm" >"$tmp/row2" &
r2=$!
sleep 2
threads=$(ls /proc/$pid/task | wc -l)
wait $r1 $r2
cat "$tmp/row1" "$tmp/row2"
echo
echo "threads of the server while busy: $threads"
wait "${busy[@]}" || true
echo "spinning pages: $(cat "$tmp"/spin* | sort | uniq -c | tr '\n' ' ')"
echo "sleeping pages (status, seconds): $(cat "$tmp"/sleep* | sort | awk '{print $1, $2}' | tr '\n' ';')"
rm -rf "$tmp"
