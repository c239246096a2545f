#!/usr/bin/env bash
# Rime behind nginx (upstream keep-alive pool): once over TCP loopback, once over a Unix socket
# (`rime serve --socket`). wrk drives nginx at c=50 for 8 s on hello.cfm. Prints Markdown.
# Needs release rime, nginx and wrk (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/.."
RIME=target/release/rime
[ -x "$RIME" ] || cargo build --release -p rime
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
DUR=${BENCH_SECONDS:-8}
dir=$(mktemp -d)
sock=$dir/rime.sock
$RIME serve bench/webroot --port 18610 --production --quiet >/dev/null 2>&1 &
tcp=$!
$RIME serve bench/webroot --socket "$sock" --production --quiet >/dev/null 2>&1 &
uds=$!
cat > "$dir/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/body; proxy_temp_path $dir/proxy; fastcgi_temp_path $dir/fcgi;
  uwsgi_temp_path $dir/uwsgi; scgi_temp_path $dir/scgi;
  upstream tcp { server 127.0.0.1:18610; keepalive 64; }
  upstream uds { server unix:$sock; keepalive 64; }
  server {
    listen 127.0.0.1:18611;
    location / { proxy_pass http://tcp; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
  server {
    listen 127.0.0.1:18612;
    location / { proxy_pass http://uds; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
CONF
$NGINX -c "$dir/nginx.conf" -p "$dir" &
ngx=$!
trap 'kill $tcp $uds $ngx 2>/dev/null || true; rm -rf "$dir"' EXIT
for port in 18611 18612; do
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/hello.cfm" && break; sleep 0.05; done
  wrk -t2 -c50 -d2s "http://127.0.0.1:$port/hello.cfm" >/dev/null
done
echo "## Behind nginx (hello.cfm, c=50, keep-alive to nginx and from nginx to Rime)"
echo
echo "| nginx → Rime over | requests/s | p50 | p99 |"
echo "|---|---|---|---|"
for pair in "TCP loopback:18611" "Unix socket:18612"; do
  name=${pair%%:*}; port=${pair##*:}
  out=$(wrk -t2 -c50 -d${DUR}s --latency "http://127.0.0.1:$port/hello.cfm")
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  echo "| $name | $rps | $p50 | $p99 |"
done
