#!/usr/bin/env bash
# Instructions executed by each VM benchmark (valgrind's callgrind: repeatable to a fraction of a
# percent even while other work runs, unlike wall time).
#   bench/icount.sh [RIME_BINARY] [PROGRAM...]   (default: target/bench-fast/rime, every program)
# Build the binary with `cargo build --profile bench-fast -p rime`. Prints `program instructions`.
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=${1:-target/bench-fast/rime}
shift || true
progs=("$@")
[ ${#progs[@]} -gt 0 ] || progs=(fib loop strings structs sort lists)
for p in "${progs[@]}"; do
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$RIME" run "bench/vm/$p.cfm" 2>&1 >/dev/null)
  echo "$p $(echo "$out" | awk '/Collected :/ {print $4}')"
done
