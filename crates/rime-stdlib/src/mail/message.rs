//! Building the RFC 5322 / MIME message: headers (Date, Message-ID, encoded-words, folding),
//! the body as one text part or a `multipart/alternative` of text and HTML, inline images in
//! `multipart/related`, attachments in `multipart/mixed`. Every line ends with CRLF; text is
//! `7bit` when it can be, quoted-printable otherwise; attachments are base64.

use super::address::header_list;
use super::encode::{self, fold};
use super::options::{self, MailOptions};
use crate::conversion::{self, Charset};

/// A text body: the tag's own, or one `<cfmailpart>`.
#[derive(Clone, Debug)]
pub(crate) struct TextPart {
    /// `text/plain`, `text/html` or another text type.
    pub mime_type: String,
    pub charset: Charset,
    pub label: String,
    pub text: String,
}

/// A file (or `content`) sent with the message.
#[derive(Clone, Debug)]
pub(crate) struct Attachment {
    pub file_name: String,
    pub mime_type: String,
    /// `disposition="inline"`: shown in the body (an image an HTML part refers to by cid).
    pub inline: bool,
    pub content_id: Option<String>,
    pub data: Vec<u8>,
}

/// A MIME entity: a leaf with its headers and encoded body, or a multipart of entities.
enum Node {
    Leaf {
        headers: Vec<String>,
        body: String,
    },
    Multi {
        subtype: &'static str,
        parts: Vec<Node>,
    },
}

/// Put the message together. `now` is the `Date` header's text; `unique` makes the Message-ID
/// and the boundaries unique.
pub(crate) fn build(
    o: &MailOptions,
    texts: Vec<TextPart>,
    attachments: Vec<Attachment>,
    now: &str,
    unique: &str,
) -> String {
    let (cs, label) = encode::header_charset(o.charset, &o.charset_label);
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut add = |name: &str, value: String| headers.push((name.to_string(), value));
    add("Date", now.to_string());
    add("From", header_list(&o.from, cs, label));
    if !o.to.is_empty() {
        add("To", header_list(&o.to, cs, label));
    }
    if !o.cc.is_empty() {
        add("Cc", header_list(&o.cc, cs, label));
    }
    if !o.reply_to.is_empty() {
        add("Reply-To", header_list(&o.reply_to, cs, label));
    }
    add("Subject", encode::unstructured(&o.subject, cs, label));
    let domain = o
        .from
        .first()
        .and_then(|a| a.email.rsplit_once('@'))
        .map_or("localhost", |(_, d)| d);
    add("Message-ID", format!("<{unique}@{domain}>"));
    add("MIME-Version", "1.0".to_string());
    add("X-Mailer", encode::unstructured(&o.mailer, cs, label));
    if let Some(p) = o.priority {
        add("X-Priority", p.to_string());
    }
    // A page's own header replaces the generated one of that name; the MIME structure is ours.
    for (name, value) in &o.headers {
        if ["content-type", "content-transfer-encoding", "mime-version"]
            .contains(&name.to_ascii_lowercase().as_str())
        {
            continue;
        }
        let value = encode::unstructured(value, cs, label);
        match headers
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(h) => h.1 = value,
            None => headers.push((name.clone(), value)),
        }
    }
    let mut out = String::new();
    for (name, value) in &headers {
        out.push_str(&fold(name, value));
        out.push_str("\r\n");
    }
    let root = structure(texts, attachments);
    let mut boundaries = 0;
    write_node(&root, &mut out, unique, &mut boundaries);
    out
}

/// The tree: alternatives of the texts, inline attachments related to the HTML part (or the
/// only body), other attachments mixed after the body.
fn structure(texts: Vec<TextPart>, attachments: Vec<Attachment>) -> Node {
    let (inline, attached): (Vec<Attachment>, Vec<Attachment>) =
        attachments.into_iter().partition(|a| a.inline);
    let mut leaves: Vec<(bool, Node)> = texts
        .into_iter()
        .map(|t| (t.mime_type.eq_ignore_ascii_case("text/html"), text_leaf(t)))
        .collect();
    if !inline.is_empty() {
        // The HTML part (else the last text) refers to the inline parts by cid.
        let at = leaves
            .iter()
            .position(|(html, _)| *html)
            .unwrap_or(leaves.len().saturating_sub(1));
        if at < leaves.len() {
            let (html, leaf) = leaves.remove(at);
            let mut parts = vec![leaf];
            parts.extend(inline.into_iter().map(attachment_leaf));
            leaves.insert(
                at,
                (
                    html,
                    Node::Multi {
                        subtype: "related",
                        parts,
                    },
                ),
            );
        }
    }
    let mut leaves: Vec<Node> = leaves.into_iter().map(|(_, n)| n).collect();
    let body = if leaves.len() == 1 {
        leaves.remove(0)
    } else {
        Node::Multi {
            subtype: "alternative",
            parts: leaves,
        }
    };
    if attached.is_empty() {
        return body;
    }
    let mut parts = vec![body];
    parts.extend(attached.into_iter().map(attachment_leaf));
    Node::Multi {
        subtype: "mixed",
        parts,
    }
}

fn text_leaf(t: TextPart) -> Node {
    let bytes = conversion::encode(&encode::crlf(&t.text), t.charset);
    let utf16 = matches!(
        t.charset,
        Charset::Utf16 | Charset::Utf16Be | Charset::Utf16Le
    );
    let (cte, body) = if utf16 {
        ("base64", encode::base64_lines(&bytes))
    } else if encode::is_7bit(&bytes) {
        ("7bit", String::from_utf8_lossy(&bytes).into_owned())
    } else {
        ("quoted-printable", encode::quoted_printable(&bytes))
    };
    Node::Leaf {
        headers: vec![
            fold(
                "Content-Type",
                &format!("{}; charset={}", t.mime_type, t.label),
            ),
            format!("Content-Transfer-Encoding: {cte}"),
        ],
        body,
    }
}

fn attachment_leaf(a: Attachment) -> Node {
    let mut headers = vec![
        fold(
            "Content-Type",
            &format!("{}; {}", a.mime_type, encode::param("name", &a.file_name)),
        ),
        "Content-Transfer-Encoding: base64".to_string(),
        fold(
            "Content-Disposition",
            &format!(
                "{}; {}",
                if a.inline { "inline" } else { "attachment" },
                encode::param("filename", &a.file_name)
            ),
        ),
    ];
    if let Some(id) = &a.content_id {
        headers.push(format!("Content-ID: <{id}>"));
    }
    Node::Leaf {
        headers,
        body: encode::base64_lines(&a.data),
    }
}

/// Write an entity: its headers, a blank line, its body. A multipart's parts each follow a
/// boundary line; the CRLF before a boundary belongs to the boundary (RFC 2046).
fn write_node(node: &Node, out: &mut String, unique: &str, boundaries: &mut u32) {
    match node {
        Node::Leaf { headers, body } => {
            for h in headers {
                out.push_str(h);
                out.push_str("\r\n");
            }
            out.push_str("\r\n");
            out.push_str(body);
        }
        Node::Multi { subtype, parts } => {
            *boundaries += 1;
            let boundary = format!("----=_Part_{boundaries}_{unique}");
            out.push_str(&format!(
                "Content-Type: multipart/{subtype};\r\n boundary=\"{boundary}\"\r\n\r\n"
            ));
            for part in parts {
                out.push_str(&format!("--{boundary}\r\n"));
                write_node(part, out, unique, boundaries);
                if !out.ends_with("\r\n") {
                    out.push_str("\r\n");
                }
            }
            out.push_str(&format!("--{boundary}--\r\n"));
        }
    }
}

/// The texts of a message: `<cfmailpart>`s when there are any (text first, HTML last, as
/// readers prefer the last alternative they can show), plus the tag's own body when it has
/// text and no part of its type exists; else the tag's body alone.
pub(crate) fn texts(o: &MailOptions, body: &str, parts: &[super::MailPart]) -> Vec<TextPart> {
    let own_type = if o.html { "text/html" } else { "text/plain" };
    let own = |text: &str| TextPart {
        mime_type: own_type.to_string(),
        charset: o.charset,
        label: o.charset_label.clone(),
        text: match o.wrap {
            Some(w) => encode::wrap_text(text, w),
            None => text.to_string(),
        },
    };
    if parts.is_empty() {
        return vec![own(body)];
    }
    let mut out: Vec<TextPart> = parts
        .iter()
        .map(|p| {
            let (charset, label) = match p
                .charset
                .as_deref()
                .and_then(|c| conversion::charset(c).ok())
            {
                Some(cs) => (cs, options::label(cs).to_string()),
                None => (o.charset, o.charset_label.clone()),
            };
            TextPart {
                mime_type: p.mime_type.clone(),
                charset,
                label,
                text: match p.wrap.or(o.wrap) {
                    Some(w) => encode::wrap_text(&p.body, w),
                    None => p.body.clone(),
                },
            }
        })
        .collect();
    if !body.trim().is_empty()
        && !out
            .iter()
            .any(|t| t.mime_type.eq_ignore_ascii_case(own_type))
    {
        out.push(own(body));
    }
    // Stable: plain text first, HTML last, others between in their order.
    out.sort_by_key(|t| {
        let m = t.mime_type.to_ascii_lowercase();
        match m.as_str() {
            "text/plain" => 0,
            "text/html" => 2,
            _ => 1,
        }
    });
    out
}
