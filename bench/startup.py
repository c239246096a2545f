#!/usr/bin/env python3
"""Start-up and idle memory of `rime serve`: time from exec to the first successful response
(median of N tries) and the server's resident memory right after it starts and once it has
answered. Usage: bench/startup.py RIME_BINARY WEBROOT [TRIES]"""
import os, socket, statistics, subprocess, sys, time

def rss_kb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p

def get_ok(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"GET /hello.cfm HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return s.recv(12).startswith(b"HTTP/1.1 200")
    except OSError:
        return False

def main():
    rime, root = sys.argv[1], sys.argv[2]
    tries = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    times, idle_start, idle_served = [], [], []
    for _ in range(tries):
        port = free_port()
        t0 = time.perf_counter()
        p = subprocess.Popen([rime, "serve", root, "--port", str(port), "--production", "--quiet"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = t0 + 10
        while time.perf_counter() < deadline:
            if get_ok(port):
                break
            time.sleep(0.0005)
        times.append((time.perf_counter() - t0) * 1000)
        idle_served.append(rss_kb(p.pid))
        p.terminate()
        p.wait()
    # Memory right after start, before any request: listening, nothing compiled yet.
    port = free_port()
    p = subprocess.Popen([rime, "serve", root, "--port", str(port), "--production", "--quiet"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.001)
    time.sleep(1)
    idle_start = rss_kb(p.pid)
    p.terminate()
    p.wait()
    print(f"| first response after exec (median of {tries}) | {statistics.median(times):.1f} ms |")
    print(f"| idle RSS after start, no request yet | {idle_start / 1024:.1f} MB |")
    print(f"| idle RSS after the first response | {statistics.median(idle_served) / 1024:.1f} MB |")

main()
