//! `<cfmail>`, `<cfmailparam>` and `<cfmailpart>` end to end: templates run through the engine
//! and send to a small SMTP sink on 127.0.0.1 that records each session's envelope and data.

use parking_lot::Mutex;
use rime_engine::{Engine, EngineConfig};
use rime_runtime::{Array, Struct, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;

/// One SMTP session as the sink saw it.
#[derive(Clone, Debug, Default)]
struct Mail {
    from: String,
    rcpt: Vec<String>,
    data: String,
}

impl Mail {
    /// The value of header `name` in the top-level headers, unfolded.
    fn header(&self, name: &str) -> Option<String> {
        header_in(&self.data, name)
    }
}

fn header_in(entity: &str, name: &str) -> Option<String> {
    let head = entity.split("\r\n\r\n").next()?;
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    unfolded.split("\r\n").find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
    })
}

/// The parts of a multipart entity (each with its headers), from its boundary parameter.
fn parts(entity: &str) -> Vec<String> {
    let Some(ct) = header_in(entity, "Content-Type") else {
        return Vec::new();
    };
    let Some(b) = ct
        .split("boundary=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
    else {
        return Vec::new();
    };
    let body = entity.split_once("\r\n\r\n").map_or("", |x| x.1);
    let delim = format!("--{b}");
    body.split(&format!("\r\n{delim}"))
        .flat_map(|s| s.split(&delim))
        .filter(|p| !p.trim().is_empty() && !p.starts_with("--"))
        .map(|p| p.trim_start_matches("\r\n").to_string())
        .collect()
}

fn body_of(entity: &str) -> &str {
    entity.split_once("\r\n\r\n").map_or("", |x| x.1)
}

/// An SMTP server on a free port that accepts any number of sessions; recipients containing
/// `refuse` get a 550.
fn sink(refuse: Option<&'static str>) -> (u16, Arc<Mutex<Vec<Mail>>>) {
    let Ok(listener) = TcpListener::bind("127.0.0.1:0") else {
        panic!("cannot bind a test port");
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
    let mails = Arc::new(Mutex::new(Vec::new()));
    let seen = mails.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(conn) = conn else { continue };
            let seen = seen.clone();
            std::thread::spawn(move || session(conn, refuse, &seen));
        }
    });
    (port, mails)
}

fn session(conn: std::net::TcpStream, refuse: Option<&str>, seen: &Mutex<Vec<Mail>>) {
    let Ok(mut out) = conn.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(conn);
    let _ = out.write_all(b"220 sink ready\r\n");
    let mut mail = Mail::default();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let cmd = line.trim_end().to_string();
        let upper = cmd.to_ascii_uppercase();
        let reply = if upper.starts_with("EHLO") {
            "250-sink\r\n250-8BITMIME\r\n250 OK\r\n"
        } else if let Some(from) = upper.strip_prefix("MAIL FROM:") {
            mail = Mail {
                from: cmd[cmd.len() - from.len()..].to_string(),
                ..Mail::default()
            };
            "250 OK\r\n"
        } else if let Some(to) = upper.strip_prefix("RCPT TO:") {
            let to = cmd[cmd.len() - to.len()..].to_string();
            if refuse.is_some_and(|r| to.contains(r)) {
                "550 5.1.1 <nobody> mailbox unavailable\r\n"
            } else {
                mail.rcpt.push(to);
                "250 OK\r\n"
            }
        } else if upper == "DATA" {
            let _ = out.write_all(b"354 go\r\n");
            loop {
                line.clear();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                if line == ".\r\n" {
                    break;
                }
                // Undo dot-stuffing.
                let l = line.strip_prefix('.').unwrap_or(&line);
                mail.data.push_str(l);
            }
            seen.lock().push(std::mem::take(&mut mail));
            "250 queued\r\n"
        } else if upper == "QUIT" {
            let _ = out.write_all(b"221 bye\r\n");
            return;
        } else {
            "250 OK\r\n"
        };
        let _ = out.write_all(reply.as_bytes());
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rime-mail-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Run `page` (with `{port}` replaced) as `dir/page.cfm`; returns the output (an error's type
/// and message become the output).
fn run_in(engine: &Arc<Engine>, dir: &std::path::Path, page: &str, port: u16) -> String {
    let file = dir.join("page.cfm");
    let _ = std::fs::write(&file, page.replace("{port}", &port.to_string()));
    let r = engine.run_file(&file);
    match r.error {
        Some(e) => format!("{}ERROR {}: {}", r.output, e.type_, e.message),
        None => r.output,
    }
}

fn run(name: &str, page: &str, port: u16) -> String {
    let dir = temp_dir(name);
    let out = run_in(&Engine::new(dir.clone()), &dir, page, port);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn a_plain_mail_has_the_envelope_and_headers() {
    let (port, mails) = sink(None);
    let out = run(
        "plain",
        r##"<cfset who = "World"><cfmail server="127.0.0.1" port="{port}"
            from="Sender Name <sender@example.com>"
            to='a@example.org, "Doe, Jane" <jane@example.org>'
            cc="c@example.org" bcc="hidden@example.org" replyto="reply@example.com"
            subject="Grüße #who#" mailerid="Test Mailer" priority="urgent">Hello #who#!
.dot line
</cfmail>sent"##,
        port,
    );
    assert_eq!(out, "sent");
    let mails = mails.lock();
    assert_eq!(mails.len(), 1);
    let m = &mails[0];
    assert_eq!(m.from, "<sender@example.com>");
    assert_eq!(
        m.rcpt,
        vec![
            "<a@example.org>",
            "<jane@example.org>",
            "<c@example.org>",
            "<hidden@example.org>"
        ]
    );
    assert_eq!(
        m.header("From").as_deref(),
        Some("Sender Name <sender@example.com>")
    );
    assert_eq!(
        m.header("To").as_deref(),
        Some("a@example.org, \"Doe, Jane\" <jane@example.org>")
    );
    assert_eq!(m.header("Cc").as_deref(), Some("c@example.org"));
    assert_eq!(m.header("Reply-To").as_deref(), Some("reply@example.com"));
    // "Grüße World" as a UTF-8 encoded-word.
    assert_eq!(
        m.header("Subject").as_deref(),
        Some("=?UTF-8?B?R3LDvMOfZSBXb3JsZA==?=")
    );
    assert_eq!(m.header("X-Mailer").as_deref(), Some("Test Mailer"));
    assert_eq!(m.header("X-Priority").as_deref(), Some("1"));
    assert_eq!(m.header("MIME-Version").as_deref(), Some("1.0"));
    assert_eq!(
        m.header("Content-Type").as_deref(),
        Some("text/plain; charset=UTF-8")
    );
    assert_eq!(
        m.header("Content-Transfer-Encoding").as_deref(),
        Some("7bit")
    );
    assert!(m.header("Date").is_some_and(|d| d.contains(':')));
    assert!(m
        .header("Message-ID")
        .is_some_and(|id| id.starts_with('<') && id.ends_with("@example.com>")));
    assert!(m.header("Bcc").is_none());
    assert!(!m.data.contains("hidden@"));
    assert_eq!(body_of(&m.data), "Hello World!\r\n.dot line\r\n");
    assert!(
        !m.data.replace("\r\n", "").contains('\n'),
        "bare LF in {:?}",
        m.data
    );
}

#[test]
fn script_forms_send_too() {
    let (port, mails) = sink(None);
    let out = run(
        "script",
        r##"<cfscript>
        n = 2;
        mail from="s@example.com" to="r@example.org" subject="script #n#" server="127.0.0.1" port={port} {
            writeOutput("body " & n);
            mailparam name="X-Campaign" value="spring";
        }
        cfmail(from="s@example.com", to="r2@example.org", subject="call form", server="127.0.0.1", port={port}, type="html") {
            writeOutput("<p>html</p>");
        }
        writeOutput("done");
        </cfscript>"##,
        port,
    );
    assert_eq!(out, "done");
    let mails = mails.lock();
    assert_eq!(mails.len(), 2);
    assert_eq!(mails[0].header("Subject").as_deref(), Some("script 2"));
    assert_eq!(mails[0].header("X-Campaign").as_deref(), Some("spring"));
    assert_eq!(body_of(&mails[0].data), "body 2\r\n");
    assert_eq!(mails[1].rcpt, vec!["<r2@example.org>"]);
    assert_eq!(
        mails[1].header("Content-Type").as_deref(),
        Some("text/html; charset=UTF-8")
    );
    assert_eq!(body_of(&mails[1].data), "<p>html</p>\r\n");
}

#[test]
fn parts_and_attachments_make_a_multipart_message() {
    let (port, mails) = sink(None);
    let dir = temp_dir("multipart");
    let _ = std::fs::create_dir_all(dir.join("files"));
    let _ = std::fs::write(dir.join("files/report.txt"), "line 1\nline 2\n");
    let out = run_in(
        &Engine::new(dir.clone()),
        &dir,
        r##"<cfset name = "Ann"><cfmail server="127.0.0.1" port="{port}" from="s@example.com"
            to="r@example.org" subject="Report">
<cfmailparam name="X-Report-Id" value="42">
<cfmailparam file="files/report.txt">
<cfmailparam file="note.txt" content="in memory" type="text/csv">
<cfmailpart type="text">Hi #name#, ça va?</cfmailpart>
<cfmailpart type="html"><p>Hi <b>#name#</b></p></cfmailpart>
</cfmail><cfoutput>#toBase64(fileReadBinary(expandPath("files/report.txt")))#</cfoutput>"##,
        port,
    );
    let mails = mails.lock();
    assert_eq!(mails.len(), 1, "{out}");
    let m = &mails[0];
    assert_eq!(m.header("X-Report-Id").as_deref(), Some("42"));
    assert!(m
        .header("Content-Type")
        .is_some_and(|c| c.starts_with("multipart/mixed;")));
    let top = parts(&m.data);
    assert_eq!(top.len(), 3, "{:?}", m.data);
    // First: the alternatives, text then HTML.
    assert!(
        header_in(&top[0], "Content-Type").is_some_and(|c| c.starts_with("multipart/alternative"))
    );
    let alt = parts(&top[0]);
    assert_eq!(alt.len(), 2);
    assert_eq!(
        header_in(&alt[0], "Content-Type").as_deref(),
        Some("text/plain; charset=UTF-8")
    );
    assert_eq!(
        header_in(&alt[0], "Content-Transfer-Encoding").as_deref(),
        Some("quoted-printable")
    );
    assert_eq!(body_of(&alt[0]), "Hi Ann, =C3=A7a va?");
    assert_eq!(
        header_in(&alt[1], "Content-Type").as_deref(),
        Some("text/html; charset=UTF-8")
    );
    assert_eq!(body_of(&alt[1]), "<p>Hi <b>Ann</b></p>");
    // Then the file, base64, named as on disk.
    assert_eq!(
        header_in(&top[1], "Content-Type").as_deref(),
        Some("text/plain; name=\"report.txt\"")
    );
    assert_eq!(
        header_in(&top[1], "Content-Disposition").as_deref(),
        Some("attachment; filename=\"report.txt\"")
    );
    assert_eq!(
        header_in(&top[1], "Content-Transfer-Encoding").as_deref(),
        Some("base64")
    );
    assert_eq!(body_of(&top[1]).replace("\r\n", ""), out);
    // And the in-memory attachment with its given type.
    assert_eq!(
        header_in(&top[2], "Content-Type").as_deref(),
        Some("text/csv; name=\"note.txt\"")
    );
    assert_eq!(body_of(&top[2]).trim_end(), "aW4gbWVtb3J5");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_query_sends_one_mail_per_row_or_group() {
    let (port, mails) = sink(None);
    let out = run(
        "query",
        r##"<cfset q = queryNew("name,email,dept", "varchar,varchar,varchar", [
            ["Ann", "ann@example.org", "ops"], ["Bob", "bob@example.org", "ops"],
            ["Cid", "cid@example.org", "dev"], ["Dee", "dee@example.org", "dev"]])>
<cfmail query="q" server="127.0.0.1" port="{port}" from="s@example.com" to="#email#"
 subject="Hi #name#">Dear #name# (#q.currentRow#)</cfmail>
<cfmail query="q" startrow="2" maxrows="2" server="127.0.0.1" port="{port}" from="s@example.com"
 to="#email#" subject="window">#name#</cfmail>
<cfmail query="q" group="dept" server="127.0.0.1" port="{port}" from="s@example.com"
 to="#dept#@example.org" subject="team #dept#"><cfoutput>#name#;</cfoutput></cfmail>
<cfoutput>#q.recordCount#</cfoutput>"##,
        port,
    );
    assert_eq!(out.trim(), "4");
    let mails = mails.lock();
    let summary: Vec<(String, String, String)> = mails
        .iter()
        .map(|m| {
            (
                m.rcpt.join(","),
                m.header("Subject").unwrap_or_default(),
                body_of(&m.data).trim_end().to_string(),
            )
        })
        .collect();
    let expect = |r: &str, s: &str, b: &str| (r.to_string(), s.to_string(), b.to_string());
    assert_eq!(
        summary,
        vec![
            expect("<ann@example.org>", "Hi Ann", "Dear Ann (1)"),
            expect("<bob@example.org>", "Hi Bob", "Dear Bob (2)"),
            expect("<cid@example.org>", "Hi Cid", "Dear Cid (3)"),
            expect("<dee@example.org>", "Hi Dee", "Dear Dee (4)"),
            expect("<bob@example.org>", "window", "Bob"),
            expect("<cid@example.org>", "window", "Cid"),
            expect("<ops@example.org>", "team ops", "Ann;Bob;"),
            expect("<dev@example.org>", "team dev", "Cid;Dee;"),
        ]
    );
}

#[test]
fn line_breaks_in_headers_are_refused_before_anything_is_sent() {
    let (port, mails) = sink(None);
    let out = run(
        "injection",
        r##"<cfset evil = "Hi" & chr(13) & chr(10) & "Bcc: victim@example.net">
<cfset tries = [
    {subject: evil, to: "r@example.org"},
    {subject: "ok", to: "r@example.org" & chr(10) & "Bcc: victim@example.net"}
]>
<cfloop array="#tries#" item="t"><cftry><cfmail server="127.0.0.1" port="{port}" from="s@example.com"
 to="#t.to#" subject="#t.subject#">x</cfmail>sent!<cfcatch><cfoutput>[#cfcatch.type#: #cfcatch.message#]</cfoutput></cfcatch></cftry></cfloop>
<cftry><cfmail server="127.0.0.1" port="{port}" from="s@example.com" to="r@example.org" subject="ok">
<cfmailparam name="X-Note" value="#evil#">x</cfmail>sent!<cfcatch><cfoutput>[#cfcatch.message#]</cfoutput></cfcatch></cftry>"##,
        port,
    );
    assert_eq!(
        out.trim(),
        "[application: the value of the mail header [Subject] must not contain line breaks]\
         [application: attribute [to] of the tag [mail] is invalid]\n\
         [the value of the mail header [X-Note] must not contain line breaks]"
    );
    assert!(mails.lock().is_empty());
}

#[test]
fn a_refused_recipient_is_a_catchable_error_with_the_servers_reply() {
    let (port, mails) = sink(Some("nobody@"));
    let out = run(
        "refused",
        r##"<cftry><cfmail server="127.0.0.1" port="{port}" from="s@example.com"
 to="ok@example.org, nobody@example.org" subject="x">x</cfmail>sent
<cfcatch type="application"><cfoutput>#cfcatch.message#</cfoutput></cfcatch></cftry>"##,
        port,
    );
    assert_eq!(
        out.trim(),
        format!(
            "the SMTP server [127.0.0.1:{port}] refused the recipient [nobody@example.org]: 550 5.1.1 <nobody> mailbox unavailable"
        )
    );
    assert!(mails.lock().is_empty());
}

#[test]
fn misuse_is_reported() {
    let out = run(
        "misuse",
        r##"<cftry><cfmail from="s@example.com" to="r@example.org" subject="x">x</cfmail>
<cfcatch><cfoutput>#cfcatch.message#|</cfoutput></cfcatch></cftry>
<cftry><cfmail server="127.0.0.1" to="r@example.org" subject="x">x</cfmail>
<cfcatch><cfoutput>#cfcatch.message#|</cfoutput></cfcatch></cftry>
<cftry><cfmailparam name="X-A" value="1">
<cfcatch><cfoutput>#cfcatch.message#|</cfoutput></cfcatch></cftry>
<cftry><cfmail server="127.0.0.1" from="s@example.com" to="r@example.org" type="pdf">x</cfmail>
<cfcatch><cfoutput>#cfcatch.message#</cfoutput></cfcatch></cftry>"##,
        0,
    );
    let lines: Vec<&str> = out.split('|').map(str::trim).collect();
    assert!(lines[0].starts_with("no SMTP Server defined"), "{out}");
    assert_eq!(lines[1], "attribute [from] of the tag [mail] is required");
    assert_eq!(lines[2], "cfmailparam must be inside cfmail");
    assert_eq!(lines[3], "attribute type of tag mail has an invalid values");
}

#[test]
fn mail_servers_come_from_application_cfc_or_the_server_config() {
    let (port, mails) = sink(None);
    let dir = temp_dir("appservers");
    let _ = std::fs::write(
        dir.join("Application.cfc"),
        format!(
            r##"component {{ this.name = "mailapp"; this.mailServers = [{{ host: "127.0.0.1", port: {port} }}]; }}"##
        ),
    );
    let out = run_in(
        &Engine::new(dir.clone()),
        &dir,
        r##"<cfmail from="s@example.com" to="app@example.org" subject="via app">x</cfmail>ok"##,
        port,
    );
    assert_eq!(out, "ok");
    let _ = std::fs::remove_dir_all(&dir);

    let dir = temp_dir("confservers");
    let server = Struct::with_flags(true);
    server.set_str("smtp", Value::from("127.0.0.1"));
    server.set_str("port", Value::Num(f64::from(port)));
    let settings = Struct::with_flags(true);
    settings.set_str(
        "mailServers",
        Value::Array(Array::from_vec(vec![Value::Struct(server)])),
    );
    let engine = Engine::with_config(
        dir.clone(),
        EngineConfig {
            settings,
            ..EngineConfig::default()
        },
    );
    let out = run_in(
        &engine,
        &dir,
        r##"<cfmail from="s@example.com" to="conf@example.org" subject="via config">x</cfmail>ok"##,
        port,
    );
    assert_eq!(out, "ok");
    let _ = std::fs::remove_dir_all(&dir);
    let rcpts: Vec<String> = mails.lock().iter().flat_map(|m| m.rcpt.clone()).collect();
    assert_eq!(rcpts, vec!["<app@example.org>", "<conf@example.org>"]);
}
