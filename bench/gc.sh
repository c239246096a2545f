#!/usr/bin/env bash
# Reference cycles under load (issue #23): each page of bench/gc/ builds garbage cycles on every
# request (a parent with 200 children pointing back, a struct in itself, two structs that point
# at each other, a 10,000-node tree with parent links). For each page: warm up with WARM
# requests, then run at least N more while sampling the server's RSS every second; fails when
# the highest RSS of the run's last third is more than 10% above that of its first third (RSS
# saws as garbage is collected and the allocator returns memory: the peaks must not climb).
#   bench/gc.sh [N] [WARM]   (defaults 100000 and 5000; RIME=binary, default target/release/rime;
#   PAGES="tree.cfm" for some of them: the tree page serves ~75 requests a second)
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=${RIME:-target/release/rime}
[ -x "$RIME" ] || cargo build --release -p rime
N=${1:-100000}
WARM=${2:-5000}
port=18640
$RIME serve bench/gc --port $port --production --quiet >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/self.cfm" && break; sleep 0.05; done
rss() { awk '/VmRSS/ {print $2}' /proc/$pid/status; }
# At least COUNT requests of PAGE: wrk (two threads, eight connections) in 5-second runs.
run() {
  local page=$1 count=$2 done=0 n
  while [ "$done" -lt "$count" ]; do
    n=$(wrk -t2 -c8 -d5s "http://127.0.0.1:$port/$page" | awk '/requests in/ {print $1}')
    done=$((done + n))
  done
  echo "$done"
}
fail=0
for page in ${PAGES:-nodes.cfm self.cfm pair.cfm tree.cfm}; do
  body=$(curl -s "http://127.0.0.1:$port/$page")
  run "$page" "$WARM" >/dev/null
  samples=$(mktemp)
  ( while kill -0 $pid 2>/dev/null; do rss >> "$samples"; sleep 1; done ) &
  sampler=$!
  start=$(date +%s)
  made=$(run "$page" "$N")
  secs=$(( $(date +%s) - start ))
  kill $sampler 2>/dev/null || true
  wait $sampler 2>/dev/null || true
  read -r before after < <(awk '{v[NR]=$1} END {t=int(NR/3); if (t<1) t=1;
    for (i=1;i<=t;i++) if (v[i]>a) a=v[i]; for (i=NR-t+1;i<=NR;i++) if (v[i]>b) b=v[i]; print a, b}' "$samples")
  rm -f "$samples"
  growth=$(awk -v a="$before" -v b="$after" 'BEGIN {printf "%.1f", 100 * (b - a) / a}')
  verdict=ok
  awk -v a="$before" -v b="$after" 'BEGIN {exit !(b > a * 1.10)}' && { verdict=FAIL; fail=1; }
  printf '%-10s body %-6s after %d warm-up requests, %d more in %ds: peak RSS %.1f MB in the first third, %.1f MB in the last (%+.1f%%) %s\n' \
    "$page" "$body" "$WARM" "$made" "$secs" "$(awk -v k="$before" 'BEGIN {print k / 1024}')" \
    "$(awk -v k="$after" 'BEGIN {print k / 1024}')" "$growth" "$verdict"
done
exit $fail
