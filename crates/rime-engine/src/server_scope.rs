//! The `server` scope every request of the process shares: Lucee's keys with this process's
//! values.

use rime_runtime::{Key, Struct, Value};

/// The `server` scope: Lucee's keys (`coldfusion`, `lucee`, `os`, `java`, `separator`,
/// `servlet`, `system`) with what is true of this process. Rime runs no JVM: `server.java`
/// describes the Java level its Java emulation answers for (`createObject("java", ...)`), so
/// code that reads it finds the keys it expects.
pub(crate) fn server_scope(root: &std::path::Path) -> Struct {
    let s = Struct::new();
    let sub = |pairs: &[(&str, &str)]| {
        let st = Struct::with_flags(true);
        for (k, v) in pairs {
            st.set(Key::new(*k), Value::from(*v));
        }
        st
    };
    let version = env!("CARGO_PKG_VERSION");
    let root = root
        .canonicalize()
        .unwrap_or_else(|_| root.to_path_buf())
        .to_string_lossy()
        .into_owned();
    let coldfusion = sub(&[
        ("productName", "Lucee"),
        ("productVersion", "6.2.0.0"),
        ("productLevel", "rime"),
        ("appServer", "Rime"),
        ("installKit", "Native Binary"),
        ("rootDir", &root),
    ]);
    coldfusion.set(
        Key::new("supportedLocales"),
        Value::from(rime_stdlib::international::supported_locales()),
    );
    s.set(Key::new("coldfusion"), Value::Struct(coldfusion));
    s.set(
        Key::new("lucee"),
        Value::Struct(sub(&[("version", "6.2.0.0"), ("state", "stable")])),
    );
    s.set(
        Key::new("rime"),
        Value::Struct(sub(&[("version", version)])),
    );
    let read = |p: &str| {
        std::fs::read_to_string(p)
            .map(|t| t.trim().to_string())
            .unwrap_or_default()
    };
    let os = sub(&[
        ("name", std::env::consts::OS),
        ("arch", std::env::consts::ARCH),
        (
            "archModel",
            if cfg!(target_pointer_width = "64") {
                "64"
            } else {
                "32"
            },
        ),
        ("version", &read("/proc/sys/kernel/osrelease")),
        ("hostname", &read("/proc/sys/kernel/hostname")),
        ("macAddress", &mac_address()),
    ]);
    s.set(Key::new("os"), Value::Struct(os));
    let java = sub(&[
        ("version", "21.0.0"),
        ("vendor", "Rime (no JVM)"),
        (
            "archModel",
            if cfg!(target_pointer_width = "64") {
                "64"
            } else {
                "32"
            },
        ),
        ("executionPath", &root),
    ]);
    s.set(Key::new("java"), Value::Struct(java));
    let separator = sub(&[
        ("file", std::path::MAIN_SEPARATOR_STR),
        ("path", if cfg!(windows) { ";" } else { ":" }),
        ("line", if cfg!(windows) { "\r\n" } else { "\n" }),
    ]);
    s.set(Key::new("separator"), Value::Struct(separator));
    s.set(Key::new("servlet"), Value::Struct(sub(&[("name", "Rime")])));
    // Lucee's `server.system`: the process environment (how applications read their
    // configuration, e.g. `server.system.environment.DB_HOST`) and a few JVM-style properties.
    let environment = Struct::with_flags(true);
    for (k, v) in std::env::vars_os() {
        if let (Some(k), Some(v)) = (k.to_str(), v.to_str()) {
            environment.set(Key::new(k), Value::from(v));
        }
    }
    let properties = sub(&[
        ("os.name", std::env::consts::OS),
        ("os.arch", std::env::consts::ARCH),
        ("file.separator", std::path::MAIN_SEPARATOR_STR),
        ("line.separator", "\n"),
        ("path.separator", if cfg!(windows) { ";" } else { ":" }),
    ]);
    let system = Struct::with_flags(true);
    system.set(Key::new("environment"), Value::Struct(environment));
    system.set(Key::new("properties"), Value::Struct(properties));
    s.set(Key::new("system"), Value::Struct(system));
    s
}

/// The hardware address of the first network interface that has one (not the loopback's), as
/// Lucee's `server.os.macAddress` gives it; empty where there is none.
fn mac_address() -> String {
    let Ok(dir) = std::fs::read_dir("/sys/class/net") else {
        return String::new();
    };
    let mut names: Vec<_> = dir.flatten().map(|e| e.path()).collect();
    names.sort();
    names
        .iter()
        .filter_map(|p| std::fs::read_to_string(p.join("address")).ok())
        .map(|a| a.trim().to_string())
        .find(|a| !a.is_empty() && a != "00:00:00:00:00:00")
        .unwrap_or_default()
}
