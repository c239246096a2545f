//! Sending mail for `<cfmail>` / `mail {}` with `<cfmailparam>` and `<cfmailpart>`.
//!
//! Plain Rust, no registry entry (like `http`): the VM gathers the tag's attributes into a
//! struct, its body into text and its children into a [`MailDraft`], and calls [`send`], which
//! builds the MIME message and delivers it over SMTP before returning. There is no spool:
//! `spoolEnable`/`async` are accepted and the send is always synchronous, so a failure is an
//! `application` error the page can catch, carrying the server's reply.
//!
//! Files: `options` reads attributes and servers, `address` parses address lists, `encode`
//! holds the MIME encodings, `message` builds the message, `smtp` is the client.

mod address;
mod encode;
mod message;
mod options;
mod smtp;
#[cfg(test)]
mod smtp_tests;
#[cfg(test)]
mod tests;

pub use address::Address;
pub use options::MailServer;

use crate::conversion;
use message::Attachment;
use options::MailOptions;
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// What the body of one `<cfmail>` added: `<cfmailparam>`s and `<cfmailpart>`s, in order.
#[derive(Clone, Debug, Default)]
pub struct MailDraft {
    pub params: Vec<MailParam>,
    pub parts: Vec<MailPart>,
}

/// One `<cfmailparam>`: a header (`name` + `value`), or an attachment (`file`, or `content`
/// with `file` as its name).
#[derive(Clone, Debug, Default)]
pub struct MailParam {
    pub name: Option<String>,
    pub value: Option<String>,
    /// The file to attach, already resolved to a real path by the caller.
    pub file: Option<PathBuf>,
    /// The attachment's name as the recipient sees it (`fileName`; default: the file's name).
    pub file_name: Option<String>,
    /// `content`: the attachment's bytes, instead of reading `file`.
    pub content: Option<Vec<u8>>,
    /// `type`: the attachment's MIME type (default: from the file name).
    pub mime_type: Option<String>,
    /// `disposition`: `attachment` (default) or `inline`.
    pub disposition: Option<String>,
    /// `contentID`: for `<img src="cid:...">` in an HTML body.
    pub content_id: Option<String>,
    /// `remove`: delete the file after a successful send.
    pub remove: Option<bool>,
}

/// One `<cfmailpart type=... charset=... wraptext=...>` with its body.
#[derive(Clone, Debug)]
pub struct MailPart {
    pub mime_type: String,
    /// The charset's name as given (checked when the part is made).
    pub charset: Option<String>,
    pub wrap: Option<usize>,
    pub body: String,
}

impl MailPart {
    /// A part from its attributes: `type` (`text`/`plain`/`html` or a MIME type), `charset`,
    /// `wraptext`.
    pub fn new(attrs: &Struct, body: String) -> CfResult<MailPart> {
        let t = attrs
            .get_text("type")?
            .ok_or_else(|| CfmlError::application("cfmailpart requires [type]"))?;
        let lt = t.trim().to_ascii_lowercase();
        let mime_type = match lt.as_str() {
            "text" | "plain" | "text/plain" => "text/plain".to_string(),
            "html" | "htm" | "text/html" => "text/html".to_string(),
            other if other.contains('/') && !other.contains(['\r', '\n', ';']) => other.to_string(),
            _ => {
                return Err(CfmlError::application(format!(
                    "invalid cfmailpart type [{t}]"
                )))
            }
        };
        let charset = attrs.get_text("charset")?.filter(|c| !c.trim().is_empty());
        if let Some(c) = &charset {
            conversion::charset(c)?;
        }
        let wrap = match attrs.get("wraptext").filter(|v| !v.is_null()) {
            Some(w) => {
                let w = w.to_num()?;
                (w >= 1.0).then_some(w as usize)
            }
            None => None,
        };
        Ok(MailPart {
            mime_type,
            charset,
            wrap,
            body,
        })
    }
}

/// Send one message. `attrs` are the tag's attributes (keys case-insensitive; file paths such
/// as `mimeattach` already absolute), `body` the tag's generated content, `configured` the
/// application's or server's `mailServers` (used when the tag names no `server`).
pub fn send(
    attrs: &Struct,
    body: &str,
    draft: &MailDraft,
    configured: Option<&Value>,
) -> CfResult<()> {
    let opts = MailOptions::read(attrs, draft)?;
    let servers = options::servers(attrs, configured)?;
    let (message, removals) = compose(&opts, body, draft)?;
    let from = opts
        .fail_to
        .first()
        .or(opts.from.first())
        .map(|a| a.email.as_str())
        .unwrap_or("");
    let mut to: Vec<&str> = Vec::new();
    for a in opts.to.iter().chain(&opts.cc).chain(&opts.bcc) {
        if !to.iter().any(|t| t.eq_ignore_ascii_case(&a.email)) {
            to.push(&a.email);
        }
    }
    let envelope = smtp::Envelope { from, to };
    let tls = smtp::tls_config().map_err(|e| CfmlError::application(format!("TLS setup: {e}")))?;
    let mut last = String::new();
    for server in &servers {
        match smtp::send(server, &envelope, message.as_bytes(), opts.timeout, &tls) {
            Ok(()) => {
                for f in removals {
                    let _ = std::fs::remove_file(f);
                }
                return Ok(());
            }
            Err(smtp::Failure::Refused(m)) => return Err(CfmlError::application(m)),
            // Unreachable: Lucee moves on to the next server; the last one's error is raised.
            Err(smtp::Failure::Unreachable(m)) => last = m,
        }
    }
    Err(CfmlError::application(last))
}

/// The message text, and the files to delete after it is sent (`remove`).
fn compose(opts: &MailOptions, body: &str, draft: &MailDraft) -> CfResult<(String, Vec<PathBuf>)> {
    let texts = message::texts(opts, body, &draft.parts);
    let mut attachments = Vec::new();
    let mut removals = Vec::new();
    for path in &opts.attach {
        attachments.push(read_attachment(path, None, None, None, None)?);
        if opts.remove {
            removals.push(path.clone());
        }
    }
    for p in &draft.params {
        let att = match (&p.content, &p.file) {
            (Some(bytes), _) => {
                let name = p
                    .file
                    .as_ref()
                    .and_then(|f| f.file_name())
                    .map(|n| n.to_string_lossy().into_owned());
                attachment(
                    bytes.clone(),
                    p.file_name
                        .clone()
                        .or(name)
                        .unwrap_or_else(|| "attachment".into()),
                    p,
                )?
            }
            (None, Some(path)) => {
                if p.remove.unwrap_or(opts.remove) {
                    removals.push(path.clone());
                }
                read_attachment(
                    path,
                    p.file_name.as_deref(),
                    p.mime_type.as_deref(),
                    p.disposition.as_deref(),
                    p.content_id.as_deref(),
                )?
            }
            (None, None) => continue,
        };
        attachments.push(att);
    }
    let now = chrono::Local::now().to_rfc2822();
    Ok((
        message::build(opts, texts, attachments, &now, &unique()),
        removals,
    ))
}

fn read_attachment(
    path: &std::path::Path,
    file_name: Option<&str>,
    mime_type: Option<&str>,
    disposition: Option<&str>,
    content_id: Option<&str>,
) -> CfResult<Attachment> {
    let data = std::fs::read(path).map_err(|e| {
        CfmlError::application(format!(
            "can't attach file {}, this file doesn't exist or can't be read ({e})",
            path.display()
        ))
    })?;
    let name = file_name.map(str::to_string).unwrap_or_else(|| {
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "attachment".into())
    });
    let p = MailParam {
        mime_type: mime_type.map(str::to_string),
        disposition: disposition.map(str::to_string),
        content_id: content_id.map(str::to_string),
        ..MailParam::default()
    };
    attachment(data, name, &p)
}

/// An attachment with its type (given, else from the name) and disposition checked.
fn attachment(data: Vec<u8>, file_name: String, p: &MailParam) -> CfResult<Attachment> {
    let mime_type = match p
        .mime_type
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        Some(t) => {
            let ok = t.contains('/') && t.chars().all(|c| c.is_ascii_graphic() || c == ' ');
            if !ok || t.contains(';') {
                return Err(CfmlError::application(format!(
                    "invalid cfmailparam type [{t}]"
                )));
            }
            t.to_string()
        }
        None => crate::file::mime_by_extension(&file_name).to_string(),
    };
    let inline = match p
        .disposition
        .as_deref()
        .map(|d| d.trim().to_ascii_lowercase())
    {
        None => false,
        Some(d) if d.is_empty() || d == "attachment" => false,
        Some(d) if d == "inline" => true,
        Some(d) => {
            return Err(CfmlError::application(format!(
                "invalid cfmailparam disposition [{d}]: use attachment or inline"
            )))
        }
    };
    let content_id = match p
        .content_id
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        Some(id) => {
            let id = id.trim_start_matches('<').trim_end_matches('>');
            if !id
                .chars()
                .all(|c| c.is_ascii_graphic() && c != '<' && c != '>')
            {
                return Err(CfmlError::application(format!(
                    "invalid cfmailparam contentID [{id}]"
                )));
            }
            Some(id.to_string())
        }
        None => None,
    };
    if file_name.contains(['\r', '\n']) {
        return Err(CfmlError::application(
            "an attachment's file name must not contain line breaks",
        ));
    }
    Ok(Attachment {
        file_name,
        mime_type,
        inline,
        content_id,
        data,
    })
}

/// Unique text for a Message-ID and boundaries: time, process, a counter and randomness.
fn unique() -> String {
    static SEQ: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!(
        "{nanos:x}.{}.{}.{:016x}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed),
        rand::random::<u64>()
    )
}
