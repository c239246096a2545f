#!/usr/bin/env bash
# The long soak (issue #9): wrk at c=100 for SECONDS (default 600) over a mixed webroot (pages,
# sessions, an error page, uploads, static files, a missing page, traversal attempts), sampling
# the server's RSS every 10 s. Prints the status counts and the RSS series as Markdown.
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=target/release/rime
[ -x "$RIME" ] || cargo build --release -p rime
SECONDS_TOTAL=${1:-600}
root=crates/rime-server/tests/webroot
port=18620
$RIME serve $root --port $port --production --quiet >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/hello.cfm" && break; sleep 0.05; done
samples=$(mktemp)
( while kill -0 $pid 2>/dev/null; do
    awk '/VmRSS/ {print $2}' /proc/$pid/status 2>/dev/null >> "$samples" || true
    sleep 10
  done ) &
sampler=$!
cfid=$(curl -si "http://127.0.0.1:$port/session.cfm" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: CFID=\([^;]*\).*/\1/p' | head -1)
out=$(wrk -t2 -c100 -d${SECONDS_TOTAL}s -s bench/soak.lua "http://127.0.0.1:$port/" -- "$cfid")
alive=$(kill -0 $pid 2>/dev/null && echo yes || echo NO)
kill $sampler 2>/dev/null || true
echo "## Soak: wrk -t2 -c100 -d${SECONDS_TOTAL}s -s bench/soak.lua ($(date -u +%F))"
echo
echo '```'
echo "$out" | grep -E "Requests/sec|requests in|Latency|status|socket errors"
echo '```'
echo
echo "Server still running after the run: $alive"
echo
# RSS after the first minute (warm-up), in MB: min, max and the spread.
tail -n +7 "$samples" | awk '{v=$1/1024; if (min=="" || v<min) min=v; if (v>max) max=v; n++}
  END {if (n) printf "RSS after warm-up (%d samples, every 10 s): min %.1f MB, max %.1f MB, spread %.1f%%\n", n, min, max, 100*(max-min)/min}'
echo
echo "RSS series (MB): $(awk '{printf "%.1f ", $1/1024}' "$samples")"
rm -f "$samples"
