//! Unit tests of the mail module: encodings, addresses, options and servers, and the message
//! structure. The SMTP client's tests are in `smtp_tests.rs`.

use super::address::{parse_list, Address};
use super::encode::*;
use super::options::{servers, MailOptions, MailServer};
use super::*;
use base64::Engine;
use rime_runtime::{Array, Key};

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

// ---------------------------------------------------------------------------------------------
// Encodings
// ---------------------------------------------------------------------------------------------

#[test]
fn line_ends_become_crlf() {
    assert_eq!(crlf("a\nb\r\nc\rd"), "a\r\nb\r\nc\r\nd");
}

#[test]
fn quoted_printable_breaks_long_lines_and_encodes_what_it_must() {
    assert_eq!(quoted_printable(b"a=b \r\nx\t"), "a=3Db=20\r\nx=09");
    assert_eq!(quoted_printable("é".as_bytes()), "=C3=A9");
    let long = "x".repeat(200);
    let qp = quoted_printable(long.as_bytes());
    assert!(qp.split("\r\n").all(|l| l.len() <= 76), "{qp}");
    assert_eq!(qp.replace("=\r\n", ""), long);
}

#[test]
fn base64_lines_are_76_wide() {
    let data = vec![7u8; 300];
    let out = base64_lines(&data);
    assert!(out.ends_with("\r\n"));
    assert!(out.trim_end().split("\r\n").all(|l| l.len() <= 76));
    let joined: String = out.split("\r\n").collect();
    assert_eq!(
        base64::engine::general_purpose::STANDARD
            .decode(joined)
            .ok(),
        Some(data)
    );
}

#[test]
fn encoded_words_stay_short_and_decode_back() {
    let text = "Grüße aus Köln — ünïcödé ".repeat(4);
    let words = encoded_words(&text, crate::conversion::Charset::Utf8, "UTF-8");
    let mut decoded = Vec::new();
    for w in words.split(' ') {
        assert!(w.len() <= 75, "{w}");
        let inner = w
            .strip_prefix("=?UTF-8?B?")
            .and_then(|w| w.strip_suffix("?="))
            .unwrap_or_default();
        decoded.extend(
            base64::engine::general_purpose::STANDARD
                .decode(inner)
                .unwrap_or_default(),
        );
    }
    assert_eq!(String::from_utf8_lossy(&decoded), text);
    assert_eq!(
        unstructured("plain ascii", crate::conversion::Charset::Utf8, "UTF-8"),
        "plain ascii"
    );
}

#[test]
fn long_headers_fold_at_spaces() {
    let value = (0..30)
        .map(|i| format!("w{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    let h = fold("Subject", &value);
    assert!(h.split("\r\n").all(|l| l.len() <= 78), "{h}");
    assert!(h.split("\r\n").skip(1).all(|l| l.starts_with(' ')));
    assert_eq!(h.replace("\r\n", ""), format!("Subject: {value}"));
}

#[test]
fn parameters_quote_or_use_rfc2231() {
    assert_eq!(
        param("filename", "a \"b\".txt"),
        "filename=\"a \\\"b\\\".txt\""
    );
    assert_eq!(param("filename", "ü.txt"), "filename*=UTF-8''%C3%BC.txt");
}

#[test]
fn wraptext_breaks_at_the_last_space() {
    assert_eq!(wrap_text("aaa bbb ccc", 7), "aaa bbb\nccc");
    assert_eq!(wrap_text("abcdefghij", 4), "abcd\nefgh\nij");
    assert_eq!(wrap_text("one two\r\nthree", 5), "one\ntwo\r\nthree");
}

// ---------------------------------------------------------------------------------------------
// Addresses and options
// ---------------------------------------------------------------------------------------------

#[test]
fn address_lists_parse_every_form() {
    let list = parse_list(
        r#"a@x.com, "Doe, Jane" <jane@x.org>; Bob Smith<bob@y.net>, <c@z.io>, d@w.com (Dee)"#,
        "to",
    );
    let Ok(list) = list else {
        panic!("parse failed: {list:?}");
    };
    let forms: Vec<(Option<&str>, &str)> = list
        .iter()
        .map(|a| (a.name.as_deref(), a.email.as_str()))
        .collect();
    assert_eq!(
        forms,
        vec![
            (None, "a@x.com"),
            (Some("Doe, Jane"), "jane@x.org"),
            (Some("Bob Smith"), "bob@y.net"),
            (None, "c@z.io"),
            (Some("Dee"), "d@w.com"),
        ]
    );
    for bad in [
        "nobody",
        "a@",
        "a b@x.com",
        "x@y.com\r\nBcc: evil@z.com",
        "a@b..c",
    ] {
        assert!(parse_list(bad, "to").is_err(), "{bad}");
    }
}

#[test]
fn display_names_are_quoted_or_encoded() {
    let cs = crate::conversion::Charset::Utf8;
    let a = |n: &str| Address {
        name: Some(n.into()),
        email: "a@b.c".into(),
    };
    assert_eq!(a("Jane Doe").header_form(cs, "UTF-8"), "Jane Doe <a@b.c>");
    assert_eq!(
        a("Doe, Jane").header_form(cs, "UTF-8"),
        "\"Doe, Jane\" <a@b.c>"
    );
    assert_eq!(
        a("Jürgen").header_form(cs, "UTF-8"),
        format!("=?UTF-8?B?{}?= <a@b.c>", b64("Jürgen"))
    );
}

#[test]
fn options_need_from_and_a_recipient_and_check_headers() {
    let draft = MailDraft::default();
    assert!(MailOptions::read(&attrs(&[("to", "a@b.c")]), &draft).is_err());
    assert!(MailOptions::read(&attrs(&[("from", "a@b.c")]), &draft).is_err());
    let mut draft = MailDraft::default();
    draft.params.push(MailParam {
        name: Some("X-Evil".into()),
        value: Some("1\r\nBcc: victim@x.com".into()),
        ..MailParam::default()
    });
    let base = attrs(&[("from", "a@b.c"), ("to", "d@e.f")]);
    assert!(MailOptions::read(&base, &draft).is_err());
    let mut draft = MailDraft::default();
    draft.params.push(MailParam {
        name: Some("cc".into()),
        value: Some("g@h.i".into()),
        ..MailParam::default()
    });
    let o = MailOptions::read(&base, &draft).map_err(|e| e.message.clone());
    assert_eq!(o.map(|o| o.cc.len()), Ok(1));
    let bad_type = attrs(&[("from", "a@b.c"), ("to", "d@e.f"), ("type", "pdf")]);
    assert!(MailOptions::read(&bad_type, &MailDraft::default()).is_err());
}

#[test]
fn servers_come_from_the_attribute_or_the_configuration() {
    let list = servers(
        &attrs(&[
            ("server", "smtp.a.com, u:p@smtp.b.com:2525, [::1]:26"),
            ("port", "587"),
            ("useTLS", "true"),
        ]),
        None,
    )
    .map_err(|e| e.message.clone());
    let Ok(list) = list else {
        panic!("{list:?}");
    };
    assert_eq!(list.len(), 3);
    assert_eq!(
        (list[0].host.as_str(), list[0].port, list[0].tls),
        ("smtp.a.com", 587, true)
    );
    assert_eq!(
        (
            list[1].port,
            list[1].username.as_deref(),
            list[1].password.as_deref()
        ),
        (2525, Some("u"), Some("p"))
    );
    assert_eq!((list[2].host.as_str(), list[2].port), ("::1", 26));

    let conf = Struct::with_flags(true);
    conf.set_str("smtp", Value::from("mail.example.com"));
    conf.set_str("port", Value::Num(465.0));
    conf.set_str("ssl", Value::Bool(true));
    conf.set_str("username", Value::from("me"));
    let configured = Value::Array(Array::from_vec(vec![Value::Struct(conf)]));
    let list = servers(&Struct::new(), Some(&configured)).map_err(|e| e.message.clone());
    assert_eq!(
        list,
        Ok(vec![MailServer {
            host: "mail.example.com".into(),
            port: 465,
            username: Some("me".into()),
            password: None,
            ssl: true,
            tls: false,
        }])
    );
    let none = servers(&Struct::new(), None).map_err(|e| e.message.clone());
    assert!(matches!(none, Err(m) if m.contains("no SMTP Server defined")));
    assert!(servers(&attrs(&[("server", "bad host\r\n")]), None).is_err());
}

// ---------------------------------------------------------------------------------------------
// Message structure
// ---------------------------------------------------------------------------------------------

fn compose_text(pairs: &[(&str, &str)], body: &str, draft: &MailDraft) -> String {
    let a = attrs(pairs);
    let o = MailOptions::read(&a, draft).map_err(|e| e.message.clone());
    let Ok(o) = o else {
        panic!("{o:?}");
    };
    match compose(&o, body, draft) {
        Ok((m, _)) => m,
        Err(e) => panic!("{}", e.message),
    }
}

#[test]
fn a_plain_message_has_the_standard_headers_and_crlf_lines() {
    let m = compose_text(
        &[
            ("from", "Sender <s@example.com>"),
            ("to", "r@example.org"),
            ("bcc", "hidden@example.org"),
            ("subject", "Hi"),
            ("priority", "high"),
        ],
        "line one\nline two\n",
        &MailDraft::default(),
    );
    for h in [
        "From: Sender <s@example.com>\r\n",
        "To: r@example.org\r\n",
        "Subject: Hi\r\n",
        "MIME-Version: 1.0\r\n",
        "X-Priority: 2\r\n",
        "Content-Type: text/plain; charset=UTF-8\r\n",
        "Content-Transfer-Encoding: 7bit\r\n",
    ] {
        assert!(m.contains(h), "{h} missing in\n{m}");
    }
    assert!(m.starts_with("Date: "));
    assert!(m.contains("Message-ID: <") && m.contains("@example.com>\r\n"));
    assert!(
        !m.to_ascii_lowercase().contains("hidden@"),
        "bcc leaked:\n{m}"
    );
    assert!(m.ends_with("\r\n\r\nline one\r\nline two\r\n"));
    assert!(!m.replace("\r\n", "").contains('\n'));
}

#[test]
fn text_and_html_parts_are_alternatives_and_files_are_mixed_in() {
    let dir = std::env::temp_dir().join(format!("rime-mail-unit-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("report.csv");
    let _ = std::fs::write(&file, "a,b\n1,2\n");
    let part = |t: &str, body: &str| MailPart::new(&attrs(&[("type", t)]), body.into());
    let (Ok(text), Ok(html)) = (part("text", "plain ünicode"), part("html", "<b>bold</b>")) else {
        panic!("parts");
    };
    let draft = MailDraft {
        params: vec![MailParam {
            file: Some(file.clone()),
            ..MailParam::default()
        }],
        parts: vec![html, text],
    };
    let m = compose_text(&[("from", "s@x.com"), ("to", "r@y.com")], "\n  \n", &draft);
    let mixed = m.find("multipart/mixed").unwrap_or(usize::MAX);
    let alt = m.find("multipart/alternative").unwrap_or(usize::MAX);
    let plain = m.find("text/plain").unwrap_or(usize::MAX);
    let htmlp = m.find("text/html").unwrap_or(usize::MAX);
    let csv = m
        .find("Content-Disposition: attachment; filename=\"report.csv\"")
        .unwrap_or(usize::MAX);
    assert!(
        mixed < alt && alt < plain && plain < htmlp && htmlp < csv,
        "{m}"
    );
    assert!(m.contains("Content-Transfer-Encoding: quoted-printable\r\n\r\nplain =C3=BCnicode"));
    assert!(m.contains(&base64_lines(b"a,b\n1,2\n")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn inline_images_are_related_to_the_html() {
    let draft = MailDraft {
        params: vec![MailParam {
            file: Some(std::path::PathBuf::from("logo.png")),
            content: Some(vec![1, 2, 3]),
            disposition: Some("inline".into()),
            content_id: Some("logo".into()),
            ..MailParam::default()
        }],
        parts: Vec::new(),
    };
    let m = compose_text(
        &[("from", "s@x.com"), ("to", "r@y.com"), ("type", "html")],
        "<img src=\"cid:logo\">",
        &draft,
    );
    assert!(m.contains("Content-Type: multipart/related;"), "{m}");
    assert!(
        m.contains("Content-Type: image/png; name=\"logo.png\""),
        "{m}"
    );
    assert!(m.contains("Content-Disposition: inline; filename=\"logo.png\""));
    assert!(m.contains("Content-ID: <logo>"));
}

#[test]
fn the_charset_attribute_encodes_body_and_headers() {
    let m = compose_text(
        &[
            ("from", "René <r@x.com>"),
            ("to", "t@y.com"),
            ("subject", "café"),
            ("charset", "iso-8859-1"),
        ],
        "déjà vu",
        &MailDraft::default(),
    );
    assert!(
        m.contains("Content-Type: text/plain; charset=ISO-8859-1\r\n"),
        "{m}"
    );
    assert!(m.contains("\r\n\r\nd=E9j=E0 vu"), "{m}");
    let subject = format!(
        "Subject: =?ISO-8859-1?B?{}?=\r\n",
        base64::engine::general_purpose::STANDARD.encode(b"caf\xe9")
    );
    assert!(m.contains(&subject), "{m}");
    assert!(compose_text_err(&[
        ("from", "a@b.c"),
        ("to", "d@e.f"),
        ("charset", "klingon")
    ]));
}

fn compose_text_err(pairs: &[(&str, &str)]) -> bool {
    MailOptions::read(&attrs(pairs), &MailDraft::default()).is_err()
}
