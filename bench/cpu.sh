#!/usr/bin/env bash
# Server CPU per request and throughput of one page: bench/cpu.sh BINARY PAGE [ROUNDS]
# `rime serve --production --quiet bench/webroot`, wrk -t2 -c50: 2 s warm-up, then 5 s; the CPU
# is the server's utime + stime (/proc/PID/stat) over the 5 s, divided by the requests served.
# Run two binaries alternately (A B A B ...) to compare them on a noisy machine.
set -euo pipefail
cd "$(dirname "$0")/.."
b=$1; page=$2; rounds=${3:-1}; port=${PORT:-18700}
for _ in $(seq "$rounds"); do
  "$b" serve --production --quiet --port "$port" bench/webroot >/dev/null 2>&1 &
  p=$!
  sleep 0.5
  wrk -t2 -c50 -d2s "http://127.0.0.1:$port/$page" >/dev/null
  t0=$(awk '{print $14+$15}' /proc/$p/stat)
  out=$(wrk -t2 -c50 -d5s "http://127.0.0.1:$port/$page")
  t1=$(awk '{print $14+$15}' /proc/$p/stat)
  kill $p; wait $p 2>/dev/null || true
  n=$(echo "$out" | awk '/requests in/ {print $1}')
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  hz=$(getconf CLK_TCK)
  echo "$page $(basename "$b") $(( (t1 - t0) * 1000000 / hz / n )) us/req cpu, $rps req/s"
done
