//! A small synchronous SMTP client (RFC 5321) over `std::net::TcpStream`: greeting, EHLO (HELO
//! when the server does not know EHLO), STARTTLS or implicit TLS (rustls with the webpki
//! roots), AUTH PLAIN or LOGIN, MAIL FROM, one RCPT TO per recipient, DATA with dot-stuffing,
//! QUIT. Every reply code is checked (multi-line replies included); the whole exchange is
//! bounded by one deadline applied to each socket read and write.

use super::options::MailServer;
use base64::Engine;
use rustls::pki_types::ServerName;
use std::io::{self, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Longest reply line accepted, and most lines in one reply: a server sending more is broken.
const MAX_LINE: usize = 4096;
const MAX_LINES: usize = 200;

/// Why a send failed. `Unreachable` (no connection, a dropped connection, a timeout, a server
/// not ready) moves on to the next configured server; `Refused` (the server answered no) is
/// final.
#[derive(Debug)]
pub(crate) enum Failure {
    Unreachable(String),
    Refused(String),
}

/// The envelope: the reverse path and the recipients (addresses already validated).
pub(crate) struct Envelope<'a> {
    pub from: &'a str,
    pub to: Vec<&'a str>,
}

/// One reply: its code and its lines' text.
#[derive(Debug)]
struct Reply {
    code: u16,
    lines: Vec<String>,
}

impl Reply {
    fn text(&self) -> String {
        format!("{} {}", self.code, self.lines.join(" "))
            .trim()
            .to_string()
    }
}

/// The TLS settings for mail servers: the webpki roots, the ring provider (both already in the
/// tree through ureq).
pub(crate) fn tls_config() -> Result<Arc<rustls::ClientConfig>, String> {
    static CONFIG: OnceLock<Result<Arc<rustls::ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots =
                rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .map(|b| Arc::new(b.with_root_certificates(roots).with_no_client_auth()))
                .map_err(|e| e.to_string())
        })
        .clone()
}

enum Stream {
    Plain(TcpStream),
    Tls(Box<rustls::StreamOwned<rustls::ClientConnection, TcpStream>>),
    /// Only while the plain stream moves into TLS.
    Closed,
}

impl Stream {
    fn socket(&self) -> Option<&TcpStream> {
        match self {
            Stream::Plain(s) => Some(s),
            Stream::Tls(t) => Some(&t.sock),
            Stream::Closed => None,
        }
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::NotConnected, "connection closed")
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(t) => t.read(buf),
            Stream::Closed => Err(closed()),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(t) => t.write(buf),
            Stream::Closed => Err(closed()),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(t) => t.flush(),
            Stream::Closed => Err(closed()),
        }
    }
}

/// One connection to a server.
struct Session {
    stream: Stream,
    /// Bytes read but not yet consumed as reply lines.
    buf: Vec<u8>,
    deadline: Instant,
    timeout: Duration,
    /// `host:port`, for messages.
    peer: String,
}

/// Send `message` (CRLF lines) to `server`.
pub(crate) fn send(
    server: &MailServer,
    envelope: &Envelope,
    message: &[u8],
    timeout: Duration,
    tls: &Arc<rustls::ClientConfig>,
) -> Result<(), Failure> {
    let mut s = Session::connect(server, timeout, tls)?;
    let r = s.transaction(server, envelope, message, tls);
    // Say goodbye either way; a server that already hung up changes nothing.
    let _ = s.write_line("QUIT");
    let _ = s.read_reply();
    r
}

impl Session {
    fn connect(
        server: &MailServer,
        timeout: Duration,
        tls: &Arc<rustls::ClientConfig>,
    ) -> Result<Session, Failure> {
        let peer = format!("{}:{}", server.host, server.port);
        let unreachable = |e: &dyn std::fmt::Display| {
            Failure::Unreachable(format!(
                "could not connect to the SMTP server [{peer}]: {e}"
            ))
        };
        let addrs = (server.host.as_str(), server.port)
            .to_socket_addrs()
            .map_err(|e| unreachable(&e))?;
        let mut last: Option<io::Error> = None;
        let mut tcp = None;
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, timeout) {
                Ok(s) => {
                    tcp = Some(s);
                    break;
                }
                Err(e) => last = Some(e),
            }
        }
        let Some(tcp) = tcp else {
            return Err(match last {
                Some(e) => unreachable(&e),
                None => unreachable(&"the host name has no address"),
            });
        };
        let _ = tcp.set_nodelay(true);
        let mut s = Session {
            stream: Stream::Plain(tcp),
            buf: Vec::new(),
            deadline: Instant::now() + timeout,
            timeout,
            peer,
        };
        if server.ssl {
            s = s.into_tls(&server.host, tls)?;
        }
        let greeting = s.read_reply()?;
        if greeting.code != 220 {
            return Err(Failure::Unreachable(format!(
                "the SMTP server [{}] is not ready: {}",
                s.peer,
                greeting.text()
            )));
        }
        Ok(s)
    }

    fn transaction(
        &mut self,
        server: &MailServer,
        envelope: &Envelope,
        message: &[u8],
        tls: &Arc<rustls::ClientConfig>,
    ) -> Result<(), Failure> {
        let mut caps = self.hello()?;
        if server.tls && !server.ssl {
            if !caps.iter().any(|c| c == "STARTTLS") {
                return Err(Failure::Refused(format!(
                    "the SMTP server [{}] does not offer STARTTLS (useTLS)",
                    self.peer
                )));
            }
            self.expect("STARTTLS", &[220], "STARTTLS")?;
            // Anything the server sent after its answer would be unprotected: refuse it.
            if !self.buf.is_empty() {
                return Err(Failure::Refused(format!(
                    "the SMTP server [{}] sent data after its STARTTLS reply",
                    self.peer
                )));
            }
            self.upgrade(&server.host, tls)?;
            caps = self.hello()?;
        }
        if let Some(user) = server.username.as_deref().filter(|u| !u.is_empty()) {
            self.authenticate(&caps, user, server.password.as_deref().unwrap_or(""))?;
        }
        self.expect(
            &format!("MAIL FROM:<{}>", envelope.from),
            &[250],
            "MAIL FROM",
        )?;
        for rcpt in &envelope.to {
            let r = self.command(&format!("RCPT TO:<{rcpt}>"))?;
            if r.code != 250 && r.code != 251 {
                return Err(Failure::Refused(format!(
                    "the SMTP server [{}] refused the recipient [{rcpt}]: {}",
                    self.peer,
                    r.text()
                )));
            }
        }
        self.expect("DATA", &[354], "DATA")?;
        self.write_data(message)?;
        let r = self.read_reply()?;
        if r.code != 250 {
            return Err(Failure::Refused(format!(
                "the SMTP server [{}] did not accept the message: {}",
                self.peer,
                r.text()
            )));
        }
        Ok(())
    }

    /// EHLO, or HELO when EHLO is refused; returns the EHLO keywords (upper case).
    fn hello(&mut self) -> Result<Vec<String>, Failure> {
        let me = match self.stream.socket().map(TcpStream::local_addr) {
            Some(Ok(std::net::SocketAddr::V4(a))) => format!("[{}]", a.ip()),
            Some(Ok(std::net::SocketAddr::V6(a))) => format!("[IPv6:{}]", a.ip()),
            _ => "localhost".to_string(),
        };
        let r = self.command(&format!("EHLO {me}"))?;
        if r.code == 250 {
            return Ok(r
                .lines
                .iter()
                .skip(1)
                .map(|l| l.trim().to_ascii_uppercase())
                .collect());
        }
        let r = self.command(&format!("HELO {me}"))?;
        if r.code != 250 {
            return Err(Failure::Unreachable(format!(
                "the SMTP server [{}] refused HELO: {}",
                self.peer,
                r.text()
            )));
        }
        Ok(Vec::new())
    }

    /// AUTH PLAIN when offered, else LOGIN.
    fn authenticate(&mut self, caps: &[String], user: &str, password: &str) -> Result<(), Failure> {
        let mechanisms: Vec<&str> = caps
            .iter()
            .filter_map(|c| c.strip_prefix("AUTH").filter(|r| r.starts_with([' ', '='])))
            .flat_map(|r| r[1..].split_whitespace())
            .collect();
        let b64 = |s: &[u8]| base64::engine::general_purpose::STANDARD.encode(s);
        if mechanisms.contains(&"PLAIN") {
            let token = b64(format!("\0{user}\0{password}").as_bytes());
            self.expect_auth(&format!("AUTH PLAIN {token}"), 235)?;
        } else if mechanisms.contains(&"LOGIN") {
            self.expect_auth("AUTH LOGIN", 334)?;
            self.expect_auth(&b64(user.as_bytes()), 334)?;
            self.expect_auth(&b64(password.as_bytes()), 235)?;
        } else {
            return Err(Failure::Refused(format!(
                "the SMTP server [{}] offers no authentication this client supports (PLAIN, LOGIN)",
                self.peer
            )));
        }
        Ok(())
    }

    /// One authentication step; the command (which holds credentials) is never shown.
    fn expect_auth(&mut self, line: &str, code: u16) -> Result<(), Failure> {
        let r = self.command(line)?;
        if r.code != code {
            return Err(Failure::Refused(format!(
                "the SMTP server [{}] refused the login: {}",
                self.peer,
                r.text()
            )));
        }
        Ok(())
    }

    fn expect(&mut self, line: &str, codes: &[u16], what: &str) -> Result<Reply, Failure> {
        let r = self.command(line)?;
        if !codes.contains(&r.code) {
            return Err(Failure::Refused(format!(
                "the SMTP server [{}] refused {what}: {}",
                self.peer,
                r.text()
            )));
        }
        Ok(r)
    }

    fn command(&mut self, line: &str) -> Result<Reply, Failure> {
        self.write_line(line)?;
        self.read_reply()
    }

    fn into_tls(mut self, host: &str, tls: &Arc<rustls::ClientConfig>) -> Result<Session, Failure> {
        self.upgrade(host, tls)?;
        Ok(self)
    }

    /// Wrap the plain connection in TLS and finish the handshake now, so a bad certificate is
    /// reported as such.
    fn upgrade(&mut self, host: &str, tls: &Arc<rustls::ClientConfig>) -> Result<(), Failure> {
        let tls_err = |e: &dyn std::fmt::Display| {
            Failure::Unreachable(format!("TLS with the SMTP server [{host}] failed: {e}"))
        };
        let name = ServerName::try_from(host.to_string()).map_err(|e| tls_err(&e))?;
        let conn = rustls::ClientConnection::new(tls.clone(), name).map_err(|e| tls_err(&e))?;
        self.arm()?;
        let Stream::Plain(tcp) = std::mem::replace(&mut self.stream, Stream::Closed) else {
            return Err(Failure::Refused("TLS was already on".into()));
        };
        let mut t = rustls::StreamOwned::new(conn, tcp);
        while t.conn.is_handshaking() {
            t.conn
                .complete_io(&mut t.sock)
                .map_err(|e| self.io_failure(&e))?;
        }
        self.stream = Stream::Tls(Box::new(t));
        Ok(())
    }

    /// Set the socket's timeouts to what is left of the deadline.
    fn arm(&self) -> Result<(), Failure> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(self.timed_out());
        }
        if let Some(s) = self.stream.socket() {
            let _ = s.set_read_timeout(Some(left));
            let _ = s.set_write_timeout(Some(left));
        }
        Ok(())
    }

    fn timed_out(&self) -> Failure {
        Failure::Unreachable(format!(
            "timeout occurred after {} seconds while sending mail message to [{}]",
            self.timeout.as_secs_f64(),
            self.peer
        ))
    }

    fn io_failure(&self, e: &io::Error) -> Failure {
        match e.kind() {
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => self.timed_out(),
            _ => Failure::Unreachable(format!(
                "the connection to the SMTP server [{}] failed: {e}",
                self.peer
            )),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.arm()?;
        let r = self
            .stream
            .write_all(bytes)
            .and_then(|_| self.stream.flush());
        r.map_err(|e| self.io_failure(&e))
    }

    fn write_line(&mut self, line: &str) -> Result<(), Failure> {
        self.write_all(format!("{line}\r\n").as_bytes())
    }

    /// The message, dot-stuffed (a line starting with `.` gets another), then `CRLF.CRLF`.
    fn write_data(&mut self, message: &[u8]) -> Result<(), Failure> {
        let mut out = Vec::with_capacity(message.len() + message.len() / 64 + 8);
        let mut at_line_start = true;
        for &b in message {
            if at_line_start && b == b'.' {
                out.push(b'.');
            }
            out.push(b);
            at_line_start = b == b'\n';
        }
        if !out.ends_with(b"\r\n") {
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b".\r\n");
        for chunk in out.chunks(64 * 1024) {
            self.write_all(chunk)?;
        }
        Ok(())
    }

    /// One line (without its CRLF).
    fn read_line(&mut self) -> Result<String, Failure> {
        loop {
            if let Some(end) = self.buf.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                return Ok(line.trim_end_matches(['\r', '\n']).to_string());
            }
            if self.buf.len() > MAX_LINE {
                return Err(Failure::Unreachable(format!(
                    "the SMTP server [{}] sent a reply line longer than {MAX_LINE} bytes",
                    self.peer
                )));
            }
            self.arm()?;
            let mut chunk = [0u8; 4096];
            let n = match self.stream.read(&mut chunk) {
                Ok(0) => {
                    return Err(Failure::Unreachable(format!(
                        "the SMTP server [{}] closed the connection",
                        self.peer
                    )))
                }
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.io_failure(&e)),
            };
            self.buf.extend_from_slice(chunk.get(..n).unwrap_or(&[]));
        }
    }

    /// A reply: `250-first`, `250-more`, `250 last` lines with the same code.
    fn read_reply(&mut self) -> Result<Reply, Failure> {
        let mut lines = Vec::new();
        loop {
            let line = self.read_line()?;
            let code = line
                .get(..3)
                .filter(|c| c.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|c| c.parse::<u16>().ok())
                .ok_or_else(|| {
                    Failure::Unreachable(format!(
                        "the SMTP server [{}] sent a malformed reply [{line}]",
                        self.peer
                    ))
                })?;
            let more = line.as_bytes().get(3) == Some(&b'-');
            lines.push(line.get(4..).unwrap_or("").to_string());
            if !more {
                return Ok(Reply { code, lines });
            }
            if lines.len() > MAX_LINES {
                return Err(Failure::Unreachable(format!(
                    "the SMTP server [{}] sent a reply of more than {MAX_LINES} lines",
                    self.peer
                )));
            }
        }
    }
}
