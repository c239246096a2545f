#!/usr/bin/env bash
# The whole suite in one command: builds release binaries, runs the VM programs (run.sh vm),
# the HTTP suite (http.sh: ceiling, four pages, ab, memory, start-up) and nginx over TCP and a
# Unix socket (nginx.sh), then rewrites the "Latest run" block of docs/performance.md (between
# its `bench:start` and `bench:end` markers) with the tables, the date and the commit.
#   bench/all.sh            everything (about 15 minutes on the 2-core machine)
#   BENCH_SECONDS=3 ...     shorter HTTP runs
# Needs wrk, ab, nginx, lua5.4 (Debian packages) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p rime -p rime-ceiling
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bash bench/run.sh vm >"$out/vm.md"
bash bench/http.sh >"$out/http.md"
bash bench/nginx.sh >"$out/nginx.md"
commit=$(git rev-parse --short HEAD)
python3 - "$out" "$commit" <<'PY'
import datetime, pathlib, re, sys
out, commit = pathlib.Path(sys.argv[1]), sys.argv[2]
# The scripts' level-2 headings become level-3 ones inside the block.
tables = "\n\n".join(
    re.sub(r"^## ", "### ", (out / f).read_text().strip(), flags=re.M)
    for f in ("vm.md", "http.md", "nginx.md")
)
block = (
    "<!-- bench:start -->\n## Latest run\n\n"
    f"`bash bench/all.sh` on {datetime.date.today()}, commit {commit}, release build.\n\n"
    f"{tables}\n<!-- bench:end -->"
)
doc = pathlib.Path("docs/performance.md")
text = doc.read_text()
new, n = re.subn(r"<!-- bench:start -->.*?<!-- bench:end -->", lambda _: block, text, flags=re.S)
if n == 0:
    raise SystemExit("docs/performance.md has no bench:start/bench:end markers")
doc.write_text(new)
print(f"docs/performance.md: Latest run rewritten ({commit})")
PY
