#!/usr/bin/env bash
# User-space instructions per HTTP request (valgrind's callgrind): the server runs under
# callgrind with one worker, ab sends N keep-alive requests one at a time, and the difference
# between a 1,000- and a 3,000-request run, halved per 1,000, is the cost of one request with
# start-up cancelled out. Repeatable to a few instructions even while other work runs.
#   bench/icount_http.sh [RIME_BINARY] [PAGE...]   (default: target/bench-fast/rime, hello.cfm)
# Build the binary with `cargo build --profile bench-fast -p rime`. Needs valgrind and ab.
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=$(realpath "${1:-target/bench-fast/rime}")
shift || true
pages=("$@")
[ ${#pages[@]} -gt 0 ] || pages=(hello.cfm)
port=18790
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r bench/webroot "$work/webroot"

total() { # requests page -> instructions of a whole server run
  rm -rf "$work/webroot/.rime"
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1" \
    "$RIME" serve "$work/webroot" --port $port --production --quiet --workers 1 \
    >/dev/null 2>"$work/vg.log" &
  local pid=$!
  for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:$port/$2" && break; sleep 0.1; done
  ab -q -k -n "$1" -c 1 "http://127.0.0.1:$port/$2" >/dev/null 2>&1
  kill -INT $pid; wait $pid 2>/dev/null || true
  awk '/^(summary|totals):/ {print $2; exit}' "$work/cg.$1"
}

for page in "${pages[@]}"; do
  a=$(total 1000 "$page")
  b=$(total 3000 "$page")
  echo "$page $(( (b - a) / 2000 ))"
done
