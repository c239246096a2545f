#!/usr/bin/env bash
# hello.cfm against the ceiling, alternating: ROUNDS pairs of wrk runs (c=100, keep-alive,
# SECONDS each, after a warm-up), the ceiling first, then Rime, so both see the same machine
# load. Prints each pair's requests/s and ratio, the median ratio, and each server's CPU time per
# request (user and system, from /proc over all its runs). On a shared machine this says more
# than one run of bench/http.sh.
#   bench/ratio.sh [ROUNDS] [SECONDS]   (release builds; needs wrk)
# WORKERS=N runs both servers with N worker threads (default: one per core).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-5}
DUR=${2:-5}
RIME=${RIME:-target/release/rime}
CEILING=${CEILING:-target/release/rime-ceiling}
[ -x "$RIME" ] && [ -x "$CEILING" ] || cargo build --release -p rime -p rime-ceiling
work=$(mktemp -d)
cp -r bench/webroot "$work/webroot"
WORKERS=${WORKERS:-$(nproc)}
$CEILING 18631 "$WORKERS" >/dev/null 2>&1 &
cpid=$!
"$RIME" serve "$work/webroot" --port 18632 --production --quiet --workers "$WORKERS" >/dev/null 2>&1 &
rpid=$!
trap 'kill $cpid $rpid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:18632/hello.cfm && break; sleep 0.05; done
ceil=http://127.0.0.1:18631/
page=http://127.0.0.1:18632/hello.cfm
wrk -t2 -c50 -d2s $ceil >/dev/null
wrk -t2 -c50 -d2s $page >/dev/null

ticks() { awk '{print $14 + 0, $15 + 0}' "/proc/$1/stat"; }
run() { wrk -t2 -c100 -d"${DUR}"s "$1" | awk '/requests in/ {print $1}'; }
read -r cu0 cs0 < <(ticks $cpid)
read -r ru0 rs0 < <(ticks $rpid)
cn=0 rn=0 ratios=()
echo "| round | ceiling req/s | hello.cfm req/s | ratio |"
echo "|---|---|---|---|"
for i in $(seq "$ROUNDS"); do
  c=$(run $ceil)
  r=$(run $page)
  cn=$((cn + c)) rn=$((rn + r))
  ratio=$(awk -v r="$r" -v c="$c" 'BEGIN {printf "%.1f", 100 * r / c}')
  ratios+=("$ratio")
  awk -v i="$i" -v c="$c" -v r="$r" -v d="$DUR" -v q="$ratio" \
    'BEGIN {printf "| %d | %.0f | %.0f | %s%% |\n", i, c / d, r / d, q}'
done
read -r cu1 cs1 < <(ticks $cpid)
read -r ru1 rs1 < <(ticks $rpid)
echo
printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR] = $1} END {printf "median ratio: %s%%\n", a[int((NR + 1) / 2)]}'
hz=$(getconf CLK_TCK)
awk -v hz="$hz" -v n="$cn" -v u="$((cu1 - cu0))" -v s="$((cs1 - cs0))" \
  'BEGIN {printf "ceiling CPU per request: %.2f us user, %.2f us system\n", u / hz / n * 1e6, s / hz / n * 1e6}'
awk -v hz="$hz" -v n="$rn" -v u="$((ru1 - ru0))" -v s="$((rs1 - rs0))" \
  'BEGIN {printf "hello.cfm CPU per request: %.2f us user, %.2f us system\n", u / hz / n * 1e6, s / hz / n * 1e6}'
