//! Scale-out end to end: a real `redis-server`, two `rime serve` processes sharing sessions
//! and the object cache through it, and nginx balancing round-robin over them.
//!
//! Needs `redis-server` and `nginx` (Debian packages; `.ci/run` installs them). Without them
//! the test says so and passes, except under CI (`CI` set), where it fails.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when the test ends, however it ends.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(0)
}

fn tool(name: &str) -> Option<PathBuf> {
    ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"]
        .iter()
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
}

/// One HTTP/1.1 GET on a fresh connection: (status, Set-Cookie CFID value, body).
fn get(
    port: u16,
    path: &str,
    cookie: Option<&str>,
) -> Result<(u16, Option<String>, String), String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(15)))
        .map_err(|e| e.to_string())?;
    let cookie = cookie.map_or(String::new(), |c| {
        format!("Cookie: CFID={c}; CFTOKEN=0\r\n")
    });
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\n{cookie}Connection: close\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no header end")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    let cfid = head
        .lines()
        .filter_map(|l| {
            l.strip_prefix("Set-Cookie: ")
                .or(l.strip_prefix("set-cookie: "))
        })
        .filter_map(|c| c.strip_prefix("CFID="))
        .map(|c| c.split(';').next().unwrap_or("").to_string())
        .next_back();
    // Chunked bodies: the test pages are small, one chunk; drop the framing lines.
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body.split("\r\n")
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, l)| l)
            .collect::<String>()
    } else {
        body.to_string()
    };
    Ok((status, cfid, body.trim().to_string()))
}

fn wait_until(what: &str, mut ok: impl FnMut() -> bool) -> Result<(), String> {
    let end = Instant::now() + Duration::from_secs(20);
    while Instant::now() < end {
        if ok() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(format!("{what} did not come up"))
}

fn start_redis(bin: &Path, port: u16, dir: &Path) -> Result<Proc, String> {
    let child = Command::new(bin)
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
        ])
        // Append-only with a sync per write: a restarted Redis has every session back.
        .args(["--appendonly", "yes", "--appendfsync", "always"])
        .arg("--dir")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("redis-server: {e}"))?;
    let p = Proc(child);
    wait_until("redis", || {
        TcpStream::connect(("127.0.0.1", port))
            .and_then(|mut s| {
                s.write_all(b"PING\r\n")?;
                let mut b = [0u8; 7];
                s.read_exact(&mut b)?;
                Ok(&b == b"+PONG\r\n")
            })
            .unwrap_or(false)
    })?;
    Ok(p)
}

fn start_rime(name: &str, port: u16, redis_port: u16) -> Result<Proc, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cluster-webroot");
    let child = Command::new(env!("CARGO_BIN_EXE_rime"))
        .arg("serve")
        .arg(&root)
        .args(["--port", &port.to_string(), "--quiet"])
        .env("RIME_INSTANCE", name)
        .env("RIME_TEST_REDIS_PORT", redis_port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("rime serve: {e}"))?;
    let p = Proc(child);
    wait_until(name, || TcpStream::connect(("127.0.0.1", port)).is_ok())?;
    Ok(p)
}

fn start_nginx(bin: &Path, port: u16, upstreams: &[u16], dir: &Path) -> Result<Proc, String> {
    let servers: String = upstreams
        .iter()
        .map(|p| format!("    server 127.0.0.1:{p} max_fails=1 fail_timeout=30s;\n"))
        .collect();
    let conf = format!(
        "daemon off;\nworker_processes 1;\npid {dir}/nginx.pid;\nerror_log {dir}/error.log;\n\
         events {{ worker_connections 64; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {dir}/body;\n\
           proxy_temp_path {dir}/proxy;\n  fastcgi_temp_path {dir}/fcgi;\n\
           uwsgi_temp_path {dir}/uwsgi;\n  scgi_temp_path {dir}/scgi;\n\
           upstream rime {{\n{servers}    keepalive 8;\n  }}\n\
           server {{\n    listen 127.0.0.1:{port};\n    location / {{\n\
               proxy_pass http://rime;\n      proxy_http_version 1.1;\n\
               proxy_set_header Connection \"\";\n      proxy_set_header Host $host;\n\
               proxy_next_upstream error timeout;\n    }}\n  }}\n}}\n",
        dir = dir.display()
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).map_err(|e| e.to_string())?;
    let child = Command::new(bin)
        .arg("-c")
        .arg(&path)
        .arg("-p")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("nginx: {e}"))?;
    let p = Proc(child);
    wait_until("nginx", || TcpStream::connect(("127.0.0.1", port)).is_ok())?;
    Ok(p)
}

#[test]
fn two_instances_share_sessions_and_caches_through_redis() -> Result<(), String> {
    let (Some(redis), Some(nginx)) = (tool("redis-server"), tool("nginx")) else {
        if std::env::var_os("CI").is_some() {
            return Err("redis-server and nginx are required under CI".into());
        }
        eprintln!("skipped: redis-server or nginx is not installed");
        return Ok(());
    };
    let dir = std::env::temp_dir().join(format!("rime-cluster-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let (rp, pa, pb, pn) = (free_port(), free_port(), free_port(), free_port());
    let mut redis_proc = Some(start_redis(&redis, rp, &dir)?);
    let a = start_rime("A", pa, rp)?;
    let _b = start_rime("B", pb, rp)?;
    let _nginx = start_nginx(&nginx, pn, &[pa, pb], &dir)?;

    // A session begun through the balancer is seen, whole, by both instances.
    let (status, cfid, body) = get(pn, "/set.cfm?v=hello", None)?;
    assert_eq!(status, 200, "{body}");
    let cfid = cfid.ok_or("no session cookie")?;
    let mut seen = BTreeSet::new();
    for _ in 0..6 {
        let (status, _, body) = get(pn, "/get.cfm", Some(&cfid))?;
        assert_eq!(status, 200, "{body}");
        let parts: Vec<&str> = body.split('|').collect();
        assert_eq!(
            &parts[1..],
            &[
                "hello",
                r#"[1,"two",{"THREE":3}]"#,
                "2024-02-29",
                "1",
                parts[5]
            ],
            "{body}"
        );
        seen.insert(parts[0].to_string());
    }
    assert_eq!(
        seen.len(),
        2,
        "round-robin reached both instances: {seen:?}"
    );
    // onSessionStart ran once, on the instance that created the session.
    let (_, _, body) = get(pa, "/get.cfm", Some(&cfid))?;
    assert!(body.ends_with("|1|A") || body.ends_with("|1|B"), "{body}");

    // The object cache is shared: put through A, read through B.
    let (_, _, body) = get(pa, "/cache.cfm?put=hi", None)?;
    assert_eq!(body, "A|hi@2025-01-02|true|GREETING");
    let (_, _, body) = get(pb, "/cache.cfm", None)?;
    assert_eq!(body, "B|hi@2025-01-02|true|GREETING");
    let (_, _, body) = get(pb, "/closure.cfm", None)?;
    assert!(body.contains("is a function"), "{body}");
    // The cache functions' semantics hold over Redis.
    let (_, _, body) = get(pa, "/functions.cfm", None)?;
    assert_eq!(
        body,
        "4 | true | true | IDLE,KEEP_A,KEEP_B,SHORT | KEEP_A,KEEP_B | 1000/0 | 2 | short gone | 2 \
         | idle gone | 2 | delete: can not remove the element with the following id [nothing] | 0"
    );
    // A session holding a closure can't be stored: a clear error, not lost data.
    let (status, _, body) = get(pb, "/badsession.cfm", Some(&cfid))?;
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("is a function"), "{body}");
    let (_, _, body) = get(pa, "/get.cfm", Some(&cfid))?;
    assert!(
        body.starts_with("A|hello|"),
        "the failed write changed nothing: {body}"
    );

    // `cachedWithin` results are shared: B gets the rows A's query produced.
    let (_, _, first) = get(pa, "/query.cfm", None)?;
    let (_, _, second) = get(pb, "/query.cfm", None)?;
    let (f, s): (Vec<&str>, Vec<&str>) = (first.split('|').collect(), second.split('|').collect());
    assert_eq!((f[0], f[2], f[3]), ("A", "x", "false"), "{first}");
    assert_eq!((s[0], s[1], s[3]), ("B", f[1], "true"), "{second}");

    // Stopping one instance loses no session: nginx sends everything to the other.
    drop(a);
    for _ in 0..4 {
        let (status, _, body) = get(pn, "/get.cfm", Some(&cfid))?;
        assert_eq!(status, 200, "{body}");
        assert!(body.starts_with("B|hello|"), "{body}");
    }

    // Redis down: a clear error for the request; back up: served again, same session.
    drop(redis_proc.take());
    let (status, _, body) = get(pb, "/get.cfm", Some(&cfid))?;
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("Redis server at 127.0.0.1"), "{body}");
    // An application that allows it keeps sessions in the instance meanwhile.
    let (status, local, body) = get(pb, "/fallback/index.cfm", None)?;
    assert_eq!((status, body.as_str()), (200, "n=1"), "{body}");
    let (_, _, body) = get(pb, "/fallback/index.cfm", local.as_deref())?;
    assert_eq!(body, "n=2");
    redis_proc = Some(start_redis(&redis, rp, &dir)?);
    let (status, _, body) = get(pb, "/get.cfm", Some(&cfid))?;
    assert_eq!(status, 200, "{body}");
    assert!(body.starts_with("B|hello|"), "{body}");

    // Rotation moves the data to a new id; the old one stops working. Invalidation ends it.
    let (_, new_id, _) = get(pb, "/rotate.cfm", Some(&cfid))?;
    let new_id = new_id.ok_or("no rotated cookie")?;
    assert_ne!(new_id, cfid);
    let (_, _, body) = get(pn, "/get.cfm", Some(&new_id))?;
    assert!(body.starts_with("B|hello|"), "{body}");
    let (_, fresh, body) = get(pb, "/get.cfm", Some(&cfid))?;
    assert!(fresh.is_some() && body.starts_with("B|none|"), "{body}");
    get(pb, "/invalidate.cfm", Some(&new_id))?;
    let (_, _, body) = get(pb, "/get.cfm", Some(&new_id))?;
    assert!(body.starts_with("B|none|"), "{body}");

    drop(redis_proc);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
