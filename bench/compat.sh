#!/usr/bin/env bash
# bench/compat.sh DIR [SUITE...]: run the public CFML frameworks' own suites on Rime, unchanged.
#
# DIR holds the checkouts (never committed here; fetch them from GitHub):
#   TestBox (Ortus-Solutions/TestBox), globber (Ortus-Solutions/globber), cbstreams and cbMockData
#   (coldbox-modules/…), coldbox-platform (ColdBox/coldbox-platform), cbproxies
#   (coldbox-modules/cbproxies), fw1 (framework-one/fw1).
# The modules are copied where `box install` would put them (TestBox/system/modules/NAME,
# coldbox-platform/system/async/cbproxies, a copy of TestBox as coldbox-platform/testbox and
# fw1/testbox), nothing else in the checkouts is touched. ColdBox's suites get a throwaway
# MariaDB (Debian's mariadb-server) holding its `coolblog` database.
#
# Prints one line per suite (SUITE picks some: testbox, coldbox-specs, coldbox-harness,
# fw1-specs, fw1-pages):
#   testbox: P/N specs          TestBox's tests/specs, bundle by bundle, its JSON reporter
#   coldbox-specs: P/N          ColdBox's tests/specs through its tests/runner.cfm
#   coldbox-harness: P/N pages  ColdBox's test-harness events that render (any status)
#   fw1-specs: P/N              FW/1's tests/ through its tests/runner.cfm (TestBox, mxunit compat)
#   fw1-pages: P/N              every FW/1 example application and view, with curl
# P counts passing specs (or pages that answer 200 with a body and no error page, or redirect),
# N every spec that is
# not skipped; a bundle whose run fails as a whole counts its specs (`it(`, `test…()`) as failed.
# RIME (default target/release/rime), VERBOSE=1 prints each bundle's and page's result.
set -uo pipefail
dir=$(cd "${1:?usage: bench/compat.sh DIR [SUITE...]}" && pwd)
shift
suites=${*:-testbox coldbox-specs coldbox-harness fw1-specs fw1-pages}
here=$(cd "$(dirname "$0")/.." && pwd)
rime=${RIME:-$here/target/release/rime}
[ -x "$rime" ] || { echo "compat: no rime binary at $rime (cargo build --release -p rime)"; exit 2; }
verbose=${VERBOSE:-0}

# Put the dependencies where `box install` would.
place() { # SRC DEST: copy a checkout into place unless it is there
  [ -d "$dir/$1" ] || return 0
  [ -e "$2" ] && return 0
  mkdir -p "$(dirname "$2")" && cp -r "$dir/$1" "$2"
}
for m in globber cbstreams cbMockData; do place "$m" "$dir/TestBox/system/modules/$m"; done
place cbproxies "$dir/coldbox-platform/system/async/cbproxies"
place TestBox "$dir/coldbox-platform/testbox"
place TestBox "$dir/fw1/testbox"

pid=
dbpid=
dbdir=
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=; }
stop_db() {
  [ -n "$dbpid" ] && kill "$dbpid" 2>/dev/null && wait "$dbpid" 2>/dev/null
  dbpid=
  [ -n "$dbdir" ] && rm -rf "$dbdir"
  dbdir=
}
trap 'stop; stop_db' EXIT

# ColdBox's suites need its MySQL database `coolblog` (tests/resources/coolblog.sql), reached
# through the `${DB_*}` variables of its `.cfconfig.json`: a throwaway MariaDB on a free port.
coolblog() {
  [ -n "$dbpid" ] && return 0
  local daemon install client
  daemon=$(command -v mariadbd || echo /usr/sbin/mariadbd)
  install=$(command -v mariadb-install-db || command -v mysql_install_db)
  client=$(command -v mariadb || command -v mysql)
  if [ ! -x "$daemon" ] || [ -z "$install" ] || [ -z "$client" ]; then
    echo "compat: MariaDB is not installed (apt-get install mariadb-server); ColdBox's database specs will fail" >&2
    return 0
  fi
  dbdir=$(mktemp -d /tmp/rime-compat-db.XXXXXX)
  "$install" --no-defaults --datadir="$dbdir/data" --user=root \
    --auth-root-authentication-method=normal --skip-test-db >"$dbdir/install.log" 2>&1 || {
    echo "compat: mariadb-install-db failed (see $dbdir/install.log)" >&2; return 0; }
  printf '%s\n' "CREATE DATABASE coolblog;" "CREATE USER 'coldbox'@'%' IDENTIFIED BY 'mysql';" \
    "GRANT ALL ON *.* TO 'coldbox'@'%';" >"$dbdir/init.sql"
  local port=$((40000 + RANDOM % 20000))
  "$daemon" --no-defaults --datadir="$dbdir/data" --socket="$dbdir/sock" --port="$port" \
    --bind-address=127.0.0.1 --user=root --init-file="$dbdir/init.sql" --skip-log-bin \
    --innodb-flush-log-at-trx-commit=0 --log-error="$dbdir/err.log" --pid-file="$dbdir/pid" &>/dev/null &
  dbpid=$!
  for _ in $(seq 100); do grep -q "ready for connections" "$dbdir/err.log" 2>/dev/null && break; sleep 0.1; done
  "$client" -h127.0.0.1 -P"$port" -ucoldbox -pmysql coolblog \
    <"$dir/coldbox-platform/tests/resources/coolblog.sql" || echo "compat: loading coolblog.sql failed" >&2
  export DB_HOST=127.0.0.1 DB_PORT=$port DB_USER=coldbox DB_PASSWORD=mysql DB_CLASS=com.mysql.cj.jdbc.Driver
}
serve() { # WEBROOT: start rime serve on a free port, set $base
  stop
  local port=$((20000 + RANDOM % 20000))
  "$rime" serve --quiet --port "$port" "$1" >/tmp/rime-compat-$port.log 2>&1 &
  pid=$!
  base="http://127.0.0.1:$port"
  for _ in $(seq 50); do curl -s -o /dev/null "$base/" && return 0; sleep 0.1; done
  echo "compat: rime serve did not start on $1" >&2
  return 1
}

# Static count of a bundle's specs, for a bundle that cannot run at all.
static_specs() {
  grep -cE '(^|[^a-zA-Z])(it|xit|fit)\s*\(|function\s+test[a-zA-Z0-9_]*\s*\(' "$1" || true
}

# BUNDLE_URL_PREFIX FILE...: run each bundle through a TestBox runner's JSON reporter; prints P N
run_bundles() {
  local runner=$1 root=$2
  shift 2
  local p=0 n=0 file bundle json counts
  for file in "$@"; do
    bundle=${file#"$root"/}
    bundle=${bundle%.cfc}
    bundle=${bundle//\//.}
    json=$(curl -s -m 300 "$base/$runner?reporter=json&directory=&bundles=$bundle")
    counts=$(printf '%s' "$json" | python3 -c '
import json, sys
try:
    r = json.loads(sys.stdin.read())
    print(r["totalPass"], r["totalSpecs"] - r["totalSkipped"])
except Exception:
    print("x")
' 2>/dev/null)
    if [ "$counts" = x ] || [ -z "$counts" ]; then
      local s
      s=$(static_specs "$file")
      n=$((n + s))
      [ "$verbose" = 1 ] && echo "  $bundle: failed to run ($s specs) $(printf '%s' "$json" | sed -e 's/<[^>]*>//g' | tr -s ' \n' ' ' | head -c 200)" >&2
    else
      p=$((p + ${counts% *}))
      n=$((n + ${counts#* }))
      [ "$verbose" = 1 ] && echo "  $bundle: ${counts% *}/${counts#* }" >&2
    fi
  done
  echo "$p $n"
}

# A test bundle: a component that extends a TestBox spec or test case, directly or through a
# base of the suite's own (`tests.InjectableTest`, ColdBox's `BaseModelTest`...).
# Bundles under DIR (sorted), for run_bundles.
bundles_in() { find "$1" -name '*.cfc' | sort | while read -r f; do is_bundle "$f" && echo "$f"; done; }

# URL paths on stdin, fetched from $base; prints P N. A page renders when it answers 200 with a
# body and no error page, or redirects (3xx), as an application sends a visitor to its login page.
# With ANY_STATUS=1 (ColdBox's harness, whose REST and error-handling events answer 4xx and 5xx
# by design: `photos.create` is POST-only, `restfulHandler.EntityNotFound` a 404 with a JSON
# body), the status is the application's: the page renders when its body is neither Rime's error
# page nor ColdBox's exception report.
check_pages() {
  local p=0 n=0 url out code body ok
  while read -r url; do
    n=$((n + 1))
    out=$(curl -s -m 60 -w '\n%{http_code}' "$base/$url")
    code=${out##*$'\n'}
    body=${out%$'\n'*}
    ok=0
    if [ -n "$(tr -d ' \t\r\n' <<<"$body")" ] && ! grep -q 'rime-error' <<<"$body"; then
      if [ "${ANY_STATUS:-0}" = 1 ]; then
        grep -q 'ColdBox Exception Report' <<<"$body" || ok=1
      elif [ "$code" = 200 ]; then
        ok=1
      fi
    fi
    if [ "$ok" = 1 ] || [ "${code#3}" != "$code" ]; then
      p=$((p + 1)); [ "$verbose" = 1 ] && echo "  ok $url" >&2
    else
      [ "$verbose" = 1 ] && echo "  FAIL $url ($code) $(sed -e 's/<[^>]*>//g' <<<"$body" | tr -s ' \n' ' ' | head -c 160)" >&2
    fi
  done
  echo "$p $n"
}

is_bundle() { grep -qiE "extends\s*=\s*[\"']?[A-Za-z0-9_.]*(BaseSpec|TestCase|Test|Tests)[\"' {]" "$1"; }

for suite in $suites; do
  case $suite in
  testbox)
    serve "$dir/TestBox" || continue
    mapfile -t files < <(bundles_in "$dir/TestBox/tests/specs")
    read -r p n < <(run_bundles tests/runner.cfm "$dir/TestBox" "${files[@]}")
    echo "testbox: $p/$n specs"
    ;;
  coldbox-specs)
    coolblog
    serve "$dir/coldbox-platform" || continue
    mapfile -t files < <(bundles_in "$dir/coldbox-platform/tests/specs")
    read -r p n < <(run_bundles tests/runner.cfm "$dir/coldbox-platform" "${files[@]}")
    echo "coldbox-specs: $p/$n"
    ;;
  coldbox-harness)
    coolblog
    # Served from the repository root, as ColdBox's own server-*.json do (the harness's
    # COLDBOX_WEB_MAPPING is `test-harness`).
    serve "$dir/coldbox-platform" || continue
    # Every handler action of the harness, as ColdBox routes them (index.cfm?event=handler.action).
    read -r p n < <(cd "$dir/coldbox-platform/test-harness/handlers" && for f in *.cfc; do
      h=${f%.cfc}
      grep -oiE '^\s*(public\s+)?(any\s+|void\s+|string\s+|struct\s+|function\s+)?function\s+[a-zA-Z0-9_]+\s*\(\s*event' "$f" |
        sed -E 's/.*function\s+([a-zA-Z0-9_]+).*/\1/' | grep -viE '^(pre|post|around|on)[A-Z]' | sed "s/^/test-harness\/index.cfm?event=$h./"
    done | sort -u | ANY_STATUS=1 check_pages)
    echo "coldbox-harness: $p/$n pages"
    ;;
  fw1-specs)
    serve "$dir/fw1" || continue
    mapfile -t files < <(bundles_in "$dir/fw1/tests")
    read -r p n < <(run_bundles tests/runner.cfm "$dir/fw1" "${files[@]}")
    echo "fw1-specs: $p/$n"
    ;;
  fw1-pages)
    serve "$dir/fw1" || continue
    read -r p n < <(cd "$dir/fw1" && {
      # Each application's home page, then each of its views by action (section.item).
      for idx in $(find examples introduction -name index.cfm -not -path '*/views/*' | sort) index.cfm; do
        app=$(dirname "$idx")
        echo "${idx}"
        [ -d "$app/views" ] || continue
        find "$app/views" -mindepth 2 -maxdepth 2 -name '*.cfm' | sort | while read -r v; do
          s=$(basename "$(dirname "$v")"); i=$(basename "$v" .cfm)
          echo "$idx?action=$s.$i"
        done
      done
      # The introduction's views belong to the root application (fw1/index.cfm).
      find introduction/views -mindepth 2 -maxdepth 2 -name '*.cfm' | sort | while read -r v; do
        echo "index.cfm?action=$(basename "$(dirname "$v")").$(basename "$v" .cfm)"
      done
    } | sed 's#^\./##' | sort -u | check_pages)
    echo "fw1-pages: $p/$n"
    ;;
  *) echo "compat: unknown suite $suite" >&2 ;;
  esac
done
