//! A throwaway PostgreSQL server for integration tests: started from the Debian binaries
//! (`/usr/lib/postgresql/*/bin`) on a temporary data directory and a free port, as the
//! `postgres` system user when running as root, and stopped and deleted on drop. Shared by
//! `rime-db`'s PostgreSQL test and the engine's `cfstoredproc` test (`#[path]`-included), so it
//! needs nothing but std.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// A free TCP port on the loopback interface.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(54329)
}

/// A server this test started; stopped and deleted on drop.
pub struct PgServer {
    pub base: PathBuf,
    bin: PathBuf,
    user: Option<String>,
    pub port: u16,
}

impl PgServer {
    fn cmd(&self, prog: &str) -> Command {
        cmd_as(self.user.as_deref(), &self.bin.join(prog))
    }
    fn data(&self) -> PathBuf {
        self.base.join("data")
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        let _ = self
            .cmd("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .args(["-m", "immediate", "-w", "-t", "20", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

fn cmd_as(user: Option<&str>, prog: &Path) -> Command {
    match user {
        Some(u) => {
            let mut c = Command::new("runuser");
            c.args(["-u", u, "--"]).arg(prog);
            c
        }
        None => Command::new(prog),
    }
}

/// The newest `/usr/lib/postgresql/<version>/bin` that has `initdb` and `pg_ctl`.
fn find_bin() -> Option<PathBuf> {
    let mut best: Option<(u32, PathBuf)> = None;
    for e in std::fs::read_dir("/usr/lib/postgresql").ok()?.flatten() {
        let v: u32 = e.file_name().to_string_lossy().parse().unwrap_or(0);
        let bin = e.path().join("bin");
        if bin.join("initdb").exists()
            && bin.join("pg_ctl").exists()
            && best.as_ref().is_none_or(|(bv, _)| v > *bv)
        {
            best = Some((v, bin));
        }
    }
    best.map(|(_, b)| b)
}

pub fn start_server() -> Result<PgServer, String> {
    let bin =
        find_bin().ok_or("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)")?;
    let uid = Command::new("id")
        .arg("-u")
        .output()
        .map_err(|e| e.to_string())?;
    let root = String::from_utf8_lossy(&uid.stdout).trim() == "0";
    let user = if root {
        // PostgreSQL refuses to run as root: use the `postgres` system user, creating it if the
        // package did not.
        let exists = Command::new("id")
            .arg("postgres")
            .output()
            .is_ok_and(|o| o.status.success());
        if !exists {
            let ok = Command::new("useradd")
                .args([
                    "--system",
                    "--no-create-home",
                    "--shell",
                    "/usr/sbin/nologin",
                    "postgres",
                ])
                .status()
                .is_ok_and(|s| s.success());
            if !ok {
                return Err("could not create the postgres system user".into());
            }
        }
        Some("postgres".to_string())
    } else {
        None
    };
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let base = std::env::temp_dir().join(format!("rime-pg-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&base).map_err(|e| e.to_string())?;
    let server = PgServer {
        base: base.clone(),
        bin,
        user,
        port: free_port(),
    };
    if let Some(u) = &server.user {
        let ok = Command::new("chown")
            .args(["-R", &format!("{u}:")])
            .arg(&base)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return Err("chown of the temporary data directory failed".into());
        }
    }
    let out = server
        .cmd("initdb")
        .arg("-D")
        .arg(server.data())
        .args([
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        ])
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let opts = format!(
        "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off",
        server.port,
        base.display()
    );
    let out = server
        .cmd("pg_ctl")
        .arg("-D")
        .arg(server.data())
        .arg("-l")
        .arg(base.join("log"))
        .args(["-w", "-t", "30", "-o", &opts, "start"])
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        let log = std::fs::read_to_string(base.join("log")).unwrap_or_default();
        return Err(format!(
            "pg_ctl start failed: {}{log}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(server)
}
