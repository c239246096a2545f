//! Tests of the SMTP client against in-process servers: plain, STARTTLS and implicit TLS (with
//! a certificate made by the `openssl` command when it is installed), authentication,
//! refusals, timeouts and failover between servers.

use super::options::MailServer;
use super::smtp::{self, Envelope, Failure};
use super::*;
use base64::Engine;
use rime_runtime::Key;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::time::Duration;

fn attrs(pairs: &[(&str, &str)]) -> Struct {
    let s = Struct::with_flags(true);
    for (k, v) in pairs {
        s.set(Key::new(*k), Value::from(*v));
    }
    s
}

fn b64(s: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(s)
}

trait Rw: Read + Write {}
impl<T: Read + Write> Rw for T {}

/// How the test server behaves.
#[derive(Clone, Default)]
struct Behaviour {
    /// Answer EHLO with 502 so the client falls back to HELO.
    no_ehlo: bool,
    /// The AUTH keyword line, e.g. `AUTH PLAIN LOGIN`.
    auth: Option<&'static str>,
    refuse_rcpt: Option<&'static str>,
    /// Offer STARTTLS with this configuration.
    starttls: Option<Arc<rustls::ServerConfig>>,
    /// Speak TLS from the first byte.
    implicit: Option<Arc<rustls::ServerConfig>>,
    /// Accept the connection and never answer.
    mute: bool,
}

#[derive(Debug, Default)]
struct Seen {
    commands: Vec<String>,
    data: String,
}

fn read_line(s: &mut dyn Rw) -> Option<String> {
    let mut line = Vec::new();
    let mut b = [0u8; 1];
    loop {
        match s.read(&mut b) {
            Ok(1) => {
                line.push(b[0]);
                if b[0] == b'\n' {
                    return Some(String::from_utf8_lossy(&line).into_owned());
                }
            }
            _ => return None,
        }
    }
}

/// One SMTP session; returns true when the client asked for STARTTLS (already answered).
fn converse(s: &mut dyn Rw, b: &Behaviour, seen: &mut Seen, greet: bool, secure: bool) -> bool {
    if greet {
        let _ = s.write_all(b"220 test ESMTP ready\r\n");
    }
    while let Some(line) = read_line(s) {
        let cmd = line.trim_end().to_string();
        seen.commands.push(cmd.clone());
        let upper = cmd.to_ascii_uppercase();
        let reply: String = if upper.starts_with("EHLO") {
            if b.no_ehlo {
                "502 5.5.2 what?\r\n".into()
            } else {
                let mut r = String::from("250-test greets you\r\n250-8BITMIME\r\n");
                if b.starttls.is_some() && !secure {
                    r.push_str("250-STARTTLS\r\n");
                }
                if let Some(a) = b.auth {
                    r.push_str(&format!("250-{a}\r\n"));
                }
                r.push_str("250 HELP\r\n");
                r
            }
        } else if upper.starts_with("HELO") {
            "250 hello\r\n".into()
        } else if upper == "STARTTLS" {
            let _ = s.write_all(b"220 2.0.0 go ahead\r\n");
            return true;
        } else if upper.starts_with("AUTH PLAIN") {
            "235 2.7.0 ok\r\n".into()
        } else if upper == "AUTH LOGIN" {
            let _ = s.write_all(b"334 VXNlcm5hbWU6\r\n");
            if let Some(u) = read_line(s) {
                seen.commands.push(u.trim_end().to_string());
            }
            let _ = s.write_all(b"334 UGFzc3dvcmQ6\r\n");
            if let Some(p) = read_line(s) {
                seen.commands.push(p.trim_end().to_string());
            }
            "235 2.7.0 ok\r\n".into()
        } else if upper.starts_with("MAIL FROM") {
            "250 ok\r\n".into()
        } else if upper.starts_with("RCPT TO") {
            match b.refuse_rcpt {
                Some(r) if cmd.contains(r) => {
                    "550-5.1.1 no such user\r\n550 5.1.1 go away\r\n".into()
                }
                _ => "250 ok\r\n".into(),
            }
        } else if upper == "DATA" {
            let _ = s.write_all(b"354 end with .\r\n");
            while let Some(l) = read_line(s) {
                if l == ".\r\n" {
                    break;
                }
                seen.data.push_str(&l);
            }
            "250 2.0.0 queued\r\n".into()
        } else if upper == "QUIT" {
            let _ = s.write_all(b"221 bye\r\n");
            return false;
        } else {
            "500 unknown\r\n".into()
        };
        let _ = s.write_all(reply.as_bytes());
    }
    false
}

/// A server for one connection on 127.0.0.1; returns its port and what it saw.
fn server(b: Behaviour) -> (u16, std::thread::JoinHandle<Seen>) {
    let Ok(listener) = TcpListener::bind("127.0.0.1:0") else {
        panic!("bind");
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
    let h = std::thread::spawn(move || {
        let mut seen = Seen::default();
        let Ok((tcp, _)) = listener.accept() else {
            return seen;
        };
        let _ = tcp.set_read_timeout(Some(Duration::from_secs(10)));
        if b.mute {
            std::thread::sleep(Duration::from_millis(1500));
            return seen;
        }
        if let Some(cfg) = b.implicit.clone() {
            if let Ok(conn) = rustls::ServerConnection::new(cfg) {
                let mut t = rustls::StreamOwned::new(conn, tcp);
                converse(&mut t, &b, &mut seen, true, true);
            }
            return seen;
        }
        let mut tcp = tcp;
        if converse(&mut tcp, &b, &mut seen, true, false) {
            if let Some(cfg) = b.starttls.clone() {
                if let Ok(conn) = rustls::ServerConnection::new(cfg) {
                    let mut t = rustls::StreamOwned::new(conn, tcp);
                    converse(&mut t, &b, &mut seen, false, true);
                }
            }
        }
        seen
    });
    (port, h)
}

fn local(port: u16) -> MailServer {
    MailServer {
        host: "127.0.0.1".into(),
        port,
        username: None,
        password: None,
        ssl: false,
        tls: false,
    }
}

fn plain_tls() -> Arc<rustls::ClientConfig> {
    match smtp::tls_config() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_session_sends_the_envelope_and_dot_stuffed_data() {
    let (port, h) = server(Behaviour::default());
    let env = Envelope {
        from: "s@x.com",
        to: vec!["a@y.com", "b@y.com"],
    };
    let r = smtp::send(
        &local(port),
        &env,
        b"Subject: t\r\n\r\n.leading dot\r\nend",
        Duration::from_secs(5),
        &plain_tls(),
    );
    assert!(r.is_ok(), "{r:?}");
    let seen = h.join().unwrap_or_default();
    assert!(seen.commands[0].starts_with("EHLO [127.0.0.1]"));
    assert_eq!(
        &seen.commands[1..],
        &[
            "MAIL FROM:<s@x.com>",
            "RCPT TO:<a@y.com>",
            "RCPT TO:<b@y.com>",
            "DATA",
            "QUIT"
        ]
    );
    assert_eq!(seen.data, "Subject: t\r\n\r\n..leading dot\r\nend\r\n");
}

#[test]
fn helo_fallback_and_auth_login() {
    let (port, h) = server(Behaviour {
        no_ehlo: true,
        ..Behaviour::default()
    });
    let env = Envelope {
        from: "s@x.com",
        to: vec!["a@y.com"],
    };
    let r = smtp::send(
        &local(port),
        &env,
        b"x",
        Duration::from_secs(5),
        &plain_tls(),
    );
    assert!(r.is_ok(), "{r:?}");
    let seen = h.join().unwrap_or_default();
    assert!(seen.commands[1].starts_with("HELO "), "{:?}", seen.commands);

    let (port, h) = server(Behaviour {
        auth: Some("AUTH LOGIN"),
        ..Behaviour::default()
    });
    let mut srv = local(port);
    srv.username = Some("user".into());
    srv.password = Some("secret".into());
    let r = smtp::send(&srv, &env, b"x", Duration::from_secs(5), &plain_tls());
    assert!(r.is_ok(), "{r:?}");
    let seen = h.join().unwrap_or_default();
    assert_eq!(
        &seen.commands[1..4],
        &["AUTH LOGIN", &b64("user"), &b64("secret")]
    );

    let (port, h) = server(Behaviour {
        auth: Some("AUTH=PLAIN LOGIN"),
        ..Behaviour::default()
    });
    srv.port = port;
    let r = smtp::send(&srv, &env, b"x", Duration::from_secs(5), &plain_tls());
    assert!(r.is_ok(), "{r:?}");
    let seen = h.join().unwrap_or_default();
    assert_eq!(
        seen.commands[1],
        format!("AUTH PLAIN {}", b64("\0user\0secret"))
    );
}

#[test]
fn refusals_carry_the_reply_and_silence_times_out() {
    let (port, h) = server(Behaviour {
        refuse_rcpt: Some("bad@"),
        ..Behaviour::default()
    });
    let env = Envelope {
        from: "s@x.com",
        to: vec!["ok@y.com", "bad@y.com"],
    };
    let r = smtp::send(
        &local(port),
        &env,
        b"x",
        Duration::from_secs(5),
        &plain_tls(),
    );
    match r {
        Err(Failure::Refused(m)) => {
            assert!(
                m.contains("[bad@y.com]") && m.contains("550 5.1.1 no such user 5.1.1 go away"),
                "{m}"
            )
        }
        other => panic!("{other:?}"),
    }
    let _ = h.join();

    let (port, h) = server(Behaviour {
        mute: true,
        ..Behaviour::default()
    });
    let r = smtp::send(
        &local(port),
        &env,
        b"x",
        Duration::from_millis(300),
        &plain_tls(),
    );
    assert!(
        matches!(&r, Err(Failure::Unreachable(m)) if m.contains("timeout")),
        "{r:?}"
    );
    let _ = h.join();

    // STARTTLS required but not offered.
    let (port, h) = server(Behaviour::default());
    let mut srv = local(port);
    srv.tls = true;
    let r = smtp::send(&srv, &env, b"x", Duration::from_secs(5), &plain_tls());
    assert!(
        matches!(&r, Err(Failure::Refused(m)) if m.contains("STARTTLS")),
        "{r:?}"
    );
    let _ = h.join();
}

/// A CA and a `localhost` certificate signed by it, made with the `openssl` command; None when
/// it is not installed.
fn test_pki() -> Option<(Arc<rustls::ServerConfig>, Arc<rustls::ClientConfig>)> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let dir = std::env::temp_dir().join(format!("rime-mail-pki-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let run = |args: &[&str]| {
        std::process::Command::new("openssl")
            .args(args)
            .current_dir(&dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .ok()
            .filter(|s| s.success())
    };
    let ec = [
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
    ];
    let with_key = |head: &[&'static str], tail: &[&'static str]| -> Vec<&'static str> {
        head.iter()
            .chain(ec.iter())
            .chain(tail.iter())
            .copied()
            .collect()
    };
    run(&with_key(
        &["req", "-x509"],
        &[
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
            "-days",
            "2",
            "-subj",
            "/CN=Rime Test CA",
        ],
    ))?;
    run(&with_key(
        &["req"],
        &[
            "-keyout",
            "leaf.key",
            "-out",
            "leaf.csr",
            "-subj",
            "/CN=localhost",
        ],
    ))?;
    std::fs::write(
        dir.join("ext.cnf"),
        "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n",
    )
    .ok()?;
    run(&[
        "x509",
        "-req",
        "-in",
        "leaf.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "leaf.pem",
        "-days",
        "2",
        "-extfile",
        "ext.cnf",
    ])?;
    let ca = CertificateDer::from_pem_file(dir.join("ca.pem")).ok()?;
    let leaf = CertificateDer::from_pem_file(dir.join("leaf.pem")).ok()?;
    let key = PrivateKeyDer::from_pem_file(dir.join("leaf.key")).ok()?;
    let _ = std::fs::remove_dir_all(&dir);
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let server = rustls::ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .ok()?
        .with_no_client_auth()
        .with_single_cert(vec![leaf], key)
        .ok()?;
    let mut roots = rustls::RootCertStore::empty();
    roots.add(ca).ok()?;
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .ok()?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Some((Arc::new(server), Arc::new(client)))
}

#[test]
fn starttls_and_implicit_tls() {
    let Some((server_cfg, client_cfg)) = test_pki() else {
        eprintln!("openssl not available: TLS test skipped");
        return;
    };
    let env = Envelope {
        from: "s@x.com",
        to: vec!["a@y.com"],
    };
    let (port, h) = server(Behaviour {
        starttls: Some(server_cfg.clone()),
        auth: Some("AUTH PLAIN"),
        ..Behaviour::default()
    });
    let srv = MailServer {
        host: "localhost".into(),
        port,
        username: Some("u".into()),
        password: Some("p".into()),
        ssl: false,
        tls: true,
    };
    let r = smtp::send(
        &srv,
        &env,
        b"secret body",
        Duration::from_secs(5),
        &client_cfg,
    );
    assert!(r.is_ok(), "{r:?}");
    let seen = h.join().unwrap_or_default();
    assert_eq!(seen.commands[1], "STARTTLS");
    assert!(seen.commands[2].starts_with("EHLO "), "{:?}", seen.commands);
    assert!(seen.commands[3].starts_with("AUTH PLAIN "));
    assert_eq!(seen.data, "secret body\r\n");

    let (port, h) = server(Behaviour {
        implicit: Some(server_cfg),
        ..Behaviour::default()
    });
    let srv = MailServer {
        port,
        ssl: true,
        tls: false,
        username: None,
        password: None,
        ..srv
    };
    let r = smtp::send(&srv, &env, b"over tls", Duration::from_secs(5), &client_cfg);
    assert!(r.is_ok(), "{r:?}");
    assert_eq!(h.join().unwrap_or_default().data, "over tls\r\n");

    // The public roots do not trust the test CA: the handshake fails, with a clear message.
    let (port, h) = server(Behaviour {
        implicit: test_pki().map(|p| p.0),
        ..Behaviour::default()
    });
    let r = smtp::send(
        &MailServer { port, ..srv },
        &env,
        b"x",
        Duration::from_secs(5),
        &plain_tls(),
    );
    assert!(
        matches!(&r, Err(Failure::Unreachable(m)) if m.contains("certificate")),
        "{r:?}"
    );
    let _ = h.join();
}

#[test]
fn send_tries_the_next_server_when_one_is_unreachable() {
    // A port nothing listens on: bind, note the port, close.
    let dead = TcpListener::bind("127.0.0.1:0")
        .ok()
        .and_then(|l| l.local_addr().ok())
        .map(|a| a.port())
        .unwrap_or(1);
    let (port, h) = server(Behaviour::default());
    let a = attrs(&[
        ("from", "s@x.com"),
        ("to", "r@y.com"),
        ("subject", "failover"),
        ("server", &format!("127.0.0.1:{dead},127.0.0.1:{port}")),
        ("timeout", "5"),
    ]);
    let r = send(&a, "body", &MailDraft::default(), None).map_err(|e| e.message.clone());
    assert_eq!(r, Ok(()));
    let seen = h.join().unwrap_or_default();
    assert!(seen.data.contains("Subject: failover\r\n"));
    let _ = TcpStream::connect(("127.0.0.1", dead));
}
